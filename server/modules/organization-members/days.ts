/**
 * Calendar days of an organisation's time zone (organizations.time_zone, default Australia/Sydney): the members
 * list's date filter names days as its people see them, not UTC days (docs/limits-and-timing.md).
 */

const DAY_MS = 24 * 3600_000;

/** `YYYY-MM-DD` → UTC midnight of that date as a number, or null when no such date exists (2030-02-31). */
export function parseDay(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const value = Date.UTC(year, month - 1, date);
  const check = new Date(value);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date)
    return null;
  return value;
}

/** How far the zone's wall clock is ahead of UTC at that instant, in ms. */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** A zone the runtime knows, else UTC (a stored zone that Intl cannot read must not break the list). */
export function knownZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** The instant the day (UTC-midnight number from parseDay) starts in the zone. */
export function startOfDay(day: number, timeZone: string): Date {
  const first = day - zoneOffset(day, timeZone);
  // Once more at the found instant: the offset may differ there (a daylight-saving change that night).
  return new Date(day - zoneOffset(first, timeZone));
}

/** Today in the zone, as parseDay would give it. */
export function today(now: Date, timeZone: string): number {
  const local = now.getTime() + zoneOffset(now.getTime(), timeZone);
  return Math.floor(local / DAY_MS) * DAY_MS;
}

export const addDays = (day: number, days: number) => day + days * DAY_MS;
