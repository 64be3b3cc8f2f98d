import type { FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { activityLogs } from '../db/schema';
import { newId } from '../security/random';

export type AuditEvent =
  | 'login.success'
  | 'login.failure'
  | 'login.throttled'
  | 'login.challenge'
  | 'logout'
  | 'register'
  | 'email.verified'
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
  | 'refresh.reuse'
  | 'invitation.accepted'
  | 'organization.access'
  | 'profile.updated'
  | 'app.launch'
  | 'app.launch-token-exchanged'
  | 'app.sso'
  | 'app.sso-token-exchanged'
  | 'app.status-changed'
  | 'app.config-changed';

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

  async record(request: FastifyRequest | null, entry: AuditEntry): Promise<void> {
    const agent = request?.headers['user-agent'];
    await this.db.insert(activityLogs).values({
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
