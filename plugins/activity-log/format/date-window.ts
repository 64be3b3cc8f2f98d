import { formatDate, isOutsideFilterRange } from '@core';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * Today as a calendar day in `timeZone` (the one times are shown in, sent to the server with the filter): the
 * date filter allows the last 89 days up to that day, so the picker never offers a day the server would refuse
 * because the device's clock is in another zone.
 */
export function todayIn(timeZone: string, now: Date | number = Date.now()): Dayjs {
  return dayjs(formatDate(now, { timeZone, format: 'YYYY-MM-DD' }), 'YYYY-MM-DD');
}

/** For antd's `disabledDate`: true for a day outside the last 89 days up to `today`. */
export function isOutsideDateWindow(day: Dayjs, today: Dayjs): boolean {
  return isOutsideFilterRange(day, today);
}
