import { useService, AreaPage } from '@core';
import { Alert, Button, Spin, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrganisationApi } from '../api/organisation-api';
import { IpAllowListForm } from '../components/ip-allow-list-form';
import { ScheduledJobsForm } from '../components/scheduled-jobs-form';
import { OrganisationSettingsStore } from '../stores/organisation-settings-store';
import '../components/organisation.css';

/** `/organisation/settings` (docs/access-control.md): the IP allow-list and the scheduled jobs. */
const OrganisationSettingsPage = observer(function OrganisationSettingsPage() {
  const { t } = useTranslation('organisation-acl');
  const api = useService(OrganisationApi);
  const ipId = useId();
  const jobsId = useId();
  const [store] = useState(() => new OrganisationSettingsStore(api));
  useEffect(() => store.start(), [store]);

  return (
    <AreaPage area="organisation-area">
      {store.status === 'loading' && (
        <div className="org-state" role="status">
          <Spin />
          <span>{t('settings.loading')}</span>
        </div>
      )}
      {store.status === 'failed' && (
        <Alert
          type="error"
          showIcon
          message={t('settings.loadFailed')}
          action={<Button onClick={() => void store.load()}>{t('retry')}</Button>}
        />
      )}
      {store.status === 'ready' && (
        <>
          <section className="org-panel" aria-labelledby={ipId}>
            <Typography.Title level={2} id={ipId} className="org-panel__title">
              {t('settings.ip.title')}
            </Typography.Title>
            <IpAllowListForm store={store} />
          </section>
          <section className="org-panel" aria-labelledby={jobsId}>
            <Typography.Title level={2} id={jobsId} className="org-panel__title">
              {t('settings.jobs.title')}
            </Typography.Title>
            <ScheduledJobsForm store={store} />
          </section>
        </>
      )}
    </AreaPage>
  );
});

export default OrganisationSettingsPage;
