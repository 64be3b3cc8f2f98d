import { pipeline, Readable } from 'node:stream';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ACTIVITY_LIMITS,
  activityCategoryOf,
  SIGN_IN_EVENTS,
} from '../../../contract/v1/activity-log-constants';
import type {
  ActivityLogData,
  ActivityLogExportQuery,
  ActivityLogQuery,
  ActivityLogRow,
  ActivityLogType,
  ActivityParams,
} from '../../../contract/v1/activity-log';
import { notFound } from '../../http/errors';
import type { MessageKey } from '../../i18n/message';
import type { Services } from '../../services';
import { apps } from '../apps/schema';
import { organizationRoles } from '../organization-acl/schema';
import { organizations } from '../organizations/schema';
import type { AuthContext } from '../sessions/session-service';
import {
  dateRange,
  organisationEventTypes,
  searchPeople,
  TARGET_USER_ID,
  whereOf,
  zoneOrRefuse,
  type ActivityScope,
} from './activity-query';
import { csvRow, csvWriter } from './csv';
import { deviceOf } from './device';
import { viewOf } from './event-view';

export const ACTIVITY_MESSAGES = {
  list: 'activity.list',
  eventNotFound: 'activity.eventNotFound',
} satisfies Record<string, MessageKey>;

/**
 * The values of a sentence that are data someone typed (people, emails, organisations, apps, roles, passkeys,
 * portals), not words of the locale. The description is plain text (the CSV, the copy of one's data, the portal's
 * fallback), where no element can isolate them, so each goes between Unicode's first-strong isolate (U+2068) and
 * pop-directional isolate (U+2069): a Latin name or an address inside an Arabic sentence keeps its dots and
 * neighbouring words in place, and an Arabic name inside an English sentence stays whole. Invisible when read.
 */
const NAME_VALUES = [
  'actor',
  'target',
  'organisation',
  'name',
  'email',
  'newEmail',
  'oldEmail',
  'roleName',
  'beforeName',
  'afterName',
  'before',
  'after',
  'portal',
] as const;
const isolated = (text: string): string => `\u2068${text}\u2069`;

export type ActivityLogServiceNeeds = Pick<Services, 'db' | 'clock' | 'i18n' | 'access' | 'gate'>;

/** One row as the query reads it (snake_case; timestamps are strings on pg and Dates on PGlite). */
interface StoredRow {
  id: string;
  event_type: string;
  user_id: string | null;
  organization_id: string | null;
  email: string | null;
  ip: string | null;
  user_agent: string | null;
  details: Record<string, unknown> | null;
  created_at: string | Date;
  seq: string | number;
  actor_first: string | null;
  actor_last: string | null;
  actor_email: string | null;
  org_name: string | null;
  target_id: string | null;
  target_first: string | null;
  target_last: string | null;
  target_email: string | null;
}

const BUILT_IN_ROLES = new Set(['owner', 'admin', 'member']);
/** Rows the export reads per query: memory stays flat whatever the range. */
const EXPORT_BATCH = 500;

const fullName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ') || null;

/**
 * The activity log: the caller's own events or their organisation's, filtered, paged and described in the
 * caller's language, and the same rows as CSV. Reading never writes (no event per view).
 */
export class ActivityLogService {
  constructor(private readonly s: ActivityLogServiceNeeds) {}

  /**
   * Whose events this call may read. `organisation`: the organisation of the token, through the same gate as
   * every organisation-scoped call (still a member, inside the IP allow-list) and with `activity.view`.
   */
  async scopeOf(auth: AuthContext, type: ActivityLogType, ip: string): Promise<ActivityScope> {
    if (type === 'user') return { kind: 'user', userId: auth.userId };
    await this.s.gate.admit(auth, ip);
    const current = await this.s.access.require(auth, 'activity.view');
    return { kind: 'organisation', organizationId: current.organizationId };
  }

  private async zoneOf(scope: ActivityScope, requested: string | undefined): Promise<string> {
    if (requested) return zoneOrRefuse(requested);
    if (scope.kind === 'user') return 'UTC';
    const [org] = await this.s.db
      .select({ timeZone: organizations.timeZone })
      .from(organizations)
      .where(eq(organizations.id, scope.organizationId));
    try {
      return zoneOrRefuse(org?.timeZone ?? 'UTC');
    } catch {
      return 'UTC';
    }
  }

