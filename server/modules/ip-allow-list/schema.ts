import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns';
import { organizations } from '../organizations/schema';
import { users } from '../users/schema';

/**
 * An organisation's IP allow-list (docs/access-control.md): normalised CIDR ranges. No row, or an empty list,
 * lets every address in; otherwise organisation tokens are issued to, and organisation-scoped calls answered
 * for, addresses inside one of the ranges only (server/security/organization-gate.ts).
 */
export const ipAllowLists = pgTable('ip_allow_lists', {
  organizationId: text('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  ranges: jsonb('ranges').$type<string[]>().notNull(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: at('updated_at').notNull(),
});
