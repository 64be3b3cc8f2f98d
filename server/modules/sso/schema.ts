import { boolean, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns';

/**
 * Partner applications allowed to sign users in with a token they sign. The id is the token's issuer.
 * HS256 keeps the shared secret (it must be readable to verify); RS256/ES256 keep only the partner's public key.
 */
export const ssoApplications = pgTable('sso_applications', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  algorithm: text('algorithm').$type<'HS256' | 'RS256' | 'ES256'>().notNull(),
  verificationKey: text('verification_key').notNull(),
  /** Where a blocked user is sent back to: an absolute http(s) URL, or a path on this server (demo data). */
  redirectUrl: text('redirect_url').notNull(),
  requireTerms: boolean('require_terms').notNull().default(false),
  requirePassword: boolean('require_password').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/**
 * Partner tokens already presented, so each works once. A new user's token stays `awaiting-registration`
 * until the set-password step spends it; rows go once `expiresAt` passes (the token is dead by then anyway).
 */
export const ssoTokenUses = pgTable(
  'sso_token_uses',
  {
    applicationId: text('application_id')
      .notNull()
      .references(() => ssoApplications.id, { onDelete: 'cascade' }),
    jti: text('jti').notNull(),
    email: text('email').notNull(),
    status: text('status').$type<'used' | 'awaiting-registration'>().notNull(),
    firstSeenAt: at('first_seen_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.jti] }),
    index('sso_token_uses_expiry_idx').on(t.expiresAt),
  ],
);