  /** The WHERE of a request, after every check that can refuse it (so the export refuses before it streams). */
  private async filter(scope: ActivityScope, query: ActivityLogExportQuery) {
    const zone = await this.zoneOf(scope, query.timeZone);
    const range = dateRange(query, this.s.clock.now(), zone);
    const search = query.search?.trim();
    return whereOf(scope, query, range, {
      people: search ? await searchPeople(this.s.db, search) : [],
      eventTypes:
        query.eventType && scope.kind === 'organisation'
          ? await organisationEventTypes(this.s.db, scope.organizationId)
          : undefined,
    });
  }

  private select(where: SQL, order: SQL, limit: number, offset: number) {
    return sql`
      select a.id, a.event_type, a.user_id, a.organization_id, a.email, a.ip, a.user_agent, a.details, a.created_at, a.seq,
             actor.first_name as actor_first, actor.last_name as actor_last, actor.email as actor_email,
             org.name as org_name,
             tu.id as target_id, tu.first_name as target_first, tu.last_name as target_last, tu.email as target_email
        from activity_logs a
        left join users actor on actor.id = a.user_id
        left join organizations org on org.id = a.organization_id
        left join users tu on tu.id = ${TARGET_USER_ID}
       where ${where} ${order}
       order by a.created_at desc, a.seq desc
       limit ${limit} offset ${offset}`;
  }

  async list(
    auth: AuthContext,
    query: ActivityLogQuery,
    language: string,
    ip: string,
  ): Promise<ActivityLogData> {
    const scope = await this.scopeOf(auth, query.type, ip);
    const offset = query.offset ?? 1;
    const limit = query.limit ?? ACTIVITY_LIMITS.pageSizeDefault;
    const { where } = await this.filter(scope, query);
    const page = (await this.s.db.execute(
      this.select(where, sql``, limit, (offset - 1) * limit),
    )) as unknown as {
      rows: StoredRow[];
    };
    // A page that is not full says how many rows there are; otherwise they are counted, up to totalMax: past it
    // the count would read every matching row of a large organisation for a pager nobody pages to the end of.
    let total = (offset - 1) * limit + page.rows.length;
    if (page.rows.length === limit || (page.rows.length === 0 && offset > 1)) {
      const counted = (await this.s.db.execute(
        sql`select count(*) as total from (select 1 from activity_logs a where ${where} limit ${ACTIVITY_LIMITS.totalMax}) counted`,
      )) as unknown as { rows: { total: number | string }[] };
      // count(*) is a number on PGlite and a string on pg (stack.md).
      total = Number(counted.rows[0]?.total ?? 0);
    }
    return {
      items: await this.describe(page.rows, auth.userId, language),
      total,
      offset,
      limit,
    };
  }

  /**
   * Every matching row as CSV, newest first, read in batches by keyset (time, then insertion order) so a long
   * range streams with flat memory. Refusals (403, 400) happen before the first byte.
   */
  async export(
    auth: AuthContext,
    query: ActivityLogExportQuery,
    language: string,
    ip: string,
  ): Promise<Readable> {
    const scope = await this.scopeOf(auth, query.type, ip);
    const { where } = await this.filter(scope, query);
    const t = (key: string) => this.s.i18n.t(`activity.csv.${key}`, language);
    const writer = csvWriter(
      [
        'time',
        'event',
        'description',
        'actor',
        'actorEmail',
        'organisation',
        'target',
        'ip',
        'browser',
        'os',
      ].map(t),
    );
    const batches = async function* (this: ActivityLogService) {
      for await (const rows of this.describedBatches(where, auth.userId, language)) {
        for (const row of rows) {
          yield csvRow([
            row.time,
            row.eventType,
            row.description,
            row.actor?.name ?? row.actor?.email ?? '',
            row.actor?.email ?? '',
            row.organization?.name ?? '',
            row.target?.name ?? '',
            row.ip,
            row.device.browser,
            row.device.os,
          ]);
        }
      }
    }.call(this);
    // A failed batch (the database went away mid-export) ends the download instead of leaving it hanging.
    pipeline(Readable.from(batches), writer, () => undefined);
    return writer;
  }

