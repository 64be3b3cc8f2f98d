/**
 * Members and invitations of the active organisation, its IP allow-list and its scheduled jobs
 * (docs/access-control.md; limits in docs/limits-and-timing.md). Every call is scoped to the organisation of the
 * caller's organisation access token: no organisation id is ever taken from the request, so a member of one
 * organisation cannot name another's.
 */
import { Type, type Static } from 'typebox';
import { EmailAddress, Envelope, MessageOnly, messages, Nullable, PageOffset } from './common';
import { MEMBER_LIMITS, MEMBER_STATUSES } from './constants';
import { endpoint } from './endpoint';

export { MEMBER_LIMITS, MEMBER_STATUSES };

const strict = { additionalProperties: false } as const;

export const MemberStatus = Type.Union(
  [Type.Literal('active'), Type.Literal('invited'), Type.Literal('expired')],
  {
    ...messages({ anyOf: 'server:validation.members.status' }),
  },
);
export type MemberStatus = Static<typeof MemberStatus>;

/** A role name: a built-in role (owner, admin, member) or a custom role of the organisation. */
const RoleName = Type.String({
  minLength: 1,
  maxLength: 64,
  ...messages({
    required: 'server:validation.members.roleRequired',
    minLength: 'server:validation.members.roleRequired',
    maxLength: 'server:validation.members.roleInvalid',
  }),
});

/** A row id from the members list: a user id (member) or an invitation id. */
const RowId = Type.String({
  minLength: 1,
  maxLength: 64,
  ...messages({
    required: 'server:validation.members.idRequired',
    minLength: 'server:validation.members.idRequired',
    maxLength: 'server:validation.members.idRequired',
  }),
});

/** `YYYY-MM-DD`, a day in the organisation's calendar as the portal's date filter sends it. */
const Day = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  ...messages({ pattern: 'server:validation.members.date' }),
});

/**
 * GET /v1/organization/member?offset&limit&search&role&status&fromDate&toDate. `search` matches name or email
 * (case-insensitive, part of it); `fromDate`/`toDate` bound the date joined (members) or invited (invitations),
 * both inclusive, within the last MEMBER_LIMITS.dateFilterDays days up to today, else 400.
 */
export const MemberListQuery = Type.Object(
  {
    offset: Type.Optional(PageOffset('server:validation.members.offset')),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MEMBER_LIMITS.pageSizeMax,
        default: MEMBER_LIMITS.pageSizeDefault,
        ...messages({
          minimum: 'server:validation.members.limit',
          maximum: 'server:validation.members.limit',
          type: 'server:validation.members.limit',
        }),
      }),
    ),
    search: Type.Optional(
      Type.String({ maxLength: 256, ...messages({ maxLength: 'server:validation.members.search' }) }),
    ),
    role: Type.Optional(RoleName),
    status: Type.Optional(MemberStatus),
    fromDate: Type.Optional(Day),
    toDate: Type.Optional(Day),
  },
  strict,
);
export type MemberListQuery = Static<typeof MemberListQuery>;

/** One row of the members table: an active member or an invitation (pending or expired). */
export const MemberRow = Type.Object({
  /** The user id of a member, the invitation id of an invitation: what resend, change role and remove take. */
  id: Type.String(),
  kind: Type.Union([Type.Literal('member'), Type.Literal('invitation')]),
  /** "First Last" of a member; null for an invitation. */
  name: Nullable(Type.String()),
  email: Type.String(),
  /** The role's id: 'owner', 'admin', 'member' or a custom role's id (GET /v1/roles). */
  role: Type.String(),
  /** Built-in roles: their id (the portal translates it); custom roles: their name. */
  roleName: Type.String(),
  status: MemberStatus,
  /** When the member joined, or when the invitation was (last) sent: ISO 8601. */
  date: Type.String(),
  /** Invitations only: when the link stops working (ISO 8601). */
  expiresAt: Nullable(Type.String()),
  /** True on the caller's own row (they cannot change their own role or remove themselves; they may leave). */
  isSelf: Type.Boolean(),
});
export type MemberRow = Static<typeof MemberRow>;

export const MemberListData = Type.Object({
  items: Type.Array(MemberRow),
  /** Rows matching the filters, on every page. */
  total: Type.Integer(),
  offset: Type.Integer(),
  limit: Type.Integer(),
});
export type MemberListData = Static<typeof MemberListData>;
export const MemberListResponse = Envelope(MemberListData);

/** POST /v1/organization/member: invite an address with a role (never owner; never above the inviter's). */
export const InviteMemberBody = Type.Object({ email: EmailAddress, role: RoleName }, strict);
export type InviteMemberBody = Static<typeof InviteMemberBody>;
export const MemberRowResponse = Envelope(MemberRow);

/** POST /v1/organization/member/resend-email: a new mail and a new expiry for a pending or expired invitation. */
export const ResendInvitationBody = Type.Object({ invitationId: RowId }, strict);
export type ResendInvitationBody = Static<typeof ResendInvitationBody>;

/** PATCH /v1/organization/member: change a member's role (`id` a member's user id, or a pending invitation's id). */
export const UpdateMemberRoleBody = Type.Object({ id: RowId, role: RoleName }, strict);
export type UpdateMemberRoleBody = Static<typeof UpdateMemberRoleBody>;

/** DELETE /v1/organization/member/:id/remove: remove a member or revoke an invitation. */
export const MemberIdParams = Type.Object({ id: RowId }, strict);
export type MemberIdParams = Static<typeof MemberIdParams>;

/**
 * POST /v1/organization/leave `{ orgId }`: the caller leaves an organisation they belong to and do not own. Any
 * session may call it (the login's or an organisation's); their sessions of that organisation end.
 */
