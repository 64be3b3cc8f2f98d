import { boolean, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, id } from '../../db/columns';
import { organizations } from '../organizations/schema';
import { sessions } from '../sessions/schema';
import { users } from '../users/schema';

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

/** Per-organisation switch for third-party apps: an admin enables each partner app for their organisation. */
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
