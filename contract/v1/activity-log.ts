/**
 * The activity log (docs/activity-log.md): what happened on the caller's account (`type=user`) or in the
 * organisation of their access token (`type=organisation`, needs `activity.view`), its CSV export, the caller's
 * signed-in sessions and "this wasn't me" on a sign-in. The organisation is never taken from the request: a member
 * of one organisation cannot name another's.
 */
import { Type, type Static } from 'typebox';
import { ACTIVITY_CATEGORIES, ACTIVITY_LIMITS, type ActivityCategory } from './activity-log-constants';
import { Envelope, MessageOnly, messages, Nullable, PageOffset } from './common';
import { endpoint } from './endpoint';

export { ACTIVITY_CATEGORIES, ACTIVITY_LIMITS };

const strict = { additionalProperties: false } as const;

/** `YYYY-MM-DD`, a day in the calendar of `timeZone` (default: the organisation's, else UTC). */
const Day = (field: 'fromDate' | 'toDate') =>
  Type.String({
    maxLength: 10,
    pattern: '^\\d{4}-\\d{2}-\\d{2}$',
    ...messages({ pattern: 'server:validation.activity.date', maxLength: 'server:validation.activity.date' }),
    description: `${field === 'fromDate' ? 'First' : 'Last'} day (inclusive), within the last ${ACTIVITY_LIMITS.dateFilterDays} days up to today.`,
  });

export const ActivityLogType = Type.Union([Type.Literal('user'), Type.Literal('organisation')], {
  ...messages({ anyOf: 'server:validation.activity.type', required: 'server:validation.activity.type' }),
});
export type ActivityLogType = Static<typeof ActivityLogType>;

export const ActivityCategoryName = Type.Unsafe<ActivityCategory>(
  Type.String({
    enum: [...ACTIVITY_CATEGORIES],
    ...messages({ enum: 'server:validation.activity.eventType' }),
  }),
);

/** The filters of the list and of the export. */
const filters = {
  type: ActivityLogType,
  /** Free text over the event (type and sentence's values), actor (name, email), target, IP; matched literally. */
  search: Type.Optional(
    Type.String({
      maxLength: ACTIVITY_LIMITS.searchMax,
      ...messages({ maxLength: 'server:validation.activity.search' }),
    }),
  ),
  fromDate: Type.Optional(Day('fromDate')),
  toDate: Type.Optional(Day('toDate')),
  /** A category (ACTIVITY_CATEGORIES): `sign-in`, `security`, `members`… */
  eventType: Type.Optional(ActivityCategoryName),
  /**
   * The IANA zone whose days `fromDate`/`toDate` name: the zone the portal shows times in (the access answer's
   * `regionalConfig.timeZone`, or the device's with `matchDeviceTime`). Default: the organisation's, else UTC.
   */
  timeZone: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      ...messages({
        minLength: 'server:validation.timeZoneInvalid',
        maxLength: 'server:validation.timeZoneInvalid',
      }),
    }),
  ),
};

/**
 * GET /v1/activity-logs?type&offset&limit&search&fromDate&toDate&eventType&timeZone, newest first. A range beyond
 * the last 89 days, `toDate` before `fromDate` or a `limit` over ACTIVITY_LIMITS.pageSizeMax answers 400.
 */
export const ActivityLogQuery = Type.Object(
  {
    ...filters,
    offset: Type.Optional(PageOffset('server:validation.activity.offset')),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: ACTIVITY_LIMITS.pageSizeMax,
        default: ACTIVITY_LIMITS.pageSizeDefault,
        ...messages({
          minimum: 'server:validation.activity.limit',
          maximum: 'server:validation.activity.limit',
          type: 'server:validation.activity.limit',
        }),
      }),
    ),
  },
  strict,
);
export type ActivityLogQuery = Static<typeof ActivityLogQuery>;

/** GET /v1/activity-logs/export: the same filters, every matching row (no paging). */
export const ActivityLogExportQuery = Type.Object(filters, strict);
export type ActivityLogExportQuery = Static<typeof ActivityLogExportQuery>;

