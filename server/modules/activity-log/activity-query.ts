import { sql, type SQL } from 'drizzle-orm';
import {
  ACTIVITY_EVENT_CATEGORIES,
  ACTIVITY_LIMITS,
  ACTIVITY_PREFIX_CATEGORIES,
  activityCategoryOf,
  type ActivityCategory,
} from '../../../contract/v1/activity-log-constants';
import type { ActivityLogExportQuery } from '../../../contract/v1/activity-log';
import type { Db } from '../../db/database';
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
 * The target user of an event, by id: `a.target_user_id`, which the database computes from `details` as
 * ./event-view.ts `targetUserIdOf` does in TypeScript (server/db/schema.ts).
 */
export const TARGET_USER_ID = sql`a.target_user_id`;

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

/**
 * At most this many people matched by name or email are looked up by id through the indexes; a search matching
 * more is broad, matches many events, and is left to the scan in the list's order, which stops at the page's end.
 */
export const SEARCH_PEOPLE_MAX = 1000;

/**
 * The ids of the people whose name or email contains `search` (as they are now), or 'many' past
 * {@link SEARCH_PEOPLE_MAX}. Read once from the users table, which is small next to the log.
 */
export async function searchPeople(db: Db, search: string): Promise<string[] | 'many'> {
  const { rows } = (await db.execute(
    sql`select u.id from users u where ${peopleMatch(search)} limit ${SEARCH_PEOPLE_MAX + 1}`,
  )) as unknown as { rows: { id: string }[] };
  return rows.length > SEARCH_PEOPLE_MAX ? 'many' : rows.map((row) => row.id);
}

/**
 * A person's email and full name as one lower-cased text, exactly the expression of `users_search_idx`
 * (server/modules/users/schema.ts), which the planner matches to use it; the separator keeps a search from
 * matching across the two.
 */
const PERSON_TEXT = sql`lower(u.email || chr(31) || u.first_name || ' ' || u.last_name)`;

/**
 * Whether a text can be found through a trigram index: it needs a run of three letters or digits. Without one
 * ('%', 'ab') the index would be read whole (4 s over a million events), so the caller compares the rows instead.
 */
const trigramSearchable = (search: string) => /[\p{L}\p{N}]{3}/u.test(search);

/** `u` (users) whose email or name contains the search, as they are now. */
function peopleMatch(search: string): SQL {
  const text = trigramSearchable(search) ? PERSON_TEXT : sql`(${PERSON_TEXT} || '')`;
  return sql`${text} like lower(${likePattern(search)})`;
}

/**
 * The search's condition: the event's own text (`search_text`: type, IP, typed email, detail name; trigram
 * index), or an actor or target among the people it names (`user_id`, `target_user_id`: b-tree indexes). Three
 * index lookups the planner ORs into one bitmap, instead of comparing every event of the organisation. Lower-cased
 * LIKE over the lower-cased column is the ILIKE it replaces.
 */
function searchCondition(search: string, people: string[] | 'many'): SQL {
  // `|| ''` hides the column from the trigram index when the search has no trigram: such a search reads the
  // organisation's events in the list's order instead, stopping at the page's end.
  const column = trigramSearchable(search) ? sql`a.search_text` : sql`(a.search_text || '')`;
  const own = sql`${column} like lower(${likePattern(search)})`;
  if (people === 'many') {
    const matching = sql`(select u.id from users u where ${peopleMatch(search)})`;
    return sql`(${own} or a.user_id in ${matching} or a.target_user_id in ${matching})`;
  }
  if (people.length === 0) return own;
  const ids = sql`(${sql.join(
    people.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  return sql`(${own} or a.user_id in ${ids} or a.target_user_id in ${ids})`;
}

/**
 * The event types an organisation's log holds, read by hopping through `activity_logs_org_type_idx` (one probe
 * per type, a few dozen at most) instead of reading its events.
 */
export async function organisationEventTypes(db: Db, organizationId: string): Promise<string[]> {
  const { rows } = (await db.execute(sql`
    with recursive types(event_type) as (
      (select event_type from activity_logs where organization_id = ${organizationId} order by event_type limit 1)
      union all
      select (select a.event_type from activity_logs a
               where a.organization_id = ${organizationId} and a.event_type > types.event_type
               order by a.event_type limit 1)
        from types where types.event_type is not null
    )
    select event_type from types where event_type is not null`)) as unknown as {
    rows: { event_type: string }[];
  };
  return rows.map((row) => row.event_type);
}

/** What the WHERE needs read beforehand: the people a search names, the organisation's event types. */
export interface WhereInputs {
  /** {@link searchPeople} of the search, when there is one. */
  people?: string[] | 'many';
  /**
   * With a category filter on an organisation: {@link organisationEventTypes}. The filter is then the list of
   * those in the category (by `activityCategoryOf`, the same rule), which the (organisation, type, time) index
   * counts entry by matching entry; the prefix rules of categoryCondition read every event of the organisation.
   */
  eventTypes?: string[];
}

/** The WHERE of the list, its count and the export, over `activity_logs a` alone. */
export function whereOf(
  scope: ActivityScope,
  query: ActivityLogExportQuery,
  range: { from: Date | null; to: Date | null },
  { people = [], eventTypes }: WhereInputs = {},
): { where: SQL } {
  const filters: SQL[] = [
    scope.kind === 'user'
      ? sql`a.user_id = ${scope.userId}`
      : sql`a.organization_id = ${scope.organizationId}`,
  ];
  if (range.from) filters.push(sql`a.created_at >= ${range.from.toISOString()}::timestamptz`);
  if (range.to) filters.push(sql`a.created_at < ${range.to.toISOString()}::timestamptz`);
  if (query.eventType) {
    const category = query.eventType;
    const types = eventTypes?.filter((type) => activityCategoryOf(type) === category);
    if (!types) filters.push(categoryCondition(category));
    else if (types.length === 0) filters.push(sql`false`);
    else
      filters.push(
        sql`a.event_type in (${sql.join(
          types.map((type) => sql`${type}`),
          sql`, `,
        )})`,
      );
  }
  const search = query.search?.trim();
  if (search) filters.push(searchCondition(search, people));
  return { where: sql.join(filters, sql` and `) };
}
