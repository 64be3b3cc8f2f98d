import { useTranslation } from 'react-i18next';
import { useService } from '../di/use-service';
import { PortalConfig } from '../config/portal-config';
import { formatDate, formatDateTime, regionalFormatOptions, type DateInput } from '../ui/format/date';
import { SessionStore } from './session-store';

export interface DateFormat {
  /** An instant in the active organisation's zone and date-time format. */
  dateTime(value: DateInput | null | undefined): string;
  /** A calendar date (DD/MM/YYYY), instants taken as the day in the organisation's zone. */
  date(value: DateInput | null | undefined): string;
}

/**
 * Dates in the active organisation's time zone (its `regionalConfig`, kept in the session when it was chosen,
 * or the deployment's `region` when the organisation sent none), written in the page's language: English
 * follows the configured pattern, other languages their own (24-hour French, Arabic's own; date.ts). Read inside an `observer` component,
 * it follows an organisation switch.
 * @example
 * const dates = useDateFormat();
 * <span>{dates.dateTime(event.createdAt)}</span>
 */
export function useDateFormat(): DateFormat {
  const session = useService(SessionStore);
  const config = useService(PortalConfig);
  const { i18n } = useTranslation();
  const options = { ...regionalFormatOptions(session.regionalConfig, config.region), language: i18n.language };
  return {
    dateTime: (value) => formatDateTime(value, options),
    date: (value) => formatDate(value, { timeZone: options.timeZone, language: i18n.language }),
  };
}
