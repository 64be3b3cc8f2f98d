import { render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { ChartFigure } from './chart-figure';
import type { ChartPoint, ChartSeries } from './chart-types';

const SERIES: ChartSeries[] = [
  { key: 'ok', label: 'Signed in', color: '#1f4ea8' },
  { key: 'failed', label: 'Refused', color: '#c2410c' },
];
const point = (key: string, ok: number, failed: number): ChartPoint => ({
  key,
  label: key.slice(-2),
  fullLabel: `Day ${key}`,
  values: { ok, failed },
});
const POINTS = [point('2030-01-13', 2, 0), point('2030-01-14', 0, 0), point('2030-01-15', 1, 3)];

async function renderChart(points: ChartPoint[], language = 'en') {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: language, resources: {} });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <ChartFigure
        title="Sign-ins, last 3 days"
        summary="3 sign-ins and 3 refused attempts."
        emptyText="No sign-ins in the last 3 days."
        pointHeader="Day"
        points={points}
        series={SERIES}
        formatValue={(value) => `#${value}`}
      />
    </I18nextProvider>,
  );
  return view;
}

/** The drawing arrives with its lazily loaded code. */
const drawnBars = async (container: HTMLElement) => {
  await waitFor(() => expect(container.querySelector('svg rect')).not.toBeNull(), { timeout: 20_000 });
  return [...container.querySelectorAll('svg rect')];
};

describe('ChartFigure', () => {
  it('draws one stacked bar part per non-zero value, each named in its tooltip, under a heading and a summary', async () => {
    const { container } = await renderChart(POINTS);
    const figure = screen.getByRole('figure', { name: 'Sign-ins, last 3 days' });
    expect(
      within(figure).getByRole('heading', { level: 2, name: 'Sign-ins, last 3 days' }),
    ).toBeInTheDocument();
    expect(within(figure).getByText('3 sign-ins and 3 refused attempts.')).toBeInTheDocument();
    const bars = await drawnBars(container);
    expect(bars.map((bar) => bar.querySelector('title')?.textContent)).toEqual([
      'Day 2030-01-13, Signed in: #2',
      'Day 2030-01-15, Signed in: #1',
      'Day 2030-01-15, Refused: #3',
    ]);
    expect(bars.map((bar) => bar.getAttribute('fill'))).toEqual(['#1f4ea8', '#1f4ea8', '#c2410c']);
    // The value axis is labelled with the caller's number format.
    expect(container.querySelector('svg')!.textContent).toContain('#0');
  });

  it('gives screen readers the numbers as a table and hides the picture from them', async () => {
    const { container } = await renderChart(POINTS);
    await drawnBars(container);
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    const table = screen.getByRole('table', { name: 'Sign-ins, last 3 days' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day', 'Signed in', 'Refused']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Day 2030-01-13', '#2', '#0'],
      ['Day 2030-01-14', '#0', '#0'],
      ['Day 2030-01-15', '#1', '#3'],
    ]);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Day 2030-01-13');
  });

  it('says there is nothing to show instead of drawing empty axes', async () => {
    const { container } = await renderChart([point('2030-01-14', 0, 0), point('2030-01-15', 0, 0)]);
    expect(screen.getByText('No sign-ins in the last 3 days.')).toBeInTheDocument();
    expect(screen.queryByText('3 sign-ins and 3 refused attempts.')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(container.querySelector('svg')).toBeNull();
  });

  it('runs the bars from the right in a right-to-left language, with the value axis on the right', async () => {
    const xOf = (bars: Element[], day: string) =>
      Number(
        bars
          .find((bar) => bar.querySelector('title')!.textContent!.startsWith(`Day ${day}`))!
          .getAttribute('x'),
      );
    const ltr = await drawnBars((await renderChart(POINTS, 'en')).container);
    expect(xOf(ltr, '2030-01-13')).toBeLessThan(xOf(ltr, '2030-01-15'));
    document.body.innerHTML = '';
    const { container } = await renderChart(POINTS, 'ar');
    const rtl = await drawnBars(container);
    expect(xOf(rtl, '2030-01-13')).toBeGreaterThan(xOf(rtl, '2030-01-15'));
    expect(container.querySelector('.visx-axis-right')).not.toBeNull();
    expect(container.querySelector('.visx-axis-left')).toBeNull();
  });

  it('names fewer points under the axis when the bars are too narrow for every name, always the newest', async () => {
    // jsdom lays nothing out: the chart is drawn 600 px wide, so 30 bars are about 18 px apart.
    const month = Array.from({ length: 30 }, (_, i) =>
      point(`2030-01-${String(i + 1).padStart(2, '0')}`, 1, 0),
    );
    const { container } = await renderChart(month);
    await drawnBars(container);
    const names = [...container.querySelectorAll('.visx-axis-bottom .visx-axis-tick text')].map(
      (t) => t.textContent,
    );
    expect(names).toEqual(['03', '06', '09', '12', '15', '18', '21', '24', '27', '30']);
  });
});
