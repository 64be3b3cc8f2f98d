import { AreaPage } from '@core';
import { ChangePasswordPanel } from '../components/change-password-panel';
import { SecondFactorPanels } from '../components/second-factor-panels';
import '../components/two-factor.css';

/** /user/security: the password and the second factors; where the enforced-2FA notice's Proceed leads (docs/two-factor.md). */
export default function UserSecurityPage() {
  return (
    <AreaPage area="user-area">
      <ChangePasswordPanel />
      <SecondFactorPanels />
    </AreaPage>
  );
}
