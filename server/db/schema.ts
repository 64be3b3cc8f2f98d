import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from '../modules/users/schema';
import { at, id } from './columns';

/**
 * The tables of the shared services every feature uses (activity trail, outbox, throttle, one-time codes).
 * Each feature's own tables live in `server/modules/<feature>/schema.ts`; drizzle.config.ts collects them all
 * into the one migration history in ./migrations.
 */

/** Email and SMS one-time codes (6 digits, 10 min, single use, 5 tries). */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** e.g. `login-email:<challengeId>`, `login-sms:<challengeId>`, `phone:<number>` */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('one_time_codes_user_purpose_idx').on(t.userId, t.purpose)],
);

/** Counters for throttling, kept in the database so several API instances share them. */
export const throttleEvents = pgTable(
  'throttle_events',
  {
    id: id(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('throttle_events_lookup_idx').on(t.bucket, t.key, t.createdAt)],
);

/**
 * Attempt counters (server/security/throttle.ts): one row per bucket and key, counted and checked in one statement so
 * that parallel requests on any instance never pass more attempts than the limit.
 */
export const throttleCounters = pgTable(
  'throttle_counters',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
    /** The window opened at the first attempt; after this the next attempt opens a new one. */
    windowEndsAt: at('window_ends_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bucket, t.key] }),
    index('throttle_counters_window_idx').on(t.windowEndsAt),
  ],
);

export const activityLogs = pgTable(
  'activity_logs',
  {
    id: id(),
    eventType: text('event_type').notNull(),
    userId: text('user_id'),
    organizationId: text('organization_id'),
    email: text('email'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: at('created_at').notNull(),
    /** Insertion order: several events can share one millisecond. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    /**
     * The user the event was about (server/modules/activity-log/event-view.ts `targetUserIdOf`), kept by the
     * database from `details` so that a search finds a person's events as target through an index.
     */
    targetUserId: text('target_user_id').generatedAlwaysAs(
      sql`coalesce(details->>'targetUserId', case when details->>'kind' = 'member' then details->>'target' end)`,
    ),
    /**
     * What a search compares of the event itself, lower-cased: type, IP, the typed email and the detail's name,
     * separated by a control character nobody types so a search cannot match across two of them. Computed by the
     * database (every writer, tests' direct inserts and the migration's existing rows get it) and indexed by
     * trigrams, so `search_text like '%…%'` is an index lookup instead of a scan (docs/performance.md).
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(event_type || chr(31) || coalesce(ip, '') || chr(31) || coalesce(email, '') || chr(31) || coalesce(details->>'name', ''))`,
    ),
  },
  // The activity log's pages (docs/performance.md, "Activity log"): one person's or one organisation's events in the
  // list's order (time, then insertion), the event type carried so a category filter and the count read the index
  // alone. The retention job's deletes use them too.
  (t) => [
    index('activity_logs_user_time_idx').on(t.userId, t.createdAt, t.seq, t.eventType),
    index('activity_logs_org_time_idx').on(t.organizationId, t.createdAt, t.seq, t.eventType),
    // A category filter's types, then time: its count reads only the matching entries (docs/performance.md).
    index('activity_logs_org_type_idx').on(t.organizationId, t.eventType, t.createdAt),
    // Search (pg_trgm, created by the migration; PGlite loads it in server/db/database.ts).
    index('activity_logs_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('activity_logs_target_user_idx').on(t.targetUserId),
  ],
);

export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    to: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: at('created_at').notNull(),
    /** Insertion order: several messages can share one millisecond. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [index('outbox_recipient_idx').on(t.to, t.createdAt)],
);
