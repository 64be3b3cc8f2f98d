import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangePasswordPanel } from '../components/change-password-panel';
import { SecondFactorPanels } from '../components/second-factor-panels';
import { UserPagesNav } from '../components/user-pages-nav';
import '../components/two-factor.css';

/** /user/security: the password and the second factors; where the enforced-2FA notice's Proceed leads (docs/two-factor.md). */
export default function UserSecurityPage() {
  const { t } = useTranslation('two-factor');
  return (
    <div className="two-factor-page">
      <Typography.Title level={1} className="two-factor-page__title">
        {t('pages.profile')}
      </Typography.Title>
      <UserPagesNav />
      <ChangePasswordPanel />
      <SecondFactorPanels />
    </div>
  );
}