  /**
   * Every event of a person's own log (no date range: the retention job bounds it), newest first, described in
   * `language`, in batches: the copy of their data (server/modules/account-data) reads it with flat memory.
   */
  userEvents(userId: string, language: string): AsyncGenerator<ActivityLogRow[]> {
    const { where } = whereOf({ kind: 'user', userId }, { type: 'user' }, { from: null, to: null });
    return this.describedBatches(where, userId, language);
  }

  /** The rows `where` selects, newest first, read by keyset (time, then insertion order) and described. */
  private async *describedBatches(
    where: SQL,
    callerId: string,
    language: string,
  ): AsyncGenerator<ActivityLogRow[]> {
    let after: SQL = sql``;
    for (;;) {
      const { rows } = (await this.s.db.execute(this.select(where, after, EXPORT_BATCH, 0))) as unknown as {
        rows: StoredRow[];
      };
      if (rows.length === 0) return;
      yield await this.describe(rows, callerId, language);
      if (rows.length < EXPORT_BATCH) return;
      const last = rows[rows.length - 1];
      const at = new Date(last.created_at).toISOString();
      after = sql`and (a.created_at, a.seq) < (${at}::timestamptz, ${Number(last.seq)})`;
    }
  }

  /** The caller's own successful sign-in event, or 404 (another person's event, or not a sign-in). */
  async ownSignIn(auth: AuthContext, eventId: string): Promise<{ id: string; createdAt: Date }> {
    const rows = (await this.s.db.execute(
      sql`select a.id, a.created_at, a.event_type, a.details from activity_logs a where a.id = ${eventId} and a.user_id = ${auth.userId}`,
    )) as unknown as { rows: Pick<StoredRow, 'id' | 'created_at' | 'event_type' | 'details'>[] };
    const row = rows.rows[0];
    if (!row || !this.reportable(row.event_type, row.details))
      throw notFound(ACTIVITY_MESSAGES.eventNotFound, 'ACTIVITY_EVENT_NOT_FOUND');
    return { id: row.id, createdAt: new Date(row.created_at) };
  }

  /** A sign-in that let someone in: a password login, or a partner SSO that logged in without a password step. */
  private reportable(eventType: string, details: Record<string, unknown> | null): boolean {
    if (!(SIGN_IN_EVENTS as readonly string[]).includes(eventType)) return false;
    return eventType !== 'sso.login' || details?.outcome === 'logged-in';
  }

  /** Stored rows as the contract's rows: names looked up once per page, the sentence in `language`. */
  async describe(rows: StoredRow[], callerId: string, language: string): Promise<ActivityLogRow[]> {
    const views = rows.map((row) => viewOf(row.event_type, row.details, row.email));
    const appIds = [
      ...new Set(views.flatMap((v) => (v.target?.kind === 'app' && v.target.id ? [v.target.id] : []))),
    ];
    const appNames = new Map(
      appIds.length > 0
        ? (
            await this.s.db
              .select({ id: apps.id, title: apps.title })
              .from(apps)
              .where(inArray(apps.id, appIds))
          ).map((app) => [app.id, app.title])
        : [],
    );
    const roleNames = await this.customRoleNames(rows, views);
    const roleLabel = (organizationId: string | null, role: unknown): string | null => {
      if (typeof role !== 'string' || !role) return null;
      if (BUILT_IN_ROLES.has(role)) return this.s.i18n.t(`activity.roles.${role}`, language);
      return roleNames.get(`${organizationId}/${role}`) ?? role;
    };

    return rows.map((row, index) => {
      const view = views[index];
      const actorName = fullName(row.actor_first, row.actor_last);
      const actor =
        row.user_id || row.email
          ? {
              id: row.user_id,
              name: actorName,
              // The account's address as it is now; the address typed at a failed sign-in when no account matched.
              email: row.actor_email ?? (view.target ? null : row.email),
            }
          : null;
      let target = view.target;
      if (target?.kind === 'user' && row.target_id) {
        target = {
          ...target,
          name: fullName(row.target_first, row.target_last) ?? row.target_email ?? target.name,
        };
      } else if (target?.kind === 'app' && target.id) {
        target = { ...target, name: appNames.get(target.id) ?? target.name };
      } else if (target?.kind === 'role' && target.id && !target.name) {
        target = { ...target, name: roleLabel(row.organization_id, target.id) };
      }
      const params: ActivityParams = { ...view.params };
      for (const key of ['role', 'before', 'after'] as const) {
        if (row.event_type.startsWith('member.') && typeof params[key] === 'string')
          params[`${key}Name`] = roleLabel(row.organization_id, params[key]);
      }
      return {
        id: row.id,
        time: new Date(row.created_at).toISOString(),
        eventType: row.event_type,
        category: activityCategoryOf(row.event_type),
        actor,
        organization: row.organization_id ? { id: row.organization_id, name: row.org_name } : null,
        target,
        ip: row.ip,
        device: deviceOf(row.user_agent),
        params,
        description: this.sentence(row.event_type, params, {
          actor: actorName ?? actor?.email ?? '',
          target: target?.name ?? '',
          organisation: row.org_name ?? '',
          language,
        }),
        reportable: row.user_id === callerId && this.reportable(row.event_type, row.details),
      };
    });
  }

