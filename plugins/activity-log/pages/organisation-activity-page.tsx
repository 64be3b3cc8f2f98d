import { RouteSlot, SessionStore, useService } from '@core';
import { Spin, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityApi } from '../api/activity-api-token';
import { ActivityLogView } from '../components/activity-log-view';
import '../components/activity-log.css';

type Access = 'checking' | 'allowed' | 'denied';

/**
 * Whether the user's role holds `activity.view` now, as the server says (GET /v1/acl/me): any role may hold it, so
 * the role's name decides nothing. A failed check shows the log, whose own call the server refuses or allows.
 */
function useActivityAccess(api: ActivityApi): Access {
  const [access, setAccess] = useState<Access>('checking');
  useEffect(() => {
    const controller = new AbortController();
    api.myPermissions(controller.signal).then(
      ({ data }) =>
        setAccess(data.role === 'owner' || data.permissions.includes('activity.view') ? 'allowed' : 'denied'),
      () => {
        if (!controller.signal.aborted) setAccess('allowed');
      },
    );
    return () => controller.abort();
  }, [api]);
  return access;
}

/**
 * `/organisation/activity`: who did what in the organisation of the access token, for holders of `activity.view`
 * (the server checks it on every call), a tab of the organisation area (`organisation-area` slot).
 */
const OrganisationActivityPage = observer(function OrganisationActivityPage() {
  const { t } = useTranslation('activity-log');
  const { t: tCore } = useTranslation('core');
  const session = useService(SessionStore);
  const access = useActivityAccess(useService(ActivityApi));
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
      {access === 'checking' && <Spin />}
      {access === 'denied' && (
        // The words of core's route guard: to the user this is the same refusal.
        <div role="alert" className="portal-denied">
          {tCore('guards.roleDenied')}
        </div>
      )}
      {access === 'allowed' && (
        <>
          <p className="activity-page__intro">
            {t('organisation.intro', { organization: session.activeOrganization?.organizationName ?? '' })}
          </p>
          <ActivityLogView type="organisation" />
        </>
      )}
    </div>
  );
});
export default OrganisationActivityPage;
