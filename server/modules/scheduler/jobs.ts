import { and, count, eq, gt, inArray, isNotNull, lt, notInArray, sql } from 'drizzle-orm';
import { ACTIVITY_LIMITS } from '../../../contract/v1/activity-log-constants';
import { MEMBER_LIMITS } from '../../../contract/v1/constants';
import { activityLogs } from '../../db/schema';
import type { Logger } from '../../mail/mailer';
import { mailTemplates } from '../../mail/templates';
import type { Services } from '../../services';
import { invitations, memberships, organizations } from '../organizations/schema';
import { users } from '../users/schema';
import type { ScheduledJob } from './scheduler';
import { organizationJobSettings } from './schema';
import { mailBrandOf } from '../branding/branding-queries';

const DAY_MS = 24 * 3600_000;
const HOUR_MS = 3600_000;

export const JOB_NAMES = { retention: 'activity-log-retention', digest: 'members-digest' } as const;

type JobServices = Pick<Services, 'db' | 'audit' | 'mailer' | 'links' | 'i18n'>;

/**
 * Daily at 03:00 UTC: each organisation's activity-log entries older than its retention are deleted (organisations
 * without settings keep MEMBER_LIMITS.retentionDaysDefault days). Entries without an organisation (sign-in
 * events of the account itself) follow their person's organisations (purgeAccountEvents); entries that name
 * neither a person nor an organisation stay.
 */
export function retentionJob(s: JobServices): ScheduledJob {
  return {
    name: JOB_NAMES.retention,
    pattern: '0 3 * * *',
    leaseMs: HOUR_MS,
    async run(now) {
      const { db } = s;
      const configured = await db
        .select({
          organizationId: organizationJobSettings.organizationId,
          days: organizationJobSettings.activityLogRetentionDays,
        })
        .from(organizationJobSettings);
      const deleted = new Map<string, { count: number; days: number }>();
      const note = (rows: { organizationId: string | null }[], days: number) => {
        for (const { organizationId } of rows) {
          if (!organizationId) continue;
          const entry = deleted.get(organizationId) ?? { count: 0, days };
          entry.count += 1;
          deleted.set(organizationId, entry);
        }
      };
      for (const { organizationId, days } of configured) {
        const rows = await db
          .delete(activityLogs)
          .where(
            and(
              eq(activityLogs.organizationId, organizationId),
              lt(activityLogs.createdAt, new Date(now.getTime() - days * DAY_MS)),
            ),
          )
          .returning({ organizationId: activityLogs.organizationId });
        note(rows, days);
      }
      const defaultDays = MEMBER_LIMITS.retentionDaysDefault;
      const others = await db
        .delete(activityLogs)
        .where(
          and(
            isNotNull(activityLogs.organizationId),
            configured.length > 0
              ? notInArray(
                  activityLogs.organizationId,
                  configured.map((row) => row.organizationId),
                )
              : sql`true`,
            lt(activityLogs.createdAt, new Date(now.getTime() - defaultDays * DAY_MS)),
          ),
        )
        .returning({ organizationId: activityLogs.organizationId });
      note(others, defaultDays);
      await purgeAccountEvents(db, now);
      await db.update(organizationJobSettings).set({ lastRetentionRunAt: now });
      // What was deleted is itself recorded, so the log never loses entries silently.
      for (const [organizationId, { count: removed, days }] of deleted) {
        await s.audit.record(null, {
          event: 'activity-log.retention-applied',
          organizationId,
          details: { deleted: removed, retentionDays: days },
        });
      }
    },
  };
}

/**
 * A person's own events (no organisation: sign-ins, password, second factor, sessions) are kept as long as the
 * longest retention of the organisations they belong to, and at least ACTIVITY_LIMITS.userRetentionDaysMin days
 * (docs/activity-log.md); those of a deleted account, that minimum.
 */
