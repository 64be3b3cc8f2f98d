import { bigint, boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, id } from '../../db/columns';
import { users } from '../users/schema';

/**
 * Passkeys (WebAuthn credentials, docs/passkeys.md): only the public key is kept. `counter` is the authenticator's
 * signature counter; a use whose counter does not move forward is refused (a cloned authenticator), except for
 * authenticators that keep no counter (always 0).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url: what the browser names when it signs. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** An unsigned 32-bit value: beyond PostgreSQL's integer. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** From the authenticator's flags: `multiDevice` = synced (backup eligible), `singleDevice` = bound to one device. */
    deviceType: text('device_type').$type<'singleDevice' | 'multiDevice'>().notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: at('created_at').notNull(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [
    uniqueIndex('passkeys_credential_unique').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId),
  ],
);

/**
 * One WebAuthn ceremony's challenge: single use (`consumed_at`), expiring, and bound to whoever asked for it: the
 * session (registration), the password login waiting for its second factor (`login_challenge_id`), or, for a sign-in
 * with no password, the attempt that holds the random `challengeId` (only its hash is stored, as the row's id).
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: id(),
    purpose: text('purpose').$type<'register' | 'sign-in' | 'second-step'>().notNull(),
    challenge: text('challenge').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id'),
    loginChallengeId: text('login_challenge_id'),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('passkey_challenges_expires_idx').on(t.expiresAt)],
);
