import { sql } from 'drizzle-orm';
import { jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns';
import { organizations } from '../organizations/schema';

/**
 * The roles of an organisation and what each holds (docs/access-control.md). A custom role is a row with an opaque
 * id and its name; a built-in role ('admin', 'member') has a row once its grants are set (every organisation gets
 * them at creation), and without one it holds DEFAULT_ROLE_PERMISSIONS. The owner never has a row: it holds every
 * permission whatever is stored. Memberships and invitations name a role by this id (`memberships.role`).
 */
export const organizationRoles = pgTable(
  'organization_roles',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    roleId: text('role_id').notNull(),
    /** A custom role's name; null for the built-in roles (the portal names them by id). */
    name: text('name'),
    permissions: jsonb('permissions').$type<string[]>().notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.roleId] }),
    // Two admins adding 'Support' at once create one role: the second insert fails on this index.
    uniqueIndex('organization_roles_name_unique').on(t.organizationId, sql`lower(${t.name})`),
  ],
);