async function purgeAccountEvents(db: JobServices['db'], now: Date): Promise<void> {
  const { userRetentionDaysMin: min, retentionDaysDefault } = ACTIVITY_LIMITS;
  const at = now.toISOString();
  await db.execute(sql`
    delete from activity_logs a
     using (
       select u.id,
              greatest(${min}::int, coalesce(max(case when m.organization_id is null then null
                else coalesce(s.activity_log_retention_days, ${retentionDaysDefault}::int) end), ${min}::int)) as days
         from users u
         left join memberships m on m.user_id = u.id
         left join organization_job_settings s on s.organization_id = m.organization_id
        group by u.id
     ) kept
     where a.organization_id is null and a.user_id = kept.id
       and a.created_at < ${at}::timestamptz - make_interval(days => kept.days)`);
  await db.execute(sql`
    delete from activity_logs a
     where a.organization_id is null and a.user_id is not null
       and not exists (select 1 from users u where u.id = a.user_id)
       and a.created_at < ${at}::timestamptz - make_interval(days => ${min}::int)`);
}

/**
 * Mondays at 08:00 UTC: the owners and admins of each enabled organisation that turned the digest on receive a
 * summary of its members and invitations, in their own language.
 */
export function membersDigestJob(s: JobServices, log: Logger): ScheduledJob {
  return {
    name: JOB_NAMES.digest,
    pattern: '0 8 * * 1',
    leaseMs: HOUR_MS,
    async run(now) {
      const { db } = s;
      const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
      const subscribed = await db
        .select({ id: organizations.id, name: organizations.name })
        .from(organizationJobSettings)
        .innerJoin(organizations, eq(organizations.id, organizationJobSettings.organizationId))
        .where(and(eq(organizationJobSettings.membersDigest, true), eq(organizations.enabled, true)));
      for (const org of subscribed) {
        const [members] = await db
          .select({ n: count() })
          .from(memberships)
          .where(eq(memberships.organizationId, org.id));
        const [joined] = await db
          .select({ n: count() })
          .from(memberships)
          .where(and(eq(memberships.organizationId, org.id), gt(memberships.createdAt, weekAgo)));
        const [pending] = await db
          .select({ n: count() })
          .from(invitations)
          .where(
            and(
              eq(invitations.organizationId, org.id),
              eq(invitations.status, 'pending'),
              gt(invitations.expiresAt, now),
            ),
          );
        const [expired] = await db
          .select({ n: count() })
          .from(invitations)
          .where(
            and(
              eq(invitations.organizationId, org.id),
              eq(invitations.status, 'pending'),
              gt(invitations.expiresAt, weekAgo),
              lt(invitations.expiresAt, now),
            ),
          );
        const recipients = await db
          .select({ email: users.email, firstName: users.firstName, language: users.language })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(
            and(
              eq(memberships.organizationId, org.id),
              inArray(memberships.role, ['owner', 'admin']),
              eq(users.disabled, false),
            ),
          );
        const digest = {
          organizationName: org.name,
          members: Number(members?.n ?? 0),
          pending: Number(pending?.n ?? 0),
          joined: Number(joined?.n ?? 0),
          expired: Number(expired?.n ?? 0),
        };
        const brand = await mailBrandOf(db, s.links, org.id, org.name);
        for (const recipient of recipients) {
          const language =
            recipient.language && s.i18n.languages.includes(recipient.language)
              ? recipient.language
              : undefined;
          try {
            await s.mailer.send(
              mailTemplates.membersDigest(
                recipient.email,
                recipient.firstName,
                digest,
                s.links.resolve('/organisation/users'),
                language,
                brand,
              ),
            );
          } catch (error) {
            // One unreachable address must not keep the others' digest from going out.
            log.error({ err: error, job: JOB_NAMES.digest }, 'members digest delivery failed');
          }
        }
        await db
          .update(organizationJobSettings)
          .set({ lastDigestRunAt: now })
          .where(eq(organizationJobSettings.organizationId, org.id));
      }
    },
  };
}
