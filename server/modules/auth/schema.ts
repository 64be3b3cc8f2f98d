import { pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, id } from '../../db/columns';
import { users } from '../users/schema';

/**
 * What a mailed link does: verify the address, reset the password, confirm a new address or undo an address change
 * (server/modules/email-change).
 */
export type ActionTokenPurpose = 'verify-email' | 'reset-password' | 'change-email' | 'undo-email-change';

/** Single-use links sent by mail (./action-tokens.ts); only a hash is stored. */
export const actionTokens = pgTable(
  'action_tokens',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<ActionTokenPurpose>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('action_tokens_hash_unique').on(t.tokenHash)],
);

/**
 * A password-verified login waiting for its second factor; the client holds only the random tokenId. Wrong codes
 * are counted per account (server/security/throttle.ts), not per challenge: a new login grants no new guesses.
 */
export const loginChallenges = pgTable('login_challenges', {
  id: id(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: at('expires_at').notNull(),
  consumedAt: at('consumed_at'),
  createdAt: at('created_at').notNull(),
});

/**
 * Client addresses an account signed in from with its right password (kept 30 days): once an address has spent its
 * failure budget, these (address, account) pairs may still try, so one attacker behind an office's NAT cannot lock
 * the office out (server/README.md, Security).
 */
export const knownLoginAddresses = pgTable(
  'known_login_addresses',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    lastSuccessAt: at('last_success_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ip] })],
);