/** Someone named by an event: who did it, or whom it was about. */
export const ActivityPerson = Type.Object({
  /** Null when the event names no account (a failed sign-in for an unknown address). */
  id: Nullable(Type.String()),
  /** "First Last" of an account that still exists, else null. */
  name: Nullable(Type.String()),
  email: Nullable(Type.String()),
});
export type ActivityPerson = Static<typeof ActivityPerson>;

/** What an event was done to, beyond its actor: a member, an invitation, an app, a role, a session… */
export const ActivityTarget = Type.Object({
  kind: Type.Union([
    Type.Literal('user'),
    Type.Literal('invitation'),
    Type.Literal('app'),
    Type.Literal('role'),
    Type.Literal('organisation'),
    Type.Literal('session'),
  ]),
  id: Nullable(Type.String()),
  /** A readable name: the person's name or email, the app's or role's name; null when unknown. */
  name: Nullable(Type.String()),
});
export type ActivityTarget = Static<typeof ActivityTarget>;

/** The browser and operating system parsed from the user agent (ua-parser-js); null parts were not recognised. */
export const ActivityDevice = Type.Object({
  browser: Nullable(Type.String()),
  os: Nullable(Type.String()),
  /** `mobile`, `tablet`… from the parser; null for a desktop or an unknown device. */
  type: Nullable(Type.String()),
});
export type ActivityDevice = Static<typeof ActivityDevice>;

/** Values of an event's sentence, by name (`method`, `role`, `before`, `after`, `app`, `fields`, `reason`…). */
export const ActivityParams = Type.Record(
  Type.String(),
  Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
);
export type ActivityParams = Static<typeof ActivityParams>;

/** One event of the log. */
export const ActivityLogRow = Type.Object({
  id: Type.String(),
  /** When it happened, ISO 8601 (the portal shows it in the user's zone and format). */
  time: Type.String({ format: 'date-time' }),
  /** The audit event type (`login.success`, `member.role-changed`…): the portal's sentence key. */
  eventType: Type.String(),
  category: ActivityCategoryName,
  actor: Nullable(ActivityPerson),
  organization: Nullable(Type.Object({ id: Type.String(), name: Nullable(Type.String()) })),
  target: Nullable(ActivityTarget),
  ip: Nullable(Type.String()),
  device: ActivityDevice,
  /** The values the portal's sentence for `eventType` interpolates (docs/activity-log.md lists them). */
  params: ActivityParams,
  /** The same sentence written by the server in the caller's language (Accept-Language): the CSV's description. */
  description: Type.String(),
  /** The caller's own successful sign-in: "This wasn't me" is offered (POST /v1/activity-logs/:id/not-me). */
  reportable: Type.Boolean(),
});
export type ActivityLogRow = Static<typeof ActivityLogRow>;

export const ActivityLogData = Type.Object({
  items: Type.Array(ActivityLogRow),
  /** Rows matching the filters, on every page, counted up to ACTIVITY_LIMITS.totalMax (10,000). */
  total: Type.Integer(),
  offset: Type.Integer(),
  limit: Type.Integer(),
});
export type ActivityLogData = Static<typeof ActivityLogData>;
export const ActivityLogResponse = Envelope(ActivityLogData);

/**
 * The export's 200 is not JSON: a `text/csv; charset=utf-8` attachment (UTF-8 with a byte-order mark, a header
 * row, RFC 4180 quoting, cells starting with = + - @ prefixed with an apostrophe), streamed.
 */
export const ActivityLogCsv = Type.String({
  description:
    'text/csv; charset=utf-8 attachment: time, event, description, actor, actor email, organisation, target, IP, browser, OS',
});

/** POST /v1/activity-logs/:id/not-me: the caller did not make this sign-in. */
export const ActivityEventParams = Type.Object(
  {
    id: Type.String({
      minLength: 1,
      maxLength: 64,
      ...messages({
        required: 'server:validation.activity.idRequired',
        minLength: 'server:validation.activity.idRequired',
      }),
    }),
  },
  strict,
);
export type ActivityEventParams = Static<typeof ActivityEventParams>;

// ---------------------------------------------------------------------------------------------------------------
// Sessions

