import {
  AppPage,
  PluginRegistry,
  PortalConfig,
  RecentAnswers,
  roleLabel,
  SessionStore,
  useService,
} from '@core';
import { Col, Row, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppsApi } from '../api/apps-api';
import { AppCard } from '../components/app-card';
import { AppDashboardStore } from '../stores/app-dashboard-store';
import '../components/apps.css';

// Loaded when shown, in their own Suspense with nothing in their place meanwhile (dashboard-notices.tsx says why).
const LoadFailedNotice = lazy(() =>
  import('../components/dashboard-notices').then((notices) => ({ default: notices.LoadFailedNotice })),
);
const NoAppsNotice = lazy(() =>
  import('../components/dashboard-notices').then((notices) => ({ default: notices.NoAppsNotice })),
);

/** `/dashboard/apps`: 'Document Collaboration Apps', 3 cards per row from medium screens, 2 on small, 1 on extra small. */
const AppsPage = observer(function AppsPage() {
  const { t } = useTranslation('apps');
  const api = useService(AppsApi);
  const session = useService(SessionStore);
  const config = useService(PortalConfig);
  const registry = useService(PluginRegistry);
  const answers = useService(RecentAnswers);
  const [store] = useState(
    () =>
      new AppDashboardStore(api, session, answers, {
        tabPrefix: config.appTabPrefix,
        manageRule: registry.roleRules['apps.manage'],
      }),
  );
  useEffect(() => store.start(), [store]);

  const organization = session.activeOrganization;
  const role = session.role ?? organization?.role;

  return (
    <AppPage
      title={t('dashboard.title')}
      intro={
        organization &&
        role &&
        t('dashboard.context', {
          organization:
            organization.accountType === 'personal' ? t('dashboard.personal') : organization.organizationName,
          role: roleLabel(t, role, session.roleName),
        })
      }
    >
      {store.status === 'loading' && (
        <div className="apps-dashboard__state" role="status">
          <Spin />
          <span>{t('dashboard.loading')}</span>
        </div>
      )}
      <Suspense fallback={null}>
        {store.status === 'failed' && <LoadFailedNotice onRetry={() => void store.load()} />}
        {store.status === 'ready' && store.apps.length === 0 && <NoAppsNotice />}
      </Suspense>
      {store.status === 'ready' && store.apps.length > 0 && (
        <Row gutter={[24, 24]} role="list" aria-label={t('dashboard.title')}>
          {store.apps.map((app) => (
            <Col key={app.id} xs={24} sm={12} md={8} role="listitem">
              <AppCard
                app={app}
                launching={store.isLaunching(app.id)}
                processing={store.processingId === app.id}
                canManage={store.canManage}
                onLaunch={store.launch}
                onSetEnabled={(target, enabled) => void store.setEnabled(target, enabled)}
              />
            </Col>
          ))}
        </Row>
      )}
    </AppPage>
  );
});

export default AppsPage;
