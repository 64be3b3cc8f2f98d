import { eq, sql } from 'drizzle-orm';
import type { Card, Invoice, InvoiceLine } from '../../../contract/v1/billing';
import { CARD_DECLINE_CODES, type DeclineReason } from '../../../contract/v1/billing-test-cards';
import type { Db } from '../../db/database';
import { HttpError } from '../../http/errors';
import { message, type MessageKey } from '../../i18n/message';
import type { Services } from '../../services';
import { knownZone, today } from '../organization-members/days';
import { organizations } from '../organizations/schema';
import { users } from '../users/schema';
import type { PaymentProvider } from './payment-provider';
import { billingAccounts, billingCards, billingInvoices } from './schema';

/** The shared services the billing services use, and the payment provider. */
export type BillingDeps = Pick<Services, 'db' | 'clock' | 'audit' | 'mailer' | 'i18n' | 'links'> & {
  provider: PaymentProvider;
};

export const BILLING_MESSAGES = {
  list: 'billing.list',
  pdf: 'billing.pdf',
  cards: 'billing.cards',
  cardAdded: 'billing.cardAdded',
  cardNeedsVerification: 'billing.cardNeedsVerification',
  cardDeleted: 'billing.cardDeleted',
  primarySet: 'billing.primarySet',
  verificationStarted: 'billing.verificationStarted',
  cardVerified: 'billing.cardVerified',
  catalogue: 'billing.catalogue',
  purchased: 'billing.purchased',
  contracts: 'billing.contracts',
  subscription: 'billing.subscription',
  renewalOn: 'billing.renewalOn',
  renewalOff: 'billing.renewalOff',
  payAsYouGo: 'billing.payAsYouGo',
  payAsYouGoActivated: 'billing.payAsYouGoActivated',
  payAsYouGoCapChanged: 'billing.payAsYouGoCapChanged',
  payAsYouGoDeactivated: 'billing.payAsYouGoDeactivated',
  usageRecorded: 'billing.usageRecorded',
  usageHistory: 'billing.usageHistory',
  invoiceNotFound: 'billing.invoiceNotFound',
  cardNotFound: 'billing.cardNotFound',
  productNotFound: 'billing.productNotFound',
  cardLimit: 'billing.cardLimit',
  lastUsableCard: 'billing.lastUsableCard',
  cardNotUsable: 'billing.cardNotUsable',
  cardAlreadyVerified: 'billing.cardAlreadyVerified',
  verificationNotStarted: 'billing.verificationNotStarted',
  verificationWrongAmount: 'billing.verificationWrongAmount',
  verificationRestart: 'billing.verificationRestart',
  noPrimaryCard: 'billing.noPrimaryCard',
  idempotencyConflict: 'billing.idempotencyConflict',
  purchaseInProgress: 'billing.purchaseInProgress',
  paymentUnavailable: 'billing.paymentUnavailable',
  cardDetailsRefused: 'billing.cardDetailsRefused',
  cardSetupNotUsed: 'billing.cardSetupNotUsed',
  cardSetupStarted: 'billing.cardSetupStarted',
  webhookRefused: 'billing.webhookRefused',
  webhookReceived: 'billing.webhookReceived',
  dateRange: 'billing.dateRange',
  dateOrder: 'billing.dateOrder',
  dateInvalid: 'billing.validation.date',
  credentialInvalid: 'billing.credentialInvalid',
  usageNotCovered: 'billing.usageNotCovered',
  capRequired: 'billing.validation.capRequired',
} satisfies Record<string, MessageKey>;

/** 402 with the processor's reason in the request's language and a code per reason. */
export const declined = (reason: DeclineReason) =>
  new HttpError(402, `billing.declined.${reason}`, CARD_DECLINE_CODES[reason]);
export const paymentUnavailable = () =>
  new HttpError(502, BILLING_MESSAGES.paymentUnavailable, 'PAYMENT_UNAVAILABLE');
