import type { FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { activityLogs } from '../db/schema';
import { newId } from '../security/random';

/**
 * The event-type catalogue. A feature adds its events here, named `<feature>.<what>` (`billing.card-added`,
 * `branding.updated`, `kyc.submitted`): the activity log files them under a category by their prefix
 * (contract/v1/activity-log-constants.ts, `activityCategoryOf`) and writes their sentence from
 * `activity.events.<feature>.<what>` in locales/<lang>/server.json; an event without a sentence still shows, with a
 * generic one. Put the target of the event in `details` as `targetUserId`, `appId` or `roleId` (with `name`) so the
 * log can name it (docs/activity-log.md).
 */
export type AuditEvent =
  | 'login.success'
  | 'login.failure'
  | 'login.throttled'
  | 'login.challenge'
  | 'logout'
  | 'register'
  | 'email.verified'
  | 'email-change.requested'
  | 'email-change.confirmed'
  | 'email-change.undone'
  | 'password.reset-requested'
  | 'password.reset'
  | 'password.changed'
  | 'password.change-failed'
  | 'sso.application'
  | 'sso.login'
  | 'sso.refused'
  | 'sso.register'
  | 'two-factor.success'
  | 'two-factor.failure'
  | 'two-factor.code-sent'
  | 'two-factor.changed'
  | 'passkey.added'
  | 'passkey.renamed'
  | 'passkey.removed'
  | 'passkey.refused'
  | 'passkey.counter-rollback'
  | 'recovery-codes.generated'
  | 'recovery-codes.used'
  | 'reauth.success'
  | 'reauth.failure'
  | 'refresh.reuse'
  | 'invitation.accepted'
  | 'organization.access'
  | 'profile.updated'
  | 'app.launch'
  | 'app.launch-token-exchanged'
  | 'app.sso'
  | 'app.sso-token-exchanged'
  | 'app.status-changed'
  | 'app.config-changed'
  | 'kyc.document-uploaded'
  | 'kyc.submitted'
  | 'kyc.status-changed'
  | 'kyb.document-uploaded'
  | 'kyb.submitted'
  | 'kyb.status-changed'
  | 'kyb.reset'
  | 'billing.card-added'
  | 'billing.card-declined'
  | 'billing.card-removed'
  | 'billing.card-primary'
  | 'billing.card-verification-started'
  | 'billing.card-verification-failed'
  | 'billing.card-verified'
  | 'billing.purchase'
  | 'billing.purchase-declined'
  | 'billing.renewal-changed'
  | 'billing.renewed'
  | 'billing.renewal-failed'
  | 'billing.payg-activated'
  | 'billing.payg-cap-changed'
  | 'billing.payg-deactivated'
  | 'billing.payg-invoiced'
  | 'billing.payg-threshold'
  | 'billing.card-updated'
  | 'billing.payment-settled'
  | 'billing.payment-unmatched'
  | 'organization.created'
  | 'organization.updated'
  | 'organization.ownership-transferred'
  | 'organization.ownership-refused'
  | 'role.created'
  | 'role.renamed'
  | 'role.deleted'
  | 'acl.updated'
  | 'member.invited'
  | 'member.invitation-resent'
  | 'member.invitation-revoked'
  | 'member.role-changed'
  | 'member.removed'
  | 'member.left'
  | 'ip-allow-list.updated'
  | 'cron-config.updated'
  | 'branding.updated'
  | 'branding.reset'
  | 'activity-log.retention-applied'
  | 'activity-log.not-me-reported'
  | 'session.ended'
  | 'session.others-ended'
  | 'account.data-export-requested'
  | 'account.data-export-ready'
  | 'account.data-export-downloaded'
  | 'account.deletion-refused'
  | 'account.deleted';

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
