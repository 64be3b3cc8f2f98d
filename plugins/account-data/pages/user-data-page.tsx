import { RouteSlot } from '@core';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataExportPanel } from '../components/data-export-panel';
import { DeleteAccountPanel } from '../components/delete-account-panel';
import '../components/account-data.css';

/** `/user/data`: "Your data and leaving" (docs/account-settings.md), a tab of the user area (`user-area` slot). */
export default function UserDataPage() {
  const { t } = useTranslation('account-data');
  return (
    <div className="account-data-page">
      <Typography.Title level={1} className="account-data-page__title">
        {t('title')}
      </Typography.Title>
      <RouteSlot
        name="user-area"
        label={t('userArea')}
      />
      <DataExportPanel />
      <DeleteAccountPanel />
    </div>
  );
}
