import { sql } from 'drizzle-orm';
import { CHART_SPANS, type SignInHistoryData } from '../../../contract/v1/charts';
import type { Db } from '../../db/database';
import type { MessageKey } from '../../i18n/message';
import type { AuthContext } from '../sessions/session-service';
import { addDays, startOfDay, today } from '../organization-members/days';
import { zoneOrRefuse } from './activity-query';

/** A sign-in that let the person in; partner SSO counts only when it logged in (not a new account or a password step). */
const SUCCEEDED = sql`a.event_type = 'login.success' or (a.event_type = 'sso.login' and a.details->>'outcome' = 'logged-in')`;
/**
 * A refused attempt on the account: the password step (wrong password, blocked, email unverified) or the second
 * factor at sign-in. A wrong code while setting up a second factor (`during`) is not a sign-in. Attempts on an
 * unknown address or throttled ones name no account, so they are in no one's chart.
 */
const FAILED = sql`a.event_type = 'login.failure' or (a.event_type = 'two-factor.failure' and a.details->>'during' is null)`;

export const SIGN_IN_HISTORY_MESSAGE = 'activity.signIns' satisfies MessageKey;

const dayText = (day: number) => new Date(day).toISOString().slice(0, 10);

/**
 * The caller's own sign-ins per day of `timeZone` over the last CHART_SPANS.signInDays days, today last (the chart
 * above the user's log, docs/charts.md). The database counts: one grouped query on the user-and-time index,
 * however many attempts an attacker made.
 */
export async function signInHistory(
  db: Db,
  auth: AuthContext,
  now: Date,
  timeZone = 'UTC',
): Promise<SignInHistoryData> {
  const zone = zoneOrRefuse(timeZone);
  const last = today(now, zone);
  const days = Array.from({ length: CHART_SPANS.signInDays }, (_, i) =>
    addDays(last, i - CHART_SPANS.signInDays + 1),
  );
  // Each day's first instant in the zone, and the next day's: width_bucket puts a time in the day it falls in.
  const bounds = [...days, addDays(last, 1)].map((day) => startOfDay(day, zone).toISOString());
  const thresholds = sql.join(
    bounds.map((bound) => sql`${bound}::timestamptz`),
    sql`, `,
  );
  const { rows } = (await db.execute(sql`
    select width_bucket(a.created_at, array[${thresholds}]) as bucket,
      count(*) filter (where ${SUCCEEDED}) as succeeded,
      count(*) filter (where ${FAILED}) as failed
    from activity_logs a
    where a.user_id = ${auth.userId}
      and a.created_at >= ${bounds[0]}::timestamptz and a.created_at < ${bounds[bounds.length - 1]}::timestamptz
      and a.event_type in ('login.success', 'sso.login', 'login.failure', 'two-factor.failure')
    group by 1`)) as unknown as {
    rows: { bucket: number | string; succeeded: number | string; failed: number | string }[];
  };
  // count(*) is a number on PGlite and a string on pg (stack.md).
  const byBucket = new Map(rows.map((row) => [Number(row.bucket), row]));
  return {
    days: days.map((day, i) => {
      const row = byBucket.get(i + 1);
      return { day: dayText(day), succeeded: Number(row?.succeeded ?? 0), failed: Number(row?.failed ?? 0) };
    }),
  };
}
