import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, id } from '../../db/columns';
import { users } from '../users/schema';

export const organizations = pgTable(
  'organizations',
  {
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
  },
  (t) => [
    // A business organisation's name is unique case-insensitively (docs/access-control.md): two people creating
    // 'Acme' at once get one organisation. Personal accounts carry their owner's name, which others may share.
    uniqueIndex('organizations_business_name_unique')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.accountType} = 'business'`),
  ],
);

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
  (t) => [
    index('invitations_email_idx').on(t.email),
    // One open invitation per address and organisation: two simultaneous invitations of the same address create
    // one row, the other insert fails (docs/access-control.md, Members and invitations).
    uniqueIndex('invitations_pending_email_unique')
      .on(t.organizationId, sql`lower(${t.email})`)
      .where(sql`${t.status} = 'pending'`),
  ],
);
