import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CardBrand } from '../../../contract/v1/billing-rules';
import type { InvoiceLine } from '../../../contract/v1/billing';
import { at, id } from '../../db/columns';
import { organizations } from '../organizations/schema';

const organizationId = () =>
  text('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/**
 * One row per organisation that ever used billing: its currency and ABN, the invoice and credit-note counters
 * (numbers are taken from here in the transaction that issues the document, so they are sequential and never
 * reused), auto-renewal with its retry state, and pay-as-you-go.
 */
export const billingAccounts = pgTable('billing_accounts', {
  organizationId: text('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  currency: text('currency').notNull().default('AUD'),
  abn: text('abn'),
  invoiceSeq: integer('invoice_seq').notNull().default(0),
  creditNoteSeq: integer('credit_note_seq').notNull().default(0),
  autoRenew: boolean('auto_renew').notNull().default(false),
  renewalFailures: integer('renewal_failures').notNull().default(0),
  nextRenewalAttemptAt: at('next_renewal_attempt_at'),
  paygActive: boolean('payg_active').notNull().default(false),
  paygCap: integer('payg_cap'),
  /** `YYYY-MM` of the month whose 80 % / 100 % mails went out, and the highest threshold mailed in it. */
  paygNotifiedMonth: text('payg_notified_month'),
  paygNotifiedPercent: integer('payg_notified_percent').notNull().default(0),
  /** The payment provider's customer for this organisation (Stripe's `cus_…`), made on the first card. */
  providerCustomerId: text('provider_customer_id'),
  updatedAt: at('updated_at').notNull(),
});

/**
 * Cards on file: only what the payment provider gives back (its token) and what the screens show. Never a card
 * number or CVC (docs/billing.md).
 */
export const billingCards = pgTable(
  'billing_cards',
  {
    id: id(),
    organizationId: organizationId(),
    provider: text('provider').notNull(),
    providerToken: text('provider_token').notNull(),
    /** The provider's customer the token is attached to (Stripe charges a saved card through its customer). */
    providerCustomerId: text('provider_customer_id'),
    brand: text('brand').$type<CardBrand>().notNull(),
    last4: text('last4').notNull(),
    expiryMonth: integer('expiry_month').notNull(),
    expiryYear: integer('expiry_year').notNull(),
    holderName: text('holder_name').notNull(),
    primary: boolean('is_primary').notNull().default(false),
    verified: boolean('verified').notNull().default(false),
    /** The provider's id of the pending verification charge; null when none waits for its amount. */
    verificationChargeId: text('verification_charge_id'),
    verificationAttempts: integer('verification_attempts').notNull().default(0),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('billing_cards_org_idx').on(t.organizationId),
    // At most one primary card per organisation, whatever two requests do at once.
    uniqueIndex('billing_cards_one_primary')
      .on(t.organizationId)
      .where(sql`${t.primary}`),
  ],
);

/**
 * Invoices and credit notes. Issued documents never change their number, lines or amounts; only `status` moves
 * (open -> paid or failed; paid -> refunded when a credit note refunds it).
 */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: id(),
    organizationId: organizationId(),
    number: text('number').notNull(),
    kind: text('kind').$type<'invoice' | 'creditNote'>().notNull(),
    status: text('status').$type<'paid' | 'open' | 'failed' | 'refunded'>().notNull(),
    description: text('description').notNull(),
    amount: integer('amount').notNull(),
    gst: integer('gst').notNull(),
    currency: text('currency').notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    cardBrand: text('card_brand').$type<CardBrand>(),
    cardLast4: text('card_last4'),
    providerChargeId: text('provider_charge_id'),
    creditFor: text('credit_for'),
    /** Pay-as-you-go month (`YYYY-MM`) this invoice bills: one per organisation and month. */
    paygMonth: text('payg_month'),
    issuedAt: at('issued_at').notNull(),
  },
  (t) => [
    uniqueIndex('billing_invoices_number_unique').on(t.organizationId, t.number),
    uniqueIndex('billing_invoices_payg_month_unique')
      .on(t.organizationId, t.paygMonth)
      .where(sql`${t.paygMonth} is not null`),
    index('billing_invoices_org_issued_idx').on(t.organizationId, t.issuedAt),
  ],
);

