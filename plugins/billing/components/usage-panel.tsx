import { ChartFigure, useDateFormat, type ChartPoint, type ChartSeries } from '@core';
import type { UsageMonth } from '@contract/v1/charts';
import { Spin, theme, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../format/money';
import type { UsageHistoryStore } from '../stores/usage-history-store';
import { LoadFailed } from './list-state';
import { useUnits } from './money';
import { UsageMeter } from './usage-meter';

/** A `YYYY-MM` month as a date the formatters take (its first day, in UTC so no zone moves it to the month before). */
const firstDay = (month: string) => new Date(`${month}-01T00:00:00Z`);

/**
 * The subscription page's usage: the current bucket as a meter (units used of units bought) and the units used in
 * each of the last 12 months as stacked bars (from the buckets, then pay-as-you-go), with a text summary and a table
 * for screen readers.
 */
export const UsagePanel = observer(function UsagePanel({ store }: { store: UsageHistoryStore }) {
  const { t, i18n } = useTranslation('billing');
  const { token } = theme.useToken();
  const dates = useDateFormat();
  const units = useUnits();
  const headingId = useId();
  const data = store.data;
  const monthName = (month: string, style: 'short' | 'long') =>
    new Intl.DateTimeFormat(i18n.language, {
      month: style,
      ...(style === 'long' ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    }).format(firstDay(month));
  const series: ChartSeries[] = [
    { key: 'fromBucket', label: t('usage.fromBucket'), color: token.colorPrimary },
    // antd's orange-7: 3.9:1 on white, as a graphic needs (its warning yellow is under 2:1).
    { key: 'payAsYouGo', label: t('usage.payAsYouGo'), color: token['orange-7'] },
  ];
  const points: ChartPoint[] = (data?.months ?? []).map((m: UsageMonth) => ({
    key: m.month,
    label: monthName(m.month, 'short'),
    fullLabel: monthName(m.month, 'long'),
    values: { fromBucket: m.fromBucket, payAsYouGo: m.payAsYouGo },
  }));
  const totalOf = (m: UsageMonth) => m.fromBucket + m.payAsYouGo;
  const months = data?.months ?? [];
  const peak = months.reduce<UsageMonth | null>(
    (best, m) => (!best || totalOf(m) > totalOf(best) ? m : best),
    null,
  );
  const bucket = data?.currentBucket;

  return (
    <section className="billing-panel" aria-labelledby={headingId}>
      <Typography.Title level={2} id={headingId} className="billing-panel__title">
        {t('usage.title')}
      </Typography.Title>
      {store.status === 'failed' && (
        <LoadFailed message={t('usage.loadFailed')} onRetry={() => void store.load()} />
      )}
      {store.status === 'loading' && !data && (
        <div className="billing-state">
          <div role="status" aria-label={t('loading')}>
            <Spin />
          </div>
        </div>
      )}
      {data && (
        <>
          {bucket ? (
            <UsageMeter
              label={t('usage.bucketMeter')}
              value={bucket.unitsUsed}
              max={bucket.unitsBought}
              valueText={t('usage.bucketValue', {
                used: units(bucket.unitsUsed),
                bought: units(bucket.unitsBought),
                percent: formatPercent(
                  bucket.unitsBought > 0 ? bucket.unitsUsed / bucket.unitsBought : 0,
                  i18n.language,
                ),
              })}
              hint={t('usage.bucketUntil', { date: dates.date(bucket.periodEnd) })}
            />
          ) : (
            <Typography.Paragraph>{t('usage.noBucket')}</Typography.Paragraph>
          )}
          <div className="billing-usage__chart">
            <ChartFigure
              title={t('usage.chartTitle')}
              summary={t('usage.chartSummary', {
                total: units(months.reduce((sum, m) => sum + totalOf(m), 0)),
                payg: units(months.reduce((sum, m) => sum + m.payAsYouGo, 0)),
                thisMonth: units(months.length > 0 ? totalOf(months[months.length - 1]!) : 0),
                peak: units(peak ? totalOf(peak) : 0),
                peakMonth: peak ? monthName(peak.month, 'long') : '',
              })}
              emptyText={t('usage.chartEmpty')}
              pointHeader={t('usage.month')}
              points={points}
              series={series}
              formatValue={units}
              headingLevel={3}
            />
          </div>
        </>
      )}
    </section>
  );
});
