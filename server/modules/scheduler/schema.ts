import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { MEMBER_LIMITS } from '../../../contract/v1/constants';
import { at } from '../../db/columns';
import { organizations } from '../organizations/schema';

/**
 * Each organisation's scheduled-jobs settings (GET/PATCH /v1/cron/config). No row = the defaults: retention
 * MEMBER_LIMITS.retentionDaysDefault days, no digest.
 */
export const organizationJobSettings = pgTable('organization_job_settings', {
  organizationId: text('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  activityLogRetentionDays: integer('activity_log_retention_days')
    .notNull()
    .default(MEMBER_LIMITS.retentionDaysDefault),
  membersDigest: boolean('members_digest').notNull().default(false),
  lastRetentionRunAt: at('last_retention_run_at'),
  lastDigestRunAt: at('last_digest_run_at'),
  updatedAt: at('updated_at').notNull(),
});

/**
 * One row per job: which scheduled run (`slot`, the time croner fired it for) was claimed last, by whom, and until
 * when the claim holds. Claiming is one conditional UPDATE, so when several instances share the database exactly
 * one runs each slot, and a crashed holder's claim lapses at `lockedUntil` (works on PGlite and PostgreSQL alike;
 * docs/access-control.md, Scheduled jobs).
 */
export const scheduledJobLocks = pgTable('scheduled_job_locks', {
  name: text('name').primaryKey(),
  slot: at('slot'),
  lockedBy: text('locked_by'),
  lockedUntil: at('locked_until'),
  finishedAt: at('finished_at'),
});
