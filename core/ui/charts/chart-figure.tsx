import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { directionOf } from '../../i18n/i18n';
import type { BarChartProps, ChartPoint, ChartSeries } from './chart-types';
import './chart-figure.css';

// The drawing library (visx) comes with the first chart shown, in a chunk of its own: no page's first paint counts it.
const BarChart = /* @__PURE__ */ lazy(() => import('./bar-chart'));

export interface ChartFigureProps extends Omit<BarChartProps, 'direction'> {
  /** The figure's heading; also the table alternative's caption. */
  title: string;
  headingLevel?: 2 | 3;
  /** The numbers in a sentence or two, shown under the heading: what a reader should take from the picture. */
  summary: string;
  /** Shown instead of the picture when every value is zero. */
  emptyText: string;
  /** The first column's header in the table alternative (`Month`, `Day`). */
  pointHeader: string;
}

const hasData = (points: ChartPoint[], series: ChartSeries[]) =>
  points.some((point) => series.some((s) => (point.values[s.key] ?? 0) > 0));

/**
 * A bar chart that everyone can read (issue #39, docs/charts.md): a heading, a text summary, the picture with its
 * legend, and the same numbers as a table for screen readers (the picture itself is hidden from them). With nothing
 * to draw it says so instead. The drawing's code is fetched on first render; until then a box of its height holds
 * its place, so nothing moves when it arrives. In a right-to-left language the bars run from the right (the first
 * point on the right, as the text reads).
 * @example
 * <ChartFigure title={t('usage.title')} summary={t('usage.summary', { … })} emptyText={t('usage.empty')}
 *   pointHeader={t('usage.month')} points={points} series={series} formatValue={units} />
 */
export function ChartFigure({
  title,
  headingLevel = 2,
  summary,
  emptyText,
  pointHeader,
  ...chart
}: ChartFigureProps) {
  const { i18n } = useTranslation();
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  const { points, series, formatValue, height = 200 } = chart;
  const filled = hasData(points, series);
  return (
    <figure className="portal-chart" aria-labelledby={headingId}>
      <Heading id={headingId} className="portal-chart__title">
        {title}
      </Heading>
      {!filled ? (
        <p className="portal-chart__empty">{emptyText}</p>
      ) : (
        <>
          <p className="portal-chart__summary">{summary}</p>
          <Suspense
            fallback={<div className="portal-chart__placeholder" style={{ height }} aria-hidden="true" />}
          >
            <BarChart {...chart} direction={directionOf(i18n.language)} />
          </Suspense>
          <ul className="portal-chart__legend" aria-hidden="true">
            {series.map((s) => (
              <li key={s.key}>
                <span className="portal-chart__swatch" style={{ background: s.color }} />
                {s.label}
              </li>
            ))}
          </ul>
          <table className="portal-visually-hidden">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{pointHeader}</th>
                {series.map((s) => (
                  <th key={s.key} scope="col">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.key}>
                  <th scope="row">{point.fullLabel}</th>
                  {series.map((s) => (
                    <td key={s.key}>{formatValue(point.values[s.key] ?? 0)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  );
}