  private async customRoleNames(
    rows: StoredRow[],
    views: ReturnType<typeof viewOf>[],
  ): Promise<Map<string, string>> {
    const wanted = new Set<string>();
    rows.forEach((row, index) => {
      const view = views[index];
      const candidates = [
        view.params.role,
        view.params.before,
        view.params.after,
        view.target?.kind === 'role' ? view.target.id : null,
      ];
      for (const role of candidates)
        if (row.organization_id && typeof role === 'string' && !BUILT_IN_ROLES.has(role)) wanted.add(role);
    });
    if (wanted.size === 0) return new Map();
    const organizationIds = [
      ...new Set(rows.flatMap((row) => (row.organization_id ? [row.organization_id] : []))),
    ];
    const found = await this.s.db
      .select({
        organizationId: organizationRoles.organizationId,
        roleId: organizationRoles.roleId,
        name: organizationRoles.name,
      })
      .from(organizationRoles)
      .where(
        and(
          inArray(organizationRoles.organizationId, organizationIds),
          inArray(organizationRoles.roleId, [...wanted]),
        ),
      );
    return new Map(
      found.flatMap((role) =>
        role.name ? [[`${role.organizationId}/${role.roleId}`, role.name] as const] : [],
      ),
    );
  }

  /**
   * The event's sentence (locales/<lang>/server.json `activity.events.<event type>`), its coded values (method,
   * second factor, change) translated first; an event type without a sentence gets the generic one.
   */
  private sentence(
    eventType: string,
    params: ActivityParams,
    names: { actor: string; target: string; organisation: string; language: string },
  ): string {
    const { i18n } = this.s;
    const { language } = names;
    const label = (group: string, value: unknown) => {
      if (typeof value !== 'string' || !value) return '';
      const key = `activity.${group}.${value}`;
      return i18n.isKey(key) ? i18n.t(key, language) : value;
    };
    const values: Record<string, string | number> = {
      actor: names.actor,
      target: names.target,
      organisation: names.organisation,
      event: eventType,
    };
    for (const [key, value] of Object.entries(params)) {
      if (value !== null) values[key] = typeof value === 'boolean' ? String(value) : value;
    }
    for (const key of NAME_VALUES) {
      const value = values[key];
      if (typeof value === 'string' && value) values[key] = isolated(value);
    }
    values.methodLabel = label('methods', params.method);
    values.factorLabel = label('factors', params.secondFactor ?? params.method);
    values.changeLabel = label('changes', params.change);
    values.reasonLabel = label('reasons', params.reason);
    values.stateLabel =
      typeof params.enabled === 'boolean' ? label('states', params.enabled ? 'enabled' : 'disabled') : '';
    const key = `activity.events.${eventType}`;
    if (i18n.isKey(key)) {
      // Variants: a sign-in with a second factor names it; a change of several kinds picks its own wording.
      const variant = `${key}_${String(params.method ?? params.change ?? '')}`;
      return i18n.t(i18n.isKey(variant) ? variant : key, language, values);
    }
    return i18n.t('activity.events.generic', language, values);
  }
}