/**
 * Purchase attempts, one per idempotency key of an organisation: the unique index is what makes a double click,
 * a retry or a second tab one purchase (docs/billing.md).
 */
export const billingPurchases = pgTable(
  'billing_purchases',
  {
    id: id(),
    organizationId: organizationId(),
    idempotencyKey: text('idempotency_key').notNull(),
    productId: text('product_id').notNull(),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull(),
    /** A declined charge's reason (insufficientFunds…); kept so a retry with the key answers the same. */
    failureReason: text('failure_reason'),
    invoiceId: text('invoice_id'),
    bucketId: text('bucket_id'),
    userId: text('user_id'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [uniqueIndex('billing_purchases_key_unique').on(t.organizationId, t.idempotencyKey)],
);

/** Buckets of usage units: bought, renewed or granted by a contract. */
export const billingBuckets = pgTable(
  'billing_buckets',
  {
    id: id(),
    organizationId: organizationId(),
    productId: text('product_id').notNull(),
    name: text('name').notNull(),
    unitsBought: integer('units_bought').notNull(),
    unitsUsed: integer('units_used').notNull().default(0),
    periodStart: at('period_start').notNull(),
    periodEnd: at('period_end').notNull(),
    invoiceId: text('invoice_id'),
    /** The renewal this bucket is (the previous bucket's id): one renewal per bucket, even with two schedulers. */
    renewalOf: text('renewal_of'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('billing_buckets_org_period_idx').on(t.organizationId, t.periodEnd),
    uniqueIndex('billing_buckets_renewal_unique')
      .on(t.renewalOf)
      .where(sql`${t.renewalOf} is not null`),
  ],
);

export const billingContracts = pgTable(
  'billing_contracts',
  {
    id: id(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    /** `YYYY-MM-DD`. */
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    committedUnits: integer('committed_units').notNull(),
    price: integer('price').notNull(),
    currency: text('currency').notNull(),
    documentUrl: text('document_url'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('billing_contracts_org_idx').on(t.organizationId)],
);

/** Usage the apps reported: one row per event id, split between the bucket and pay-as-you-go. */
export const billingUsage = pgTable(
  'billing_usage',
  {
    id: id(),
    organizationId: organizationId(),
    appKey: text('app_key').notNull(),
    eventId: text('event_id').notNull(),
    units: integer('units').notNull(),
    fromBucket: integer('from_bucket').notNull(),
    paygUnits: integer('payg_units').notNull(),
    /** `YYYY-MM` in the organisation's time zone: the pay-as-you-go month it is billed in. */
    month: text('month').notNull(),
    recordedAt: at('recorded_at').notNull(),
  },
  (t) => [
    uniqueIndex('billing_usage_event_unique').on(t.organizationId, t.eventId),
    index('billing_usage_org_month_idx').on(t.organizationId, t.month),
  ],
);

/** An app's credential for POST /v1/usage, per organisation: only a hash of its secret is kept. */
export const billingAppCredentials = pgTable('billing_app_credentials', {
  id: id(),
  organizationId: organizationId(),
  appKey: text('app_key').notNull(),
  secretHash: text('secret_hash').notNull(),
  createdAt: at('created_at').notNull(),
  revokedAt: at('revoked_at'),
});

/**
 * Webhook events of the payment provider already applied, by the provider's event id: a delivery repeated by the
 * provider (it retries until it hears 2xx) changes nothing the second time.
 */
export const billingProviderEvents = pgTable('billing_provider_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: at('received_at').notNull(),
});
