import { AreaPage } from '@core';
import { DataExportPanel } from '../components/data-export-panel';
import { DeleteAccountPanel } from '../components/delete-account-panel';
import '../components/account-data.css';

/** `/user/data`: "Your data and leaving" (docs/account-settings.md), a tab of the user area (`user-area` slot). */
export default function UserDataPage() {
  return (
    <AreaPage area="user-area">
      <DataExportPanel />
      <DeleteAccountPanel />
    </AreaPage>
  );
}
