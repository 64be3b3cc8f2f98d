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
 * Dates as the active organisation wants them (its `regionalConfig`, kept in the session when it was chosen),
 * or as the deployment's `region` says when the organisation sent none. Read inside an `observer` component,
 * it follows an organisation switch.
 * @example
 * const dates = useDateFormat();
 * <span>{dates.dateTime(event.createdAt)}</span>
 */
export function useDateFormat(): DateFormat {
  const session = useService(SessionStore);
  const config = useService(PortalConfig);
  const options = regionalFormatOptions(session.regionalConfig, config.region);
  return {
    dateTime: (value) => formatDateTime(value, options),
    date: (value) => formatDate(value, { timeZone: options.timeZone }),
  };
}
