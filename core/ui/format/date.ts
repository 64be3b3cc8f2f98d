import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

/** The built-in default region, used when neither the organisation nor the config names one. */
export const DEFAULT_TIME_ZONE = 'Australia/Sydney';
export const DEFAULT_DATE_TIME_FORMAT = 'DD/MM/YYYY hh:mm A';
/** The product's date format, dd/MM/yyyy, in dayjs tokens. */
export const DATE_FORMAT = 'DD/MM/YYYY';

export type DateInput = string | number | Date | Dayjs;

export interface DateFormatOptions {
  /** IANA zone; an unknown zone falls back to {@link DEFAULT_TIME_ZONE} rather than throwing in a render. */
  timeZone?: string;
  /** dayjs format tokens: the configured pattern, followed in English (and when no language is given). */
  format?: string;
  /**
   * The reader's language. Any but English writes the date its own way (`Intl.DateTimeFormat`: 24-hour French,
   * Arabic's own order and day-period), since a configured pattern such as `hh:mm A` is an English one.
   */
  language?: string;
}

/** Languages that read the configured pattern (region.format, the organisation's timeFormat) as it is. */
const PATTERN_LANGUAGES = new Set(['en']);

const usesPattern = (language: string | undefined) =>
  !language || PATTERN_LANGUAGES.has(language.split('-')[0]!.toLowerCase());

const NUMERIC_DATE = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;

/** `instant` in `timeZone`, written the language's way; the language's own default when Intl does not know it. */
function languageFormat(instant: Dayjs, language: string, options: Intl.DateTimeFormatOptions): string {
  try {
    return new Intl.DateTimeFormat(language, options).format(instant.toDate());
  } catch {
    return new Intl.DateTimeFormat(undefined, options).format(instant.toDate());
  }
}

/** The organisation's `regionalConfig`, as its access-token answer carries it and the session keeps it. */
export interface RegionalFormatConfig {
  matchDeviceTime?: boolean;
  timeZone?: string;
  timeFormat?: string;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// Strings without an offset are read as UTC, which is what the server stores, so the result does not
// depend on the time zone of the machine that renders it.
function toInstant(value: DateInput | null | undefined): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const instant = dayjs.isDayjs(value) ? value : typeof value === 'string' ? dayjs.utc(value) : dayjs(value);
  return instant.isValid() ? instant : null;
}

/**
 * An instant shown in a region's zone and format; '' for a missing or unparsable value.
 * @example formatDateTime('2026-01-01T00:00:00Z') // '01/01/2026 11:00 AM' (Sydney, daylight time)
 * @example formatDateTime(date, regionalFormatOptions(session.regionalConfig))
 * @example formatDateTime('2026-01-01T00:00:00Z', { language: 'fr' }) // '01/01/2026 11:00' (the pattern is English)
 */
export function formatDateTime(value: DateInput | null | undefined, options: DateFormatOptions = {}): string {
  const { timeZone = DEFAULT_TIME_ZONE, format = DEFAULT_DATE_TIME_FORMAT, language } = options;
  const instant = toInstant(value);
  if (!instant) return '';
  const zone = isKnownZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  if (!usesPattern(language))
    return languageFormat(instant, language!, {
      ...NUMERIC_DATE,
      hour: '2-digit',
      minute: '2-digit',
      timeZone: zone,
    });
  return instant.tz(zone).format(format);
}

/**
 * A calendar date as DD/MM/YYYY. A date-only string ('2026-03-31') is a calendar day, not an instant,
 * so it is never shifted by a zone; instants are shown as the day in `timeZone`.
 * @example formatDate('2026-03-31') // '31/03/2026'
 */
export function formatDate(value: DateInput | null | undefined, options: DateFormatOptions = {}): string {
  const format = options.format ?? DATE_FORMAT;
  const { language } = options;
  if (typeof value === 'string' && DATE_ONLY.test(value)) {
    const day = dayjs.utc(value, 'YYYY-MM-DD', true);
    if (!day.isValid()) return '';
    return usesPattern(language)
      ? day.format(format)
      : languageFormat(day, language!, { ...NUMERIC_DATE, timeZone: 'UTC' });
  }
  if (!usesPattern(language)) {
    const instant = toInstant(value);
    if (!instant) return '';
    const zone = options.timeZone && isKnownZone(options.timeZone) ? options.timeZone : DEFAULT_TIME_ZONE;
    return languageFormat(instant, language!, { ...NUMERIC_DATE, timeZone: zone });
  }
  return formatDateTime(value, { ...options, format });
}

/**
 * Strictly parses user-typed text such as '31/03/2026'; null when it is not a real date in that format.
 * @example parseDate('31/02/2026') // null
 */
export function parseDate(text: string, format: string = DATE_FORMAT): Dayjs | null {
  const day = dayjs(text, format, true);
  return day.isValid() ? day : null;
}

/** The deployment's region (config `region`): what dates follow when the organisation sends none. */
export interface RegionDefaults {
  timeZone: string;
  format: string;
}

const BUILT_IN_REGION: RegionDefaults = { timeZone: DEFAULT_TIME_ZONE, format: DEFAULT_DATE_TIME_FORMAT };

/**
 * Format options for the active organisation: its zone (or the device's, when it asks to match it) and its format;
 * each missing part falls back to the deployment's region, then to the built-in default.
 * @example formatDateTime(loggedAt, regionalFormatOptions(session.regionalConfig, config.region))
 * @example regionalFormatOptions(null, { timeZone: 'Europe/Paris', format: 'DD/MM/YYYY HH:mm' }) // the config's region
 */
export function regionalFormatOptions(
  config?: RegionalFormatConfig | null,
  fallback: RegionDefaults = BUILT_IN_REGION,
): Required<Pick<DateFormatOptions, 'timeZone' | 'format'>> {
  return {
    timeZone: config?.matchDeviceTime
      ? dayjs.tz.guess()
      : config?.timeZone || fallback.timeZone || DEFAULT_TIME_ZONE,
    format: config?.timeFormat || fallback.format || DEFAULT_DATE_TIME_FORMAT,
  };
}
