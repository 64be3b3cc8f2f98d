import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DataExportStatus } from '../../../contract/v1/account-data';
import { at, id } from '../../db/columns';
import { users } from '../users/schema';

/**
 * A copy of a user's data they asked for (docs/account-settings.md, "Your data and leaving"): prepared in the
 * background, downloadable by its owner until `expires_at`, deleted with the account. The files are kept here, in
 * the database every instance shares, so any instance can serve the download.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<DataExportStatus>().notNull(),
    /** The language of the readable summary: the one the user asked in. */
    language: text('language').notNull(),
    /**
     * When preparation last began: a copy still `preparing` long after it (its instance stopped) is taken up again
     * by the next look at it.
     */
    startedAt: at('started_at').notNull(),
    readyAt: at('ready_at'),
    expiresAt: at('expires_at'),
    json: text('json'),
    summary: text('summary'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.createdAt),
    index('data_exports_expires_idx').on(t.expiresAt),
    // One copy in preparation per user: asking twice (two tabs, a double click) answers the same one.
    uniqueIndex('data_exports_one_preparing').on(t.userId).where(sql`${t.status} = 'preparing'`),
  ],
);
