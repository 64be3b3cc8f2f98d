import dayjs, { type Dayjs } from 'dayjs';

/** Column filters wait this long after the last keystroke before querying (docs/limits-and-timing.md). */
export const FILTER_DEBOUNCE_MS = 1000;

/** The date filter reaches back this many days before today. */
export const FILTER_RANGE_DAYS = 89;

export interface DateRange {
  from: Dayjs;
  to: Dayjs;
}

/**
 * The widest range the date filter allows: from the start of the day 89 days ago to the end of today.
 * @example filterDateRange(dayjs('2026-03-31')) // { from: 2026-01-01 00:00, to: 2026-03-31 23:59:59.999 }
 */
export function filterDateRange(today: Dayjs = dayjs()): DateRange {
  return { from: today.subtract(FILTER_RANGE_DAYS, 'day').startOf('day'), to: today.endOf('day') };
}

/**
 * For antd DatePicker/RangePicker `disabledDate`: true for days the filter does not allow.
 * @example <DatePicker.RangePicker disabledDate={(day) => isOutsideFilterRange(day)} />
 */
export function isOutsideFilterRange(day: Dayjs, today: Dayjs = dayjs()): boolean {
  const { from, to } = filterDateRange(today);
  return day.isBefore(from) || day.isAfter(to);
}
