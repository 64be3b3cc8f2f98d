import {
  ChartFigure,
  PortalConfig,
  regionalFormatOptions,
  SessionStore,
  useService,
  type ChartPoint,
  type ChartSeries,
} from '@core';
import { Alert, Button, Spin, theme } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityApi } from '../api/activity-api';
import { SignInHistoryStore } from '../stores/sign-in-history-store';

/** A `YYYY-MM-DD` day as a date the formatters take (its midnight in UTC, so no zone moves it to the day before). */
const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * The user's sign-ins over the last 30 days as a small chart above their log (issue #39): those that let them in,
 * and the refused attempts stacked on top in the error colour, with a summary and a table for screen readers. Days
 * are those of the zone the log shows times in.
 */
export const SignInChart = observer(function SignInChart() {
  const { t, i18n } = useTranslation('activity-log');
  const { token } = theme.useToken();
  const api = useService(ActivityApi);
  const session = useService(SessionStore);
  const config = useService(PortalConfig);
  const { timeZone } = regionalFormatOptions(session.regionalConfig, config.region);
  const [store] = useState(() => new SignInHistoryStore(api, timeZone));
  useEffect(() => store.start(), [store]);

  const count = new Intl.NumberFormat(i18n.language);
  const dayName = (day: string, style: 'short' | 'long') =>
    new Intl.DateTimeFormat(i18n.language, {
      day: 'numeric',
      month: style,
      ...(style === 'long' ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    }).format(dayDate(day));
  const series: ChartSeries[] = [
    { key: 'succeeded', label: t('signIns.succeeded'), color: token.colorPrimary },
    { key: 'failed', label: t('signIns.failed'), color: token.colorError },
  ];
  const points: ChartPoint[] = store.days.map((d) => ({
    key: d.day,
    label: dayName(d.day, 'short'),
    fullLabel: dayName(d.day, 'long'),
    values: { succeeded: d.succeeded, failed: d.failed },
  }));
  const succeeded = store.days.reduce((sum, d) => sum + d.succeeded, 0);
  const failed = store.days.reduce((sum, d) => sum + d.failed, 0);
  const lastRefused = [...store.days].reverse().find((d) => d.failed > 0);
  const summary = [
    t('signIns.summary', { succeeded: count.format(succeeded), failed: count.format(failed) }),
    lastRefused ? t('signIns.lastRefused', { date: dayName(lastRefused.day, 'long') }) : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="activity-panel activity-sign-ins">
      {store.status === 'failed' && (
        <Alert
          type="error"
          showIcon
          message={t('signIns.loadFailed')}
          action={<Button onClick={() => void store.load()}>{t('signIns.retry')}</Button>}
        />
      )}
      {store.status === 'loading' && store.days.length === 0 && (
        <div role="status" aria-label={t('signIns.loading')} className="activity-sign-ins__loading">
          <Spin />
        </div>
      )}
      {store.status === 'ready' && (
        <ChartFigure
          title={t('signIns.title')}
          summary={summary}
          emptyText={t('signIns.empty')}
          pointHeader={t('signIns.day')}
          points={points}
          series={series}
          formatValue={(value) => count.format(value)}
          labelEvery={7}
          height={160}
        />
      )}
    </div>
  );
});
