import { customType, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, id } from '../../db/columns';
import { organizations } from '../organizations/schema';
import { users } from '../users/schema';

/** PostgreSQL `bytea`, read and written as a Buffer (node-postgres returns one; PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});

/**
 * Uploaded logos, in the database rather than on disk so that every server instance serves the same files
 * (docs/branding.md). A row is never changed: a new upload is a new id, hence a new URL, so caches need no
 * invalidation. Rows no branding points to any more are deleted with the change that let them go.
 */
export const brandingLogos = pgTable(
  'branding_logos',
  {
    id: id(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    mediaType: text('media_type').notNull(),
    data: bytea('data').notNull(),
    /** The SHA-256 of `data`, base64url: the ETag. */
    sha256: text('sha256').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('branding_logos_organization_idx').on(t.organizationId)],
);

/**
 * One organisation's branding of one portal of the product family (portal key, as in contract/v1/constants.ts).
 * No row, or a null column, is the product default.
 */
export const portalBranding = pgTable(
  'portal_branding',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    portalKey: text('portal_key').notNull(),
    primaryColor: text('primary_color'),
    secondaryColor: text('secondary_color'),
    textColor: text('text_color'),
    logoId: text('logo_id').references(() => brandingLogos.id, { onDelete: 'set null' }),
    darkLogoId: text('dark_logo_id').references(() => brandingLogos.id, { onDelete: 'set null' }),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.portalKey] })],
);
