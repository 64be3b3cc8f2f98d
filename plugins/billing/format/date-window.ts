import { formatDate, isOutsideFilterRange } from '@core';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * Today as a calendar day in `timeZone` (the organisation's): the invoice date filter allows the last 89 days up to
 * that day, and the server counts them in the organisation's time zone, so the picker must not offer a day the
 * server would refuse because the browser's clock is elsewhere.
 */
export function todayIn(timeZone: string, now: Date | number = Date.now()): Dayjs {
  return dayjs(formatDate(now, { timeZone, format: 'YYYY-MM-DD' }), 'YYYY-MM-DD');
}

/** For antd's `disabledDate`: true for a day outside the last 89 days up to `today`. */
export function isOutsideDateWindow(day: Dayjs, today: Dayjs): boolean {
  return isOutsideFilterRange(day, today);
}
