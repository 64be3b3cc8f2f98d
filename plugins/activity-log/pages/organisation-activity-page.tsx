import { RouteSlot, SessionStore, useService } from '@core';
import { Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { ActivityLogView } from '../components/activity-log-view';
import '../components/activity-log.css';

/**
 * `/organisation/activity`: who did what in the organisation of the access token, for holders of `activity.view`
 * (the server checks it on every call), a tab of the organisation area (`organisation-area` slot).
 */
const OrganisationActivityPage = observer(function OrganisationActivityPage() {
  const { t } = useTranslation('activity-log');
  const session = useService(SessionStore);
  return (
    <div className="activity-page">
      <Typography.Title level={1} className="activity-page__title">
        {t('organisation.title')}
      </Typography.Title>
      <RouteSlot
        name="organisation-area"
        label={t('organisationArea')}
        className="activity-nav"
        linkClassName="activity-nav__link"
      />
      <p className="activity-page__intro">
        {t('organisation.intro', { organization: session.activeOrganization?.organizationName ?? '' })}
      </p>
      <ActivityLogView type="organisation" />
    </div>
  );
});
export default OrganisationActivityPage;
