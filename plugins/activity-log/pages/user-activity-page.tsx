import { RecentAnswers, useService, AreaPage } from '@core';
import { Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityApi } from '../api/activity-api';
import { ActivityLogView } from '../components/activity-log-view';
import { SessionsPanel } from '../components/sessions-panel';
import { SignInChart } from '../components/sign-in-chart';
import { SessionsStore } from '../stores/sessions-store';
import '../components/activity-log.css';

/**
 * `/user/active-log`: the user's own activity (their sign-ins of the last 30 days as a chart above the log) and
 * signed-in sessions, a tab of the user area (`user-area` slot).
 */
export default function UserActivityPage() {
  const { t } = useTranslation('activity-log');
  const api = useService(ActivityApi);
  const answers = useService(RecentAnswers);
  const headingId = useId();
  const [sessions] = useState(() => new SessionsStore(api, answers));
  return (
    <AreaPage area="user-area">
      <SessionsPanel store={sessions} />
      <section aria-labelledby={headingId} className="activity-section">
        <Typography.Title level={2} id={headingId} className="activity-panel__title">
          {t('user.heading')}
        </Typography.Title>
        <SignInChart />
        <ActivityLogView type="user" />
      </section>
    </AreaPage>
  );
}
