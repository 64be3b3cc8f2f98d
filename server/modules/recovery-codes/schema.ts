import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, id } from '../../db/columns';
import { users } from '../users/schema';

/**
 * Recovery codes (docs/recovery-codes.md): one row per code of the user's current set, only its keyed hash kept.
 * `used_at` is set once, by the one statement that accepts the code; a new set deletes the old rows.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: at('created_at').notNull(),
    usedAt: at('used_at'),
  },
  // Leads with user_id: it serves the per-user count and delete too.
  (t) => [uniqueIndex('recovery_codes_user_hash_unique').on(t.userId, t.codeHash)],
);
