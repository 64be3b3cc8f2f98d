import type { ActivityParams, ActivityTarget } from '../../../contract/v1/activity-log';

/**
 * How one stored event reads: whom or what it was done to, and the values of its sentence. Features write
 * `details` in their own words (server/audit/audit-trail.ts); this is the one place that knows them, so the
 * list, the CSV and the search agree. An event type this does not know still shows: its scalar details become
 * its params and its sentence is the generic one.
 */
export interface EventView {
  target: ActivityTarget | null;
  params: ActivityParams;
}

type Details = Record<string, unknown>;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 ? value : null;
const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** What a list-valued change added and removed (ACL permissions, IP ranges), as sentence values. */
function listChange(before: unknown, after: unknown): ActivityParams {
  const was = new Set(list(before));
  const is = new Set(list(after));
  return {
    added: [...is].filter((item) => !was.has(item)).join(', '),
    removed: [...was].filter((item) => !is.has(item)).join(', '),
  };
}

/** Scalar details as params, for event types nobody described here yet. */
function scalars(details: Details): ActivityParams {
  const params: ActivityParams = {};
  for (const [key, value] of Object.entries(details)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      params[key] = value;
  }
  return params;
}

/** How the person proved who they are on a successful sign-in (`method` of the sentence). */
function signInMethod(eventType: string, details: Details): ActivityParams {
  if (eventType === 'sso.login') return { method: 'sso', secondFactor: null, outcome: text(details.outcome) };
  if (details.method === 'passkey') return { method: 'passkey', secondFactor: null };
  const secondFactor = text(details.secondFactor);
  if (secondFactor) return { method: 'two-factor', secondFactor };
  return { method: details.sso === true ? 'sso-password' : 'password', secondFactor: null };
}

/** The user the event was about, by id: `targetUserId`, or `target` when `kind` says it is a member. */
export function targetUserIdOf(details: Details | null): string | null {
  if (!details) return null;
  return text(details.targetUserId) ?? (details.kind === 'member' ? text(details.target) : null);
}

export function viewOf(eventType: string, details: Details | null, email: string | null): EventView {
  const d = details ?? {};
  const user = (id: string | null, name: string | null = null): ActivityTarget => ({
    kind: 'user',
    id,
    name,
  });
  switch (eventType) {
    case 'login.success':
    case 'sso.login':
      return { target: null, params: signInMethod(eventType, d) };
    case 'login.failure':
      return { target: null, params: { reason: text(d.reason), email } };
    case 'login.throttled':
    case 'password.reset-requested':
      return { target: null, params: { email } };
    case 'two-factor.success':
    case 'two-factor.failure':
    case 'two-factor.code-sent':
      return { target: null, params: { method: text(d.type), during: text(d.during) } };
    case 'two-factor.changed':
      return { target: null, params: { method: text(d.method), change: text(d.change) } };
    case 'passkey.added':
    case 'passkey.removed':
      return { target: null, params: { name: text(d.name) } };
    case 'passkey.renamed':
      return { target: null, params: { name: text(d.name), before: text(d.before) } };
    case 'passkey.refused':
      return { target: null, params: { during: text(d.during), reason: text(d.reason) } };
    case 'passkey.counter-rollback':
      return { target: null, params: { name: text(d.name) } };
    case 'recovery-codes.used':
      return { target: null, params: { remaining: typeof d.remaining === 'number' ? d.remaining : 0 } };
    case 'reauth.success':
    case 'reauth.failure':
      return { target: null, params: { method: text(d.method) } };
    case 'profile.updated': {
      const fields = list(d.fields);
      return {
        target: null,
        params: {
          fields: fields.join(', '),
          recoveryEmail: fields.includes('recoveryEmail'),
          phoneNumber: fields.includes('phoneNumber'),
        },
      };
    }
    case 'refresh.reuse':
    case 'session.ended':
      return { target: { kind: 'session', id: text(d.sessionId), name: null }, params: {} };
    case 'session.others-ended':
      return { target: null, params: { count: typeof d.count === 'number' ? d.count : 0 } };
    case 'activity-log.not-me-reported':
      return { target: null, params: { reportedEvent: text(d.eventId) } };
    case 'organization.access':
      return { target: null, params: { portal: text(d.portal) } };
    case 'invitation.accepted':
      return { target: null, params: {} };
    case 'app.launch':
    case 'app.sso':
    case 'app.launch-token-exchanged':
    case 'app.sso-token-exchanged':
    case 'app.config-changed':
      return { target: { kind: 'app', id: text(d.appId), name: null }, params: { portal: text(d.portal) } };
    case 'app.status-changed':
      return {
        target: { kind: 'app', id: text(d.appId), name: null },
        params: { enabled: d.enabled === true },
      };
    case 'member.invited':
    case 'member.invitation-resent':
      return {
        target: { kind: 'invitation', id: text(d.invitationId), name: email },
        params: { role: text(d.role) },
      };
    case 'member.invitation-revoked':
      return {
        target: { kind: 'invitation', id: text(d.target), name: email },
        params: { role: text(d.before) },
      };
    case 'member.role-changed':
      return {
        target:
          d.kind === 'invitation'
            ? { kind: 'invitation', id: text(d.target), name: email }
            : user(text(d.target), email),
        params: { before: text(d.before), after: text(d.after) },
      };
    case 'member.removed':
    case 'member.left':
      return { target: user(text(d.target), email), params: { role: text(d.before) } };
    case 'organization.ownership-transferred':
    case 'organization.ownership-refused':
      return { target: user(text(d.targetUserId)), params: {} };
    case 'organization.created':
      return { target: null, params: { name: text(d.name) } };
    case 'organization.updated':
      return {
        target: null,
        params: { fields: Object.keys((d.after as Details | undefined) ?? {}).join(', ') },
      };
    case 'role.created':
    case 'role.deleted':
      return { target: { kind: 'role', id: text(d.roleId), name: text(d.name) }, params: {} };
    case 'role.renamed':
      return {
        target: { kind: 'role', id: text(d.roleId), name: text(d.after) },
        params: { before: text(d.before), after: text(d.after) },
      };
    case 'acl.updated':
      return {
        target: { kind: 'role', id: text(d.roleId), name: null },
        params: listChange(d.before, d.after),
      };
    case 'ip-allow-list.updated':
      return { target: null, params: listChange(d.before, d.after) };
    case 'cron-config.updated': {
      const after = (d.after as Details | undefined) ?? {};
      return {
        target: null,
        params: {
          retentionDays:
            typeof after.activityLogRetentionDays === 'number' ? after.activityLogRetentionDays : null,
          membersDigest: typeof after.membersDigest === 'boolean' ? after.membersDigest : null,
        },
      };
    }
    case 'activity-log.retention-applied':
      return { target: null, params: scalars(d) };
    default: {
      const targetUserId = targetUserIdOf(d);
      return { target: targetUserId ? user(targetUserId, email) : null, params: scalars(d) };
    }
  }
}
