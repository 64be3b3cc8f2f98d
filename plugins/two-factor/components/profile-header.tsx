import { formatDate, PortalConfig, useService } from '@core';
import type { UserInfo } from '@contract/v1/index';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** First and last name, and 'Registered since' with the date in the deployment's region (spec §2.7). */
export function ProfileHeader({ info }: { info: UserInfo }) {
  const { t } = useTranslation('two-factor');
  const config = useService(PortalConfig);
  return (
    <header className="two-factor-profile-header">
      <Typography.Title level={2} className="two-factor-panel__title">
        {info.name.first} {info.name.last}
      </Typography.Title>
      <Typography.Text type="secondary">
        {t('profile.registeredSince', { date: formatDate(info.registeredOn, { timeZone: config.region.timeZone }) })}
      </Typography.Text>
    </header>
  );
}
