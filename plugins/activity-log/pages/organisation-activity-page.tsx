import { SessionStore, useOrganizationAccess, useService, AreaPage } from '@core';
import { Spin } from 'antd';
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
  const { t: tCore } = useTranslation('core');
  const session = useService(SessionStore);
  // Any role may hold `activity.view`, so the role's name decides nothing: what the server says it holds now does.
  // A failed check shows the log, whose own call the server refuses or allows.
  const access = useOrganizationAccess();
  const allowed = access.status === 'failed' || (access.status === 'ready' && access.can('activity.view'));
  return (
    <AreaPage
      area="organisation-area"
      intro={
        allowed &&
        t('organisation.intro', { organization: session.activeOrganization?.organizationName ?? '' })
      }
    >
      {access.status === 'loading' && <Spin />}
      {access.status === 'ready' && !allowed && (
        // The words of core's route guard: to the user this is the same refusal.
        <div role="alert" className="portal-denied">
          {tCore('guards.roleDenied')}
        </div>
      )}
      {allowed && <ActivityLogView type="organisation" />}
    </AreaPage>
  );
});
export default OrganisationActivityPage;
