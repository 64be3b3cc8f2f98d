import { customType, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type {
  KybDetails,
  KybDraftDetails,
  KycDetails,
  KycDraftDetails,
} from '../../../contract/v1/identity-verification';
import { at, id } from '../../db/columns';
import { organizations } from '../organizations/schema';
import { users } from '../users/schema';
import type { SealedValue } from './sealed-details';

/** PostgreSQL `bytea`, read and written as a Buffer (node-postgres returns one; PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});

/**
 * Identity documents (docs/identity-verification.md), encrypted at rest with AES-256-GCM under a key that is never
 * in the database (DOCUMENT_ENCRYPTION_KEY or DATA_DIR/document-key): `content` is the ciphertext, `iv` the
 * 12-byte nonce, `authTag` GCM's tag. A KYC document belongs to its uploader; a KYB document to its organisation.
 */
export const identityDocuments = pgTable(
  'identity_documents',
  {
    id: id(),
    scope: text('scope').$type<'kyc' | 'kyb'>().notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    iv: bytea('iv').notNull(),
    authTag: bytea('auth_tag').notNull(),
    content: bytea('content').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('identity_documents_user_idx').on(t.userId),
    index('identity_documents_organization_idx').on(t.organizationId),
  ],
);

/** The columns a KYC and a KYB verification share: status, answers, draft and the provider's progress. */
const verificationColumns = {
  status: text('status').notNull().default('notSubmitted'),
  reason: text('reason'),
  /** The provider's reference of the current submission. */
  providerReference: text('provider_reference'),
  /** When the provider should be asked again (the development provider's next step); null when settled. */
  nextCheckAt: at('next_check_at'),
  draftStep: integer('draft_step'),
  draftSavedAt: at('draft_saved_at'),
  submittedAt: at('submitted_at'),
  updatedAt: at('updated_at').notNull(),
};

/** A person's KYC: one row per user, created by the first draft or submission. */
export const kycVerifications = pgTable(
  'kyc_verifications',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Sealed (./sealed-details.ts): the person's numbers, birth date and address never sit in the database as text.
    // A row written before sealing holds the plain answers until its next write or the start-up pass seals it.
    details: jsonb('details').$type<SealedValue | KycDetails>(),
    draft: jsonb('draft').$type<SealedValue | KycDraftDetails>(),
    /** The first day the verified answers count as expired (a proof's expiry), kept in clear for status checks. */
    expiresOn: text('expires_on'),
    ...verificationColumns,
  },
  (t) => [index('kyc_verifications_next_check_idx').on(t.nextCheckAt)],
);

/** A business organisation's KYB: one row per organisation; a reset deletes it. */
export const kybVerifications = pgTable(
  'kyb_verifications',
  {
    organizationId: text('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    submittedBy: text('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<KybDetails>(),
    draft: jsonb('draft').$type<KybDraftDetails>(),
    ...verificationColumns,
  },
  (t) => [index('kyb_verifications_next_check_idx').on(t.nextCheckAt)],
);

/**
 * Status events (time, status, reason) of a KYC (user) or a KYB (organisation). `reason` is a message key of
 * locales/<lang>/server.json with its values, so it is shown in the reader's language.
 */
export const verificationEvents = pgTable(
  'verification_events',
  {
    id: id(),
    scope: text('scope').$type<'kyc' | 'kyb'>().notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    reason: jsonb('reason').$type<{ key: string; values?: Record<string, string> } | null>(),
    occurredAt: at('occurred_at').notNull(),
  },
  (t) => [
    index('verification_events_user_idx').on(t.userId),
    index('verification_events_organization_idx').on(t.organizationId),
  ],
);
