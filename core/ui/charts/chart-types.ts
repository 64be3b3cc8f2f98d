/** One stacked part of every bar: its key in `ChartPoint.values`, its name (legend, table header) and colour. */
export interface ChartSeries {
  key: string;
  label: string;
  /** A CSS colour with at least 3:1 against the page (non-text contrast), such as an antd token. */
  color: string;
}

/** One bar: a month, a day. */
export interface ChartPoint {
  key: string;
  /** The short text under the bar (`Jan`, `14`). */
  label: string;
  /** The whole name, in the table alternative and the bar's tooltip (`January 2030`). */
  fullLabel: string;
  values: Record<string, number>;
}

/** What the SVG drawing needs (./bar-chart.tsx). */
export interface BarChartProps {
  points: ChartPoint[];
  series: ChartSeries[];
  formatValue: (value: number) => string;
  /** Right to left: the first point is drawn on the right and the value axis stands on the right. */
  direction: 'ltr' | 'rtl';
  /** Only every `labelEvery`-th point is named under the axis (30 days do not fit a phone). */
  labelEvery?: number;
  height?: number;
}
