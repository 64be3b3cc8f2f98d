import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, id } from '../../db/columns';
import { users } from '../users/schema';

/**
 * One login. Organisation access opens a child session in the same family, so that logout and refresh-token
 * reuse end every token the login produced.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    familyId: text('family_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id'),
    role: text('role'),
    portalKey: text('portal_key'),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    revokeReason: text('revoke_reason'),
    /**
     * On a login's root row (id = family_id): when its user last proved a password or a second factor. Sensitive
     * changes need it within REAUTH_WINDOW (server/security/recent-authentication.ts, docs/two-factor.md).
     */
    authenticatedAt: at('authenticated_at'),
    /**
     * The login was made with a passkey (user-verified and bound to this site: two factors in one), copied to its
     * organisation sessions: an organisation that enforces 2FA admits it (docs/passkeys.md).
     */
    passkey: boolean('passkey').notNull().default(false),
    /** On a login's root row: where it signed in from, for the user's sessions list (docs/activity-log.md). */
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('sessions_family_idx').on(t.familyId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Set when rotated: presenting this token again is reuse. */
    rotatedAt: at('rotated_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_unique').on(t.tokenHash)],
);