/** One of the caller's signed-in sessions (a login, with the organisation sessions it opened). */
export const UserSession = Type.Object({
  id: Type.String(),
  device: ActivityDevice,
  /** The address of its last sign-in or refresh; null for a session opened before addresses were kept. */
  ip: Nullable(Type.String()),
  /** When it signed in. */
  firstSeenAt: Type.String({ format: 'date-time' }),
  /** Its last token refresh (an open portal refreshes about every 14 minutes), or the sign-in. */
  lastSeenAt: Type.String({ format: 'date-time' }),
  /** The session of this access token. */
  current: Type.Boolean(),
});
export type UserSession = Static<typeof UserSession>;
export const UserSessionListData = Type.Object({ items: Type.Array(UserSession) });
export type UserSessionListData = Static<typeof UserSessionListData>;
export const UserSessionListResponse = Envelope(UserSessionListData);

/** DELETE /v1/user/sessions/:sessionId: end one of the caller's sessions (its tokens stop working at once). */
export const UserSessionParams = Type.Object(
  {
    sessionId: Type.String({
      minLength: 1,
      maxLength: 64,
      ...messages({
        required: 'server:validation.activity.sessionRequired',
        minLength: 'server:validation.activity.sessionRequired',
      }),
    }),
  },
  strict,
);
export type UserSessionParams = Static<typeof UserSessionParams>;

/** POST /v1/user/sessions/end-others: every session but this one ends. */
export const EndOtherSessionsData = Type.Object({ ended: Type.Integer() });
export type EndOtherSessionsData = Static<typeof EndOtherSessionsData>;
export const EndOtherSessionsResponse = Envelope(EndOtherSessionsData);

const OPENAPI_TAG = 'Activity log and sessions';

/**
 * Activity log and sessions (docs/activity-log.md). Account-scoped: `type=user` is the caller's own log; for
 * `type=organisation` the handler applies the organisation gate and requires `activity.view` in the token's
 * organisation (one query parameter decides the view, so the entry cannot carry the permission itself).
 */
export const activityLogEndpoints = {
  activityLogs: endpoint(
    {
      method: 'GET',
      path: '/v1/activity-logs',
      auth: 'session',
      scope: 'account',
      tag: OPENAPI_TAG,
      description:
        "The caller's own events (type=user) or the events of the token's organisation (type=organisation, needs activity.view), newest first, paged (offset from 1); filters: search (literal text over event, actor, target, IP), fromDate/toDate (days of timeZone within the last 89 days), eventType (a category). Reading writes nothing.",
    },
    { query: ActivityLogQuery, response: ActivityLogResponse },
  ),
  exportActivityLogs: endpoint(
    {
      method: 'GET',
      path: '/v1/activity-logs/export',
      auth: 'session',
      scope: 'account',
      tag: OPENAPI_TAG,
      description:
        'The filtered events as a streamed text/csv attachment (UTF-8, header row, RFC 4180, cells starting with = + - @ escaped); same rules as GET /v1/activity-logs.',
    },
    { query: ActivityLogExportQuery, response: ActivityLogCsv },
  ),
  reportActivity: endpoint(
    {
      method: 'POST',
      path: '/v1/activity-logs/:id/not-me',
      auth: 'session',
      scope: 'account',
      tag: OPENAPI_TAG,
      description:
        '"This wasn\'t me" on one of the caller\'s own successful sign-ins: every session of the account ends (this one too), a password reset link is mailed and the report is recorded.',
    },
    { params: ActivityEventParams, response: MessageOnly },
  ),
  userSessions: endpoint(
    {
      method: 'GET',
      path: '/v1/user/sessions',
      auth: 'session',
      scope: 'account',
      tag: OPENAPI_TAG,
      description:
        "The caller's signed-in sessions (device, IP, first and last seen), the current one marked.",
    },
    { response: UserSessionListResponse },
  ),
  endUserSession: endpoint(
    {
      method: 'DELETE',
      path: '/v1/user/sessions/:sessionId',
      auth: 'session',
      scope: 'account',
      tag: OPENAPI_TAG,
      description: "Ends one of the caller's sessions: its refresh and access tokens stop working at once.",
    },
    { params: UserSessionParams, response: MessageOnly },
  ),
  endOtherUserSessions: endpoint(
    {
      method: 'POST',
      path: '/v1/user/sessions/end-others',
      auth: 'session',
      scope: 'account',
      tag: OPENAPI_TAG,
      description: "Ends every session of the caller's account except the current one.",
    },
    { response: EndOtherSessionsResponse },
  ),
} as const;
