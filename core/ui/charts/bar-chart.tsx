import { AxisBottom, AxisLeft, AxisRight } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { BarStack } from '@visx/shape';
import { theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { BarChartProps, ChartPoint } from './chart-types';

/** Drawn at this width until the first measure (and in jsdom, which lays nothing out). */
const DEFAULT_WIDTH = 600;
// `end` leaves room for half the last day's or month's name, centred under the outermost bar.
/** Pixels between two names under the axis: a short month or day name in 12 px type. */
const MIN_LABEL_SPACING = 40;
const MARGIN = { top: 8, bottom: 28, axis: 48, end: 24 };

/** The width the chart's box is given, followed as the window or the side menu changes it. */
function useBoxWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * Stacked bars in SVG with visx (scales, stack and axes from the library; colours and type from the antd theme). The
 * drawing is hidden from assistive technology: ./chart-figure.tsx gives the same numbers as a text summary and a
 * table. Loaded on first use only, by ChartFigure, so no page pays for it before it draws a chart.
 */
export default function BarChart({
  points,
  series,
  formatValue,
  direction,
  labelEvery = 1,
  height = 200,
}: BarChartProps) {
  const { token } = theme.useToken();
  const [ref, width] = useBoxWidth();
  const rtl = direction === 'rtl';
  const innerWidth = Math.max(0, width - MARGIN.axis - MARGIN.end);
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const total = (point: ChartPoint) => series.reduce((sum, s) => sum + (point.values[s.key] ?? 0), 0);
  const x = scaleBand<string>({
    domain: points.map((point) => point.key),
    range: rtl ? [innerWidth, 0] : [0, innerWidth],
    padding: 0.25,
  });
  const y = scaleLinear<number>({
    domain: [0, Math.max(1, ...points.map(total))],
    range: [innerHeight, 0],
    nice: true,
  });
  const every = Math.max(labelEvery, Math.ceil(MIN_LABEL_SPACING / Math.max(1, x.step())));
  const byKey = new Map(points.map((point) => [point.key, point]));
  const colours = new Map(series.map((s) => [s.key, s.color]));
  const labels = new Map(series.map((s) => [s.key, s.label]));
  const tick = {
    fill: token.colorTextSecondary,
    fontSize: 12,
    fontFamily: token.fontFamily,
  } as const;
  const valueAxis = {
    scale: y,
    numTicks: 4,
    tickFormat: (value: { valueOf(): number }) => formatValue(value.valueOf()),
    stroke: token.colorBorder,
    tickStroke: token.colorBorder,
  };

  return (
    <div ref={ref} className="portal-chart__drawing" dir="ltr">
      <svg width={width} height={height} aria-hidden="true" focusable="false">
        <Group left={rtl ? MARGIN.end : MARGIN.axis} top={MARGIN.top}>
          <BarStack<ChartPoint, string>
            data={points}
            keys={series.map((s) => s.key)}
            value={(point, key) => point.values[key] ?? 0}
            x={(point) => point.key}
            xScale={x}
            yScale={y}
            color={(key) => colours.get(key) ?? token.colorPrimary}
          >
            {(stacks) =>
              stacks.flatMap((stack) =>
                stack.bars
                  .filter((bar) => bar.height > 0)
                  .map((bar) => {
                    const point = points[bar.index]!;
                    return (
                      <rect
                        key={`${stack.key}-${point.key}`}
                        x={bar.x}
                        y={bar.y}
                        width={bar.width}
                        height={bar.height}
                        fill={bar.color}
                      >
                        <title>{`${point.fullLabel}, ${labels.get(stack.key)}: ${formatValue(point.values[stack.key] ?? 0)}`}</title>
                      </rect>
                    );
                  }),
              )
            }
          </BarStack>
          {rtl ? (
            <AxisRight {...valueAxis} left={innerWidth} tickLabelProps={{ ...tick, textAnchor: 'start' }} />
          ) : (
            <AxisLeft {...valueAxis} tickLabelProps={{ ...tick, textAnchor: 'end' }} />
          )}
          <AxisBottom
            top={innerHeight}
            scale={x}
            stroke={token.colorBorder}
            tickStroke={token.colorBorder}
            // Counted from the newest point, so the latest month or today is always named; on a narrow screen
            // fewer names, so that they never run into each other.
            tickValues={points
              .filter((_, i) => (points.length - 1 - i) % every === 0)
              .map((point) => point.key)}
            tickFormat={(key) => byKey.get(key)?.label ?? ''}
            tickLabelProps={{ ...tick, textAnchor: 'middle' }}
          />
        </Group>
      </svg>
    </div>
  );
}