export const LeaveOrganizationBody = Type.Object(
  {
    orgId: Type.String({
      minLength: 1,
      maxLength: 512,
      ...messages({
        required: 'server:validation.idRequired.orgId',
        minLength: 'server:validation.idRequired.orgId',
      }),
    }),
  },
  strict,
);
export type LeaveOrganizationBody = Static<typeof LeaveOrganizationBody>;

/** GET /v1/detect-ip: the caller's address as this server sees it (through TRUST_PROXY only). */
export const DetectIpData = Type.Object({ ip: Type.String() });
export type DetectIpData = Static<typeof DetectIpData>;
export const DetectIpResponse = Envelope(DetectIpData);

/**
 * GET/PATCH /v1/ip: the organisation's IP allow-list, CIDR ranges (`203.0.113.0/24`, `2001:db8::/32`) or single
 * addresses. Empty = every address may use the organisation. The answer also carries the caller's address.
 */
export const IpAllowListBody = Type.Object(
  {
    ranges: Type.Array(
      Type.String({
        minLength: 1,
        maxLength: 64,
        ...messages({ minLength: 'server:validation.ip.range', maxLength: 'server:validation.ip.range' }),
      }),
      {
        maxItems: MEMBER_LIMITS.ipAllowListMax,
        ...messages({
          maxItems: 'server:validation.ip.tooMany',
          required: 'server:validation.ip.rangesRequired',
          type: 'server:validation.ip.rangesRequired',
        }),
      },
    ),
  },
  strict,
);
export type IpAllowListBody = Static<typeof IpAllowListBody>;
export const IpAllowListData = Type.Object({
  /** Normalised (`10.0.0.0/8`, `2001:db8::/32`), in the order saved. */
  ranges: Type.Array(Type.String()),
  callerIp: Type.String(),
});
export type IpAllowListData = Static<typeof IpAllowListData>;
export const IpAllowListResponse = Envelope(IpAllowListData);

/** GET/PATCH /v1/cron/config: the organisation's scheduled jobs. */
export const CronConfigData = Type.Object({
  /** Activity-log entries of the organisation older than this many days are deleted by the daily retention job. */
  activityLogRetentionDays: Type.Integer(),
  /** Owners and admins receive a weekly summary of members and invitations by mail. */
  membersDigest: Type.Boolean(),
  /** When each job last ran for this organisation (ISO 8601), null before its first run. */
  lastRetentionRunAt: Nullable(Type.String()),
  lastDigestRunAt: Nullable(Type.String()),
});
export type CronConfigData = Static<typeof CronConfigData>;
export const CronConfigResponse = Envelope(CronConfigData);

export const CronConfigBody = Type.Object(
  {
    activityLogRetentionDays: Type.Optional(
      Type.Integer({
        minimum: MEMBER_LIMITS.retentionDaysMin,
        maximum: MEMBER_LIMITS.retentionDaysMax,
        ...messages({
          minimum: 'server:validation.cron.retention',
          maximum: 'server:validation.cron.retention',
          type: 'server:validation.cron.retention',
        }),
      }),
    ),
    membersDigest: Type.Optional(Type.Boolean({ ...messages({ type: 'server:validation.cron.digest' }) })),
  },
  strict,
);
export type CronConfigBody = Static<typeof CronConfigBody>;

const OPENAPI_TAG = 'Organisation members';

/**
 * Organisation members and invitations (docs/access-control.md): scoped to the organisation of the access token
 */
export const organizationMemberEndpoints = {
  organizationMembers: endpoint(
    {
      method: 'GET',
      path: '/v1/organization/member',
      auth: 'session',
      permission: 'members.view',
      tag: OPENAPI_TAG,
      description:
        'Members and invitations (pending or expired) of the active organisation in one paged list; offset starts at 1.',
    },
    { query: MemberListQuery, response: MemberListResponse },
  ),
  inviteMember: endpoint(
    {
      method: 'POST',
      path: '/v1/organization/member',
      auth: 'session',
      permission: 'members.manage',
      tag: OPENAPI_TAG,
      description:
        'Invites an address with a role (never owner, never one holding a permission the inviter lacks); the mail links to /invite, valid 7 days.',
    },
    { body: InviteMemberBody, response: MemberRowResponse },
  ),
  resendInvitation: endpoint(
    {
      method: 'POST',
      path: '/v1/organization/member/resend-email',
      auth: 'session',
      permission: 'members.manage',
      tag: OPENAPI_TAG,
      description: 'Mails a pending or expired invitation again, valid 7 days from now.',
    },
    { body: ResendInvitationBody, response: MemberRowResponse },
  ),
  updateMemberRole: endpoint(
    {
      method: 'PATCH',
      path: '/v1/organization/member',
      auth: 'session',
      permission: 'members.manage',
      tag: OPENAPI_TAG,
      description:
        "Changes a member's (or a pending invitation's) role: not one's own, not the owner's, never to owner (ownership moves by transfer).",
    },
    { body: UpdateMemberRoleBody, response: MemberRowResponse },
  ),
  removeMember: endpoint(
    {
      method: 'DELETE',
      path: '/v1/organization/member/:id/remove',
      auth: 'session',
      permission: 'members.manage',
      tag: OPENAPI_TAG,
      description:
        'Removes a member (their tokens of the organisation stop working at their next request) or revokes an invitation. The owner cannot be removed.',
    },
    { params: MemberIdParams, response: MessageOnly },
  ),
  leaveOrganization: endpoint(
    {
      method: 'POST',
      path: '/v1/organization/leave',
      auth: 'session',
      scope: 'account',
      tag: OPENAPI_TAG,
      description:
        'The caller leaves an organisation they belong to and do not own; their tokens of it stop working for it.',
    },
    { body: LeaveOrganizationBody, response: MessageOnly },
  ),
} as const;
