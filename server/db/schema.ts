import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Ids are generated in code (UUID v4): PGlite is PostgreSQL 18 but deployments may run 15. */
const id = () => text('id').primaryKey();
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

export const organizations = pgTable('organizations', {
  id: id(),
  name: text('name').notNull(),
  accountType: text('account_type').$type<'personal' | 'business'>().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  enforceTwoFactor: boolean('enforce_two_factor').notNull().default(false),
  ownerId: text('owner_id')
    .notNull()
    .references(() => users.id),
  primaryColor: text('primary_color'),
  secondaryColor: text('secondary_color'),
  textColor: text('text_color'),
  logo: text('logo'),
  darkLogo: text('dark_logo'),
  kybStatus: text('kyb_status').notNull().default('notSubmitted'),
  timeZone: text('time_zone').notNull().default('Australia/Sydney'),
  timeFormat: text('time_format').notNull().default('DD/MM/YYYY hh:mm A'),
  matchDeviceTime: boolean('match_device_time').notNull().default(false),
  createdAt: at('created_at').notNull(),
});

export const memberships = pgTable(
  'memberships',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] }), index('memberships_user_idx').on(t.userId)],
);

export const portals = pgTable('portals', {
  id: id(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  accountSetting: boolean('account_setting').notNull().default(true),
});

export const organizationPortals = pgTable(
  'organization_portals',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    portalId: text('portal_id')
      .notNull()
      .references(() => portals.id, { onDelete: 'cascade' }),
    hasAccess: boolean('has_access').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.portalId] })],
);

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<'pending' | 'accepted' | 'revoked'>().notNull().default('pending'),
    expiresAt: at('expires_at').notNull(),
    acceptedAt: at('accepted_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('invitations_email_idx').on(t.email)],
);

/** Single-use links sent by mail (email verification, password reset); only a hash is stored. */
export const actionTokens = pgTable(
  'action_tokens',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'verify-email' | 'reset-password'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('action_tokens_hash_unique').on(t.tokenHash)],
);

/** A password-verified login waiting for its second factor; the client holds only the random tokenId. */
export const loginChallenges = pgTable('login_challenges', {
  id: id(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  expiresAt: at('expires_at').notNull(),
  consumedAt: at('consumed_at'),
  createdAt: at('created_at').notNull(),
});

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
  },
  (t) => [index('activity_logs_user_idx').on(t.userId, t.createdAt), index('activity_logs_org_idx').on(t.organizationId, t.createdAt)],
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

export const apps = pgTable('apps', {
  id: id(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  referenceLink: text('reference_link').notNull(),
  appUrl: text('app_url').notNull(),
  portalKey: text('portal_key'),
  tabName: text('tab_name').notNull(),
  thirdParty: boolean('third_party').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Per-organisation switch for third-party apps (spec §2.4). */
export const organizationApps = pgTable(
  'organization_apps',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    ssoIntegrationCompleted: boolean('sso_integration_completed').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.appId] })],
);


/**
 * Single-use hand-overs to another portal (`portal`) or a partner app (`third-party`), valid about 60 s.
 * Only a hash is stored; the row keeps the launching session so that logging out ends what it launched.
 */
export const launchTokens = pgTable(
  'launch_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    audience: text('audience').$type<'portal' | 'third-party'>().notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    portalKey: text('portal_key'),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('launch_tokens_hash_unique').on(t.tokenHash)],
);

/**
 * Partner applications allowed to sign users in with a token they sign (spec §4 SSO flow). The id is the token's
 * issuer. HS256 keeps the shared secret (it must be readable to verify); RS256/ES256 keep only the partner's public key.
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
  (t) => [primaryKey({ columns: [t.applicationId, t.jti] }), index('sso_token_uses_expiry_idx').on(t.expiresAt)],
);
