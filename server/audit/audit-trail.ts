import type { FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { activityLogs } from '../db/schema';
import { newId } from '../security/random';

/**
 * The event-type catalogue, one key per event type, named `<feature>.<what>` (`billing.card-added`,
 * `branding.updated`, `kyc.submitted`): the activity log files them under a category by their prefix
 * (contract/v1/activity-log-constants.ts, `activityCategoryOf`; an unknown prefix is `other`) and writes their
 * sentence from `activity.events.<feature>.<what>` in the server's texts (locales/<lang>/server.json, or the
 * feature's `<feature>.server.json`); an event without a sentence still shows, with a generic one. Put the target of
 * the event in `details` as `targetUserId`, `appId` or `roleId` (with `name`) so the log can name it
 * (docs/activity-log.md).
 *
 * The catalogue is open: the core features list their events here, and a plugin's server module declares its own
 * by declaration merging in its own file (docs/plugins.md, step 7), so no core file changes for a new feature's
 * events and a misspelt event still does not compile (audit-trail.test-d.ts).
 * @example
 * // server/modules/team-notes/index.ts
 * declare module '../../audit/audit-trail' {
 *   interface AuditEventCatalogue {
 *     'team-notes.added': true;
 *   }
 * }
 * await audit.record(request, { event: 'team-notes.added', userId, organizationId });
 */
export interface AuditEventCatalogue {
  'login.success': true;
  'login.failure': true;
  'login.throttled': true;
  'login.challenge': true;
  logout: true;
  register: true;
  'email.verified': true;
  'email-change.requested': true;
  'email-change.confirmed': true;
  'email-change.undone': true;
  'password.reset-requested': true;
  'password.reset': true;
  'password.changed': true;
  'password.change-failed': true;
  'sso.application': true;
  'sso.login': true;
  'sso.refused': true;
  'sso.register': true;
  'two-factor.success': true;
  'two-factor.failure': true;
  'two-factor.code-sent': true;
  'two-factor.changed': true;
  'passkey.added': true;
  'passkey.renamed': true;
  'passkey.removed': true;
  'passkey.refused': true;
  'passkey.counter-rollback': true;
  'recovery-codes.generated': true;
  'recovery-codes.used': true;
  'reauth.success': true;
  'reauth.failure': true;
  'refresh.reuse': true;
  'invitation.accepted': true;
  'organization.access': true;
  'profile.updated': true;
  'app.launch': true;
  'app.launch-token-exchanged': true;
  'app.sso': true;
  'app.sso-token-exchanged': true;
  'app.status-changed': true;
  'app.config-changed': true;
  'kyc.document-uploaded': true;
  'kyc.submitted': true;
  'kyc.status-changed': true;
  'kyb.document-uploaded': true;
  'kyb.submitted': true;
  'kyb.status-changed': true;
  'kyb.reset': true;
  'billing.card-added': true;
  'billing.card-declined': true;
  'billing.card-removed': true;
  'billing.card-primary': true;
  'billing.card-verification-started': true;
  'billing.card-verification-failed': true;
  'billing.card-verified': true;
  'billing.purchase': true;
  'billing.purchase-declined': true;
  'billing.renewal-changed': true;
  'billing.renewed': true;
  'billing.renewal-failed': true;
  'billing.payg-activated': true;
  'billing.payg-cap-changed': true;
  'billing.payg-deactivated': true;
  'billing.payg-invoiced': true;
  'billing.payg-threshold': true;
  'billing.card-updated': true;
  'billing.payment-settled': true;
  'billing.payment-unmatched': true;
  'organization.created': true;
  'organization.updated': true;
  'organization.ownership-transferred': true;
  'organization.ownership-refused': true;
  'role.created': true;
  'role.renamed': true;
  'role.deleted': true;
  'acl.updated': true;
  'member.invited': true;
  'member.invitation-resent': true;
  'member.invitation-revoked': true;
  'member.role-changed': true;
  'member.removed': true;
  'member.left': true;
  'ip-allow-list.updated': true;
  'cron-config.updated': true;
  'branding.updated': true;
  'branding.reset': true;
  'activity-log.retention-applied': true;
  'activity-log.not-me-reported': true;
  'session.ended': true;
  'session.others-ended': true;
  'account.data-export-requested': true;
  'account.data-export-ready': true;
  'account.data-export-downloaded': true;
  'account.deletion-refused': true;
  'account.deleted': true;
}

/** An event type of the catalogue (`AuditEventCatalogue`), the shipped ones and those the features declare. */
export type AuditEvent = keyof AuditEventCatalogue & string;

export interface AuditEntry {
  event: AuditEvent;
  userId?: string | null;
  organizationId?: string | null;
  email?: string | null;
  details?: Record<string, unknown>;
}

/** The activity table every authentication event is written to; the activity-log plugin reads it. */
export class AuditTrail {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Writes one event. Pass the action's transaction as `executor` so the event and the change it records are
   * stored together or not at all (docs/access-control.md).
   */
  async record(request: FastifyRequest | null, entry: AuditEntry, executor: Db = this.db): Promise<void> {
    const agent = request?.headers['user-agent'];
    await executor.insert(activityLogs).values({
      id: newId(),
      eventType: entry.event,
      userId: entry.userId ?? null,
      organizationId: entry.organizationId ?? null,
      email: entry.email ?? null,
      ip: request?.ip ?? null,
      userAgent: typeof agent === 'string' ? agent.slice(0, 512) : null,
      details: entry.details ?? null,
      createdAt: this.clock.now(),
    });
  }
}
