import { sql, type SQL } from 'drizzle-orm';
import {
  ACTIVITY_EVENT_CATEGORIES,
  ACTIVITY_LIMITS,
  ACTIVITY_PREFIX_CATEGORIES,
  type ActivityCategory,
} from '../../../contract/v1/activity-log-constants';
import type { ActivityLogExportQuery } from '../../../contract/v1/activity-log';
import { fieldError } from '../../http/errors';
import { message, type MessageKey } from '../../i18n/message';
import { addDays, parseDay, startOfDay, today } from '../organization-members/days';

export const QUERY_MESSAGES = {
  dateRange: 'activity.dateRange',
  dateOrder: 'activity.dateOrder',
  dateInvalid: 'validation.activity.date',
  timeZoneInvalid: 'validation.timeZoneInvalid',
} satisfies Record<string, MessageKey>;

/** Whose events: the caller's own, or their organisation's. */
export type ActivityScope =
  { kind: 'user'; userId: string } | { kind: 'organisation'; organizationId: string };

/**
 * The target user of an event, by id, as SQL over `a.details` (./event-view.ts `targetUserIdOf` says the same in
 * TypeScript): the search matches the target's name and email through it.
 */
export const TARGET_USER_ID = sql`coalesce(a.details->>'targetUserId', case when a.details->>'kind' = 'member' then a.details->>'target' end)`;

/** `%text%` for ILIKE with its own wildcards escaped: a search is matched literally (`50%_off` finds itself). */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** An IANA zone the runtime knows, else 400: the date filter must not silently count in another zone. */
export function zoneOrRefuse(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    throw fieldError('timeZone', QUERY_MESSAGES.timeZoneInvalid, 'TIME_ZONE_INVALID');
  }
}

/**
 * The date filter: whole days of `zone`, both inclusive, within the last ACTIVITY_LIMITS.dateFilterDays days up to
 * today; else 400. Without dates, nothing bounds the time (the retention job keeps the log short).
 */
export function dateRange(
  query: Pick<ActivityLogExportQuery, 'fromDate' | 'toDate'>,
  now: Date,
  zone: string,
): { from: Date | null; to: Date | null } {
  if (!query.fromDate && !query.toDate) return { from: null, to: null };
  const from = query.fromDate ? parseDay(query.fromDate) : null;
  const to = query.toDate ? parseDay(query.toDate) : null;
  if (query.fromDate && from === null)
    throw fieldError('fromDate', QUERY_MESSAGES.dateInvalid, 'DATE_INVALID');
  if (query.toDate && to === null) throw fieldError('toDate', QUERY_MESSAGES.dateInvalid, 'DATE_INVALID');
  const last = today(now, zone);
  const first = addDays(last, -ACTIVITY_LIMITS.dateFilterDays);
  const outside = (day: number | null) => day !== null && (day < first || day > last);
  if (outside(from) || outside(to)) {
    throw fieldError(
      outside(from) ? 'fromDate' : 'toDate',
      message(QUERY_MESSAGES.dateRange, { days: ACTIVITY_LIMITS.dateFilterDays }),
      'DATE_RANGE_TOO_WIDE',
    );
  }
  if (from !== null && to !== null && from > to)
    throw fieldError('toDate', QUERY_MESSAGES.dateOrder, 'DATE_ORDER');
  return { from: startOfDay(from ?? first, zone), to: startOfDay(addDays(to ?? last, 1), zone) };
}

/**
 * The event types of a category as SQL, from the same two tables as `activityCategoryOf`: the types named
 * exactly, plus those whose prefix maps to it and that no exact entry files elsewhere. `other` is what neither
 * table names.
 */
export function categoryCondition(category: ActivityCategory): SQL {
  const exact = Object.entries(ACTIVITY_EVENT_CATEGORIES);
  const allExact = exact.map(([type]) => type);
  const prefix = sql`split_part(a.event_type, '.', 1)`;
  const inList = (values: string[]) =>
    values.length > 0
      ? sql`(${sql.join(
          values.map((value) => sql`${value}`),
          sql`, `,
        )})`
      : sql`(null)`;
  if (category === 'other') {
    return sql`(a.event_type not in ${inList(allExact)} and ${prefix} not in ${inList(Object.keys(ACTIVITY_PREFIX_CATEGORIES))})`;
  }
  const named = exact.filter(([, value]) => value === category).map(([type]) => type);
  const prefixes = Object.entries(ACTIVITY_PREFIX_CATEGORIES)
    .filter(([, value]) => value === category)
    .map(([key]) => key);
  return sql`(a.event_type in ${inList(named)} or (${prefix} in ${inList(prefixes)} and a.event_type not in ${inList(allExact)}))`;
}

/** The WHERE of the list, its count and the export, over `activity_logs a` alone. */
export function whereOf(
  scope: ActivityScope,
  query: ActivityLogExportQuery,
  range: { from: Date | null; to: Date | null },
): { where: SQL } {
  const filters: SQL[] = [
    scope.kind === 'user'
      ? sql`a.user_id = ${scope.userId}`
      : sql`a.organization_id = ${scope.organizationId}`,
  ];
  if (range.from) filters.push(sql`a.created_at >= ${range.from.toISOString()}::timestamptz`);
  if (range.to) filters.push(sql`a.created_at < ${range.to.toISOString()}::timestamptz`);
  if (query.eventType) filters.push(categoryCondition(query.eventType));
  const search = query.search?.trim();
  if (search) {
    const p = likePattern(search);
    // People are matched once in the (small) users table, not joined to every event: the event scan then only
    // compares its own columns and looks ids up in that set.
    const people = sql`(select u.id from users u where u.email ilike ${p} or (u.first_name || ' ' || u.last_name) ilike ${p})`;
    filters.push(sql`(a.event_type ilike ${p} or a.ip ilike ${p} or a.email ilike ${p} or a.details->>'name' ilike ${p}
      or a.user_id in ${people} or ${TARGET_USER_ID} in ${people})`);
  }
  return { where: sql.join(filters, sql` and `) };
}
