import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { MEMBER_LIMITS } from '../../../contract/v1/constants';
import type { CronConfigBody, CronConfigData } from '../../../contract/v1/organization-members';
import type { Db } from '../../db/database';
import type { MessageKey } from '../../i18n/message';
import type { Services } from '../../services';
import type { AuthContext } from '../sessions/session-service';
import { JOB_NAMES } from './jobs';
import type { Scheduler } from './scheduler';
import { organizationJobSettings } from './schema';

export const CRON_MESSAGES = { config: 'cron.config', saved: 'cron.saved' } satisfies Record<
  string,
  MessageKey
>;

export type CronConfigServiceNeeds = Pick<Services, 'db' | 'clock' | 'audit'>;

/** GET/PATCH /v1/cron/config: the scheduled jobs' settings of the organisation of the caller's token. */
export class CronConfigService {
  constructor(
    private readonly s: CronConfigServiceNeeds,
    private readonly scheduler: Scheduler,
  ) {}

  async read(auth: AuthContext): Promise<CronConfigData> {
    const organizationId = auth.organizationId!;
    const [row] = await this.s.db
      .select()
      .from(organizationJobSettings)
      .where(eq(organizationJobSettings.organizationId, organizationId));
    // The retention job covers every organisation, configured or not: its last run is the job's.
    const retentionRun = row?.lastRetentionRunAt ?? (await this.scheduler.lastFinished(JOB_NAMES.retention));
    return {
      activityLogRetentionDays: row?.activityLogRetentionDays ?? MEMBER_LIMITS.retentionDaysDefault,
      membersDigest: row?.membersDigest ?? false,
      lastRetentionRunAt: retentionRun?.toISOString() ?? null,
      lastDigestRunAt: row?.lastDigestRunAt?.toISOString() ?? null,
    };
  }

  async update(auth: AuthContext, body: CronConfigBody, request: FastifyRequest): Promise<CronConfigData> {
    const organizationId = auth.organizationId!;
    const before = await this.read(auth);
    const next = {
      activityLogRetentionDays: body.activityLogRetentionDays ?? before.activityLogRetentionDays,
      membersDigest: body.membersDigest ?? before.membersDigest,
    };
    const now = this.s.clock.now();
    await this.s.db.transaction(async (tx) => {
      await tx
        .insert(organizationJobSettings)
        .values({ organizationId, ...next, updatedAt: now })
        .onConflictDoUpdate({
          target: organizationJobSettings.organizationId,
          set: { ...next, updatedAt: now },
        });
      await this.s.audit.record(
        request,
        {
          event: 'cron-config.updated',
          userId: auth.userId,
          organizationId,
          details: {
            before: {
              activityLogRetentionDays: before.activityLogRetentionDays,
              membersDigest: before.membersDigest,
            },
            after: next,
          },
        },
        tx as unknown as Db,
      );
    });
    return this.read(auth);
  }
}
