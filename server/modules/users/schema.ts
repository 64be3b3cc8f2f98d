import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, id } from '../../db/columns';

/** Accounts: every other feature's rows point here, so this module is the first in server/app.ts. */
export const users = pgTable(
  'users',
  {
    id: id(),
    /** Stored lower-cased: one account per address whatever the casing typed. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number'),
    recoveryMail: text('recovery_mail'),
    /** The language mail to this account is written in (docs/server-messages.md); null until one is known. */
    language: text('language'),
    emailVerifiedAt: at('email_verified_at'),
    disabled: boolean('disabled').notNull().default(false),
    isSsoRegistration: boolean('is_sso_registration').notNull().default(false),
    passwordResetRequired: boolean('password_reset_required').notNull().default(false),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    emailTwoFactorEnabled: boolean('email_two_factor_enabled').notNull().default(true),
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    totpSetupCompleted: boolean('totp_setup_completed').notNull().default(false),
    /** Last accepted TOTP time step: a code is accepted once (otplib keeps no state). */
    totpLastTimeStep: integer('totp_last_time_step'),
    otpEnabled: boolean('otp_enabled').notNull().default(false),
    otpSetupCompleted: boolean('otp_setup_completed').notNull().default(false),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    // The activity log's search for people by email or name (server/modules/activity-log/activity-query.ts
    // PERSON_TEXT, the same expression): trigrams, so it does not read every account (pg_trgm, migration 0014).
    index('users_search_idx').using(
      'gin',
      sql`lower(email || chr(31) || first_name || ' ' || last_name) gin_trgm_ops`,
    ),
  ],
);