export const conflict = (msg: MessageKey | ReturnType<typeof message>, code: string) =>
  new HttpError(409, msg, code);

/** The organisation's name, zone and owner, for documents, months and mails. */
export interface OrganizationInfo {
  id: string;
  name: string;
  timeZone: string;
  owner: { email: string; firstName: string; language: string | null };
}

export async function organizationInfo(db: Db, organizationId: string): Promise<OrganizationInfo | null> {
  const [row] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      timeZone: organizations.timeZone,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
    })
    .from(organizations)
    .innerJoin(users, eq(users.id, organizations.ownerId))
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    timeZone: knownZone(row.timeZone),
    owner: { email: row.email, firstName: row.firstName, language: row.language ?? null },
  };
}

/** The organisation's billing row, created with the defaults on first use. */
export async function ensureAccount(db: Db, organizationId: string, now: Date) {
  await db.insert(billingAccounts).values({ organizationId, updatedAt: now }).onConflictDoNothing();
  const [account] = await db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.organizationId, organizationId));
  return account;
}

/**
 * The next number of an invoice (`INV-000001`) or credit note (`CN-000001`) of the organisation, taken in the
 * caller's transaction: the counter's row lock orders concurrent issuers, and a rolled-back issue gives its number
 * back with the rest, so numbers are sequential and never reused.
 */
export async function nextDocumentNumber(
  tx: Db,
  organizationId: string,
  kind: 'invoice' | 'creditNote',
  now: Date,
) {
  await tx.insert(billingAccounts).values({ organizationId, updatedAt: now }).onConflictDoNothing();
  const column = kind === 'invoice' ? billingAccounts.invoiceSeq : billingAccounts.creditNoteSeq;
  const [row] = await tx
    .update(billingAccounts)
    .set(kind === 'invoice' ? { invoiceSeq: sql`${column} + 1` } : { creditNoteSeq: sql`${column} + 1` })
    .where(eq(billingAccounts.organizationId, organizationId))
    .returning({ seq: column });
  return `${kind === 'invoice' ? 'INV' : 'CN'}-${String(row.seq).padStart(6, '0')}`;
}

/** `YYYY-MM` of an instant in the zone. */
export function monthOf(instant: Date, timeZone: string): string {
  return new Date(today(instant, timeZone)).toISOString().slice(0, 7);
}

/** The zone's current calendar month as numbers (card expiry is checked against it). */
export function yearMonthOf(instant: Date, timeZone: string) {
  const [year, month] = monthOf(instant, timeZone).split('-').map(Number);
  return { year, month };
}

/** The same instant `months` calendar months later (the 31st falls back to the month's last day). */
export function addMonths(instant: Date, months: number): Date {
  const next = new Date(instant.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return next;
}

export type CardRow = typeof billingCards.$inferSelect;
export type InvoiceRow = typeof billingInvoices.$inferSelect;

export const cardExpired = (
  card: Pick<CardRow, 'expiryMonth' | 'expiryYear'>,
  now: { year: number; month: number },
) => card.expiryYear * 12 + card.expiryMonth < now.year * 12 + now.month;

/** A card a charge may use: verified and not expired. */
export const cardUsable = (card: CardRow, now: { year: number; month: number }) =>
  card.verified && !cardExpired(card, now);

export function toCard(row: CardRow, now: { year: number; month: number }): Card {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    expiryMonth: row.expiryMonth,
    expiryYear: row.expiryYear,
    holderName: row.holderName,
    primary: row.primary,
    verified: row.verified,
    verificationPending: row.verificationChargeId !== null,
    expired: cardExpired(row, now),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    date: row.issuedAt.toISOString(),
    description: row.description,
    amount: row.amount,
    gst: row.gst,
    currency: row.currency,
    status: row.status,
    lines: row.lines as InvoiceLine[],
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    creditFor: row.creditFor,
  };
}
