import dayjs, { type Dayjs } from 'dayjs';

/** The forms' date pickers hold dayjs values; the rule set and the server speak ISO dates ('1990-04-30'). */
export function toIsoDate(value: unknown): string {
  return dayjs.isDayjs(value) ? value.format('YYYY-MM-DD') : typeof value === 'string' ? value : '';
}

/** A Medicare expiry: 'YYYY-MM'. */
export function toIsoMonth(value: unknown): string {
  return dayjs.isDayjs(value) ? value.format('YYYY-MM') : typeof value === 'string' ? value : '';
}

/** An ISO date or month from the server back into a picker's value. */
export function fromIso(value: unknown): Dayjs | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : undefined;
}

/** Today on the user's device, as the rules that depend on today want it. */
export function today(): string {
  return dayjs().format('YYYY-MM-DD');
}
