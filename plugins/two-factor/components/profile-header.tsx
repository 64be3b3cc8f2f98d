import { useDateFormat } from '@core';
import type { UserInfo } from '@contract/v1/index';
import { Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';

/** First and last name, and 'Registered since' with the date in the organisation's region (else the deployment's). */
export const ProfileHeader = observer(function ProfileHeader({ info }: { info: UserInfo }) {
  const { t } = useTranslation('two-factor');
  const dates = useDateFormat();
  return (
    <header className="two-factor-profile-header">
      <Typography.Title level={2} className="two-factor-panel__title">
        {info.name.first} {info.name.last}
      </Typography.Title>
      <Typography.Text type="secondary">
        {t('profile.registeredSince', { date: dates.date(info.registeredOn) })}
      </Typography.Text>
    </header>
  );
});
