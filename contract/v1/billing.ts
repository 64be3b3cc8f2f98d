/**
 * Billing of the active organisation (docs/billing.md): invoices and their PDF, cards on file and their
 * verification, the usage catalogue and purchases, contracts, subscription buckets and renewal, pay-as-you-go, and
 * the usage the apps report. Every call but POST /v1/usage is scoped to the organisation of the caller's access
 * token: no organisation id is taken from the request. Money is always an integer of minor units (cents) with the
 * organisation's currency (AUD by default); prices include GST.
 *
 * The card and money rules are in ./billing-rules.ts (no schema code, so the portal imports them too).
 */
import { Type, type Static } from 'typebox';
import { Envelope, Nullable, PageOffset, messages } from './common';
import { BILLING_LIMITS, CARD_BRANDS, INVOICE_STATUSES } from './billing-rules';
import { endpoint } from './endpoint';

export { BILLING_LIMITS, CARD_BRANDS, INVOICE_STATUSES };

const strict = { additionalProperties: false } as const;

export const CardBrand = Type.Union([Type.Literal('visa'), Type.Literal('mastercard'), Type.Literal('amex')]);
export type CardBrand = Static<typeof CardBrand>;

export const InvoiceStatus = Type.Union(
  [Type.Literal('paid'), Type.Literal('open'), Type.Literal('failed'), Type.Literal('refunded')],
  messages({ anyOf: 'server:billing.validation.status' }),
);
export type InvoiceStatus = Static<typeof InvoiceStatus>;

/** An ISO 4217 code, upper case (`AUD`). */
const Currency = Type.String({ pattern: '^[A-Z]{3}$' });

const Offset = PageOffset('server:billing.validation.offset');
const Limit = Type.Integer({
  minimum: 1,
  maximum: BILLING_LIMITS.pageSizeMax,
  default: BILLING_LIMITS.pageSizeDefault,
  ...messages({
    minimum: 'server:billing.validation.limit',
    maximum: 'server:billing.validation.limit',
    type: 'server:billing.validation.limit',
  }),
});
/** `YYYY-MM-DD`, a day in the organisation's calendar. */
const Day = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  ...messages({ pattern: 'server:billing.validation.date' }),
});

/** A row id (invoice, card, contract, bucket). */
const RowId = Type.String({
  minLength: 1,
  maxLength: 64,
  ...messages({
    required: 'server:billing.validation.idRequired',
    minLength: 'server:billing.validation.idRequired',
    maxLength: 'server:billing.validation.idRequired',
  }),
});

export const IdParams = Type.Object({ id: RowId }, strict);
export type IdParams = Static<typeof IdParams>;

const paged = <T extends ReturnType<typeof Type.Object>>(row: T) =>
  Type.Object({
    items: Type.Array(row),
    /** Rows matching the filters, on every page. */
    total: Type.Integer(),
    offset: Type.Integer(),
    limit: Type.Integer(),
  });

// ---------------------------------------------------------------------------------------------------------------
// Invoices

/**
 * GET /v1/bill?offset&limit&status&fromDate&toDate. Dates bound the issue date in the organisation's calendar,
 * both inclusive, within the last BILLING_LIMITS.dateFilterDays days up to today, else 400.
 */
export const InvoiceListQuery = Type.Object(
  {
    offset: Type.Optional(Offset),
    limit: Type.Optional(Limit),
    status: Type.Optional(InvoiceStatus),
    fromDate: Type.Optional(Day),
    toDate: Type.Optional(Day),
  },
  strict,
);
export type InvoiceListQuery = Static<typeof InvoiceListQuery>;

export const InvoiceLine = Type.Object({
  description: Type.String(),
  quantity: Type.Integer(),
  /** Price of one, GST included. */
  unitAmount: Type.Integer(),
  /** quantity × unitAmount, GST included. */
  amount: Type.Integer(),
});
export type InvoiceLine = Static<typeof InvoiceLine>;

export const Invoice = Type.Object({
  id: Type.String(),
  /** Sequential per organisation, never reused: `INV-000042`; a credit note `CN-000003`. */
  number: Type.String(),
  kind: Type.Union([Type.Literal('invoice'), Type.Literal('creditNote')]),
  /** Issue date, ISO 8601. */
  date: Type.String(),
  description: Type.String(),
  /** Total, GST included, in minor units (a credit note's is negative). */
  amount: Type.Integer(),
  /** The GST part of `amount`. */
  gst: Type.Integer(),
  currency: Currency,
  status: InvoiceStatus,
  lines: Type.Array(InvoiceLine),
  /** The card charged, when one was. */
  card: Nullable(Type.Object({ brand: CardBrand, last4: Type.String() })),
  /** A credit note: the invoice it refunds. */
  creditFor: Nullable(Type.String()),
});
export type Invoice = Static<typeof Invoice>;

export const InvoiceListData = paged(Invoice);
export type InvoiceListData = Static<typeof InvoiceListData>;
export const InvoiceListResponse = Envelope(InvoiceListData);

/**
 * GET /v1/bill/:id/pdf: the invoice as a PDF, base64 in the JSON envelope (the call needs the bearer token, so the
 * portal fetches it and saves a Blob).
 */
export const InvoicePdfData = Type.Object({
  fileName: Type.String(),
  mediaType: Type.Literal('application/pdf'),
  /** The PDF file, base64. */
  content: Type.String(),
});
export type InvoicePdfData = Static<typeof InvoicePdfData>;
export const InvoicePdfResponse = Envelope(InvoicePdfData);

// ---------------------------------------------------------------------------------------------------------------
// Cards

/** A card on file: never its number or CVC, which only the payment provider sees. */
export const Card = Type.Object({
  id: Type.String(),
  brand: CardBrand,
  last4: Type.String(),
  expiryMonth: Type.Integer(),
  expiryYear: Type.Integer(),
  holderName: Type.String(),
  primary: Type.Boolean(),
  /** A card needing verification is usable only once the typed-back amount matched. */
  verified: Type.Boolean(),
  /** A verification charge was made and waits for the typed-back amount. */
  verificationPending: Type.Boolean(),
  /** Past its expiry month. */
  expired: Type.Boolean(),
  createdAt: Type.String(),
});
export type Card = Static<typeof Card>;

export const CardListResponse = Envelope(Type.Object({ cards: Type.Array(Card) }));
export const CardResponse = Envelope(Type.Object({ card: Card }));

/**
 * POST /v1/card. The fields are checked by ./billing-rules.ts (400 with each failing field), then the provider
 * turns the card into a token; a decline answers 402 CARD_DECLINED with the provider's reason
 * (`declineCode`: insufficientFunds, expiredCard, stolenCard, generic). The first card becomes primary.
 */
const cardText = (max: number, required: string) =>
  Type.String({ maxLength: max, ...messages({ required, maxLength: required }) });
export const AddCardBody = Type.Object(
  {
    /** Digits, spaces and hyphens allowed between groups. */
    number: cardText(32, 'server:billing.validation.numberRequired'),
    expiryMonth: Type.Integer({
      ...messages({
        required: 'server:billing.validation.expiryRequired',
        type: 'server:billing.validation.expiryInvalid',
      }),
    }),
    /** Four digits, or two as printed (MM/YY). */
    expiryYear: Type.Integer({
      ...messages({
        required: 'server:billing.validation.expiryRequired',
        type: 'server:billing.validation.expiryInvalid',
      }),
    }),
    cvc: cardText(8, 'server:billing.validation.cvcRequired'),
    holderName: cardText(200, 'server:billing.validation.holderRequired'),
  },
  strict,
);
export type AddCardBody = Static<typeof AddCardBody>;

/**
 * POST /v1/card/setup (PAYMENT_PROVIDER=stripe): starts saving a card in the browser. `clientSecret` is the
 * SetupIntent's secret Stripe.js confirms with the card element (3-D Secure included); the number and CVC go from
 * the browser to Stripe, never to this server.
 */
export const CardSetupResponse = Envelope(Type.Object({ clientSecret: Type.String() }));

/**
 * POST /v1/card/saved: the payment method the confirmed SetupIntent saved (`pm_…`). The server reads brand, last 4,
 * expiry and holder from Stripe and keeps the id; a card Stripe did not save for this organisation answers 402.
 */
export const SaveCardBody = Type.Object(
  {
    paymentMethodId: Type.String({
      minLength: 1,
      maxLength: 255,
      // Stripe's ids are letters, digits and underscores (`pm_…`); whose card it is, Stripe answers (402 if not ours).
      pattern: '^[A-Za-z0-9_-]+$',
      ...messages({
        required: 'server:billing.validation.paymentMethodInvalid',
        minLength: 'server:billing.validation.paymentMethodInvalid',
        maxLength: 'server:billing.validation.paymentMethodInvalid',
        pattern: 'server:billing.validation.paymentMethodInvalid',
      }),
    }),
  },
  strict,
);
export type SaveCardBody = Static<typeof SaveCardBody>;

export const CardIdBody = Type.Object({ cardId: RowId }, strict);
export type CardIdBody = Static<typeof CardIdBody>;

/**
 * PATCH /v1/verify/initiate: charges a random 1-99 cent amount the user reads on their statement. `testAmount` is
 * the amount, sent only by the built-in test provider (PAYMENT_PROVIDER=test), never by a real one.
 */
export const VerificationStartResponse = Envelope(
  Type.Object({ card: Card, testAmount: Type.Optional(Type.Integer()) }),
);

/** PATCH /v1/verify: the typed-back amount in minor units (cents). */
export const VerifyCardBody = Type.Object(
  {
    cardId: RowId,
    amount: Type.Integer({
      ...messages({
        required: 'server:billing.validation.amountInvalid',
        type: 'server:billing.validation.amountInvalid',
      }),
    }),
  },
  strict,
);
export type VerifyCardBody = Static<typeof VerifyCardBody>;

// ---------------------------------------------------------------------------------------------------------------
// Catalogue and purchase

export const CatalogueItem = Type.Object({
  id: Type.String(),
  /** A key the portal translates (`billing:catalogue.<id>`); `name` is the English fallback. */
  name: Type.String(),
  units: Type.Integer(),
  /** GST included, minor units. */
  price: Type.Integer(),
  gst: Type.Integer(),
  currency: Currency,
  /** How long the bucket's units last, in months. */
  periodMonths: Type.Integer(),
});
export type CatalogueItem = Static<typeof CatalogueItem>;
export const CatalogueResponse = Envelope(Type.Object({ items: Type.Array(CatalogueItem) }));

/**
 * POST /v1/bucket/purchase. `idempotencyKey`: made by the client once per purchase attempt (a UUID) and sent again
 * on every retry of that attempt; the same key answers the same purchase, never a second charge.
 */
export const PurchaseBody = Type.Object(
  {
    productId: RowId,
    idempotencyKey: Type.String({
      minLength: BILLING_LIMITS.idempotencyKeyMin,
      maxLength: BILLING_LIMITS.idempotencyKeyMax,
      pattern: '^[A-Za-z0-9_-]+$',
      ...messages({
        required: 'server:billing.validation.idempotencyKey',
        minLength: 'server:billing.validation.idempotencyKey',
        maxLength: 'server:billing.validation.idempotencyKey',
        pattern: 'server:billing.validation.idempotencyKey',
      }),
    }),
  },
  strict,
);
export type PurchaseBody = Static<typeof PurchaseBody>;

// ---------------------------------------------------------------------------------------------------------------
// Contracts

export const ContractListQuery = Type.Object(
  { offset: Type.Optional(Offset), limit: Type.Optional(Limit) },
  strict,
);
export type ContractListQuery = Static<typeof ContractListQuery>;

export const ContractRow = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** ISO 8601 days (YYYY-MM-DD). */
  startDate: Type.String(),
  endDate: Type.String(),
  committedUnits: Type.Integer(),
  price: Type.Integer(),
  currency: Currency,
  status: Type.Union([Type.Literal('active'), Type.Literal('upcoming'), Type.Literal('ended')]),
  /** The signed document, when there is one. */
  documentUrl: Nullable(Type.String()),
});
export type ContractRow = Static<typeof ContractRow>;
export const ContractListData = paged(ContractRow);
export type ContractListData = Static<typeof ContractListData>;
export const ContractListResponse = Envelope(ContractListData);

// ---------------------------------------------------------------------------------------------------------------
// Subscription buckets and renewal

export const Bucket = Type.Object({
  id: Type.String(),
  productId: Type.String(),
  name: Type.String(),
  unitsBought: Type.Integer(),
  unitsUsed: Type.Integer(),
  unitsRemaining: Type.Integer(),
  /** ISO 8601. */
  periodStart: Type.String(),
  periodEnd: Type.String(),
  status: Type.Union([Type.Literal('current'), Type.Literal('expired')]),
  invoiceNumber: Nullable(Type.String()),
});
export type Bucket = Static<typeof Bucket>;

/** The purchase: its invoice (paid) and the bucket it credited. `replayed`: an earlier request with the key did it. */
export const PurchaseData = Type.Object({ invoice: Invoice, bucket: Bucket, replayed: Type.Boolean() });
export type PurchaseData = Static<typeof PurchaseData>;
export const PurchaseResponse = Envelope(PurchaseData);

export const Subscription = Type.Object({
  autoRenew: Type.Boolean(),
  /** The product a renewal buys (the latest bucket's). */
  productId: Nullable(Type.String()),
  /** When the current bucket ends and, with auto-renew on, the scheduler charges the primary card (ISO 8601). */
  renewalDate: Nullable(Type.String()),
  /** A failed renewal waiting for its next try (docs/billing.md has the schedule). */
  renewalFailures: Type.Integer(),
  nextRetryAt: Nullable(Type.String()),
});
export type Subscription = Static<typeof Subscription>;

export const SubscriptionHistoryQuery = Type.Object(
  { offset: Type.Optional(Offset), limit: Type.Optional(Limit) },
  strict,
);
export type SubscriptionHistoryQuery = Static<typeof SubscriptionHistoryQuery>;
export const SubscriptionHistoryData = Type.Object({
  subscription: Subscription,
  items: Type.Array(Bucket),
  total: Type.Integer(),
  offset: Type.Integer(),
  limit: Type.Integer(),
});
export type SubscriptionHistoryData = Static<typeof SubscriptionHistoryData>;
export const SubscriptionHistoryResponse = Envelope(SubscriptionHistoryData);

export const RenewalBody = Type.Object(
  {
    autoRenew: Type.Boolean({
      ...messages({
        required: 'server:billing.validation.autoRenew',
        type: 'server:billing.validation.autoRenew',
      }),
    }),
  },
  strict,
);
export type RenewalBody = Static<typeof RenewalBody>;
export const SubscriptionResponse = Envelope(Type.Object({ subscription: Subscription }));

// ---------------------------------------------------------------------------------------------------------------
// Pay-as-you-go

export const PayAsYouGo = Type.Object({
  active: Type.Boolean(),
  /** Monthly cap, minor units, GST included; null until first activated. */
  cap: Nullable(Type.Integer()),
  currency: Currency,
  /** Price of one unit beyond the bucket, GST included. */
  unitPrice: Type.Integer(),
  /** This calendar month (organisation's time zone): units beyond the bucket and what they cost so far (capped). */
  unitsThisMonth: Type.Integer(),
  amountThisMonth: Type.Integer(),
  /** ISO 8601: start and end of this month. */
  periodStart: Type.String(),
  periodEnd: Type.String(),
});
export type PayAsYouGo = Static<typeof PayAsYouGo>;
export const PayAsYouGoResponse = Envelope(Type.Object({ payAsYouGo: PayAsYouGo }));

const Cap = Type.Integer({
  minimum: BILLING_LIMITS.capMin,
  maximum: BILLING_LIMITS.capMax,
  ...messages({
    required: 'server:billing.validation.cap',
    minimum: 'server:billing.validation.cap',
    maximum: 'server:billing.validation.cap',
    type: 'server:billing.validation.cap',
  }),
});

/** PATCH /v1/payasyougo/activate: turns it on with a monthly cap (needs a usable primary card). */
export const ActivatePayAsYouGoBody = Type.Object({ cap: Cap }, strict);
export type ActivatePayAsYouGoBody = Static<typeof ActivatePayAsYouGoBody>;

/** POST /v1/payasyougo/manage: `setCap` with `cap`, or `deactivate`. */
export const ManagePayAsYouGoBody = Type.Object(
  {
    action: Type.Union(
      [Type.Literal('setCap'), Type.Literal('deactivate')],
      messages({ anyOf: 'server:billing.validation.action', required: 'server:billing.validation.action' }),
    ),
    cap: Type.Optional(Cap),
  },
  strict,
);
export type ManagePayAsYouGoBody = Static<typeof ManagePayAsYouGoBody>;

// ---------------------------------------------------------------------------------------------------------------
// Usage reported by the apps

/**
 * POST /v1/usage, called by an app of the product family with its credential in the `x-app-credential` header (an
 * organisation's app credential, docs/billing.md). `eventId` makes a retried report count once.
 */
export const UsageBody = Type.Object(
  {
    eventId: Type.String({
      minLength: 1,
      maxLength: 64,
      pattern: '^[A-Za-z0-9_.:-]+$',
      ...messages({
        required: 'server:billing.validation.eventId',
        minLength: 'server:billing.validation.eventId',
        maxLength: 'server:billing.validation.eventId',
        pattern: 'server:billing.validation.eventId',
      }),
    }),
    units: Type.Integer({
      minimum: 1,
      maximum: BILLING_LIMITS.usageUnitsMax,
      ...messages({
        required: 'server:billing.validation.units',
        minimum: 'server:billing.validation.units',
        maximum: 'server:billing.validation.units',
        type: 'server:billing.validation.units',
      }),
    }),
  },
  strict,
);
export type UsageBody = Static<typeof UsageBody>;
export const UsageResponse = Envelope(
  Type.Object({
    /** Units taken from the current bucket, and those left to pay-as-you-go (billed at month end up to the cap). */
    fromBucket: Type.Integer(),
    payAsYouGo: Type.Integer(),
    /** False when the report is a repeat of an `eventId` already counted. */
    counted: Type.Boolean(),
  }),
);

/** The header POST /v1/usage reads its app credential from. */
export const APP_CREDENTIAL_HEADER = 'x-app-credential';

const OPENAPI_TAG = 'Billing';

/**
 * Billing (docs/billing.md): scoped to the organisation of the access token; reads need billing.view, changes
 * billing.manage. POST /v1/usage is called by an app with its credential instead of a user session.
 */
export const billingEndpoints = {
  bills: endpoint(
    {
      method: 'GET',
      path: '/v1/bill',
      auth: 'session',
      permission: 'billing.view',
      tag: OPENAPI_TAG,
      description:
        'Invoices and credit notes of the active organisation, newest first, paged (offset starts at 1); filters by status and issue date (the last 89 days up to today).',
    },
    { query: InvoiceListQuery, response: InvoiceListResponse },
  ),
  billPdf: endpoint(
    {
      method: 'GET',
      path: '/v1/bill/:id/pdf',
      auth: 'session',
      permission: 'billing.view',
      tag: OPENAPI_TAG,
      description:
        'The invoice or credit note as a PDF (base64 in the envelope): seller, buyer, ABN, lines, GST, total, card charged.',
    },
    { params: IdParams, response: InvoicePdfResponse },
  ),
  cards: endpoint(
    {
      method: 'GET',
      path: '/v1/card',
      auth: 'session',
      permission: 'billing.view',
      tag: OPENAPI_TAG,
      description:
        'The cards on file (brand, last 4, expiry, holder, primary, verified); never a number or CVC.',
    },
    { response: CardListResponse },
  ),
  addCard: endpoint(
    {
      method: 'POST',
      path: '/v1/card',
      auth: 'session',
      permission: 'billing.manage',
      tag: OPENAPI_TAG,
      description:
        'Checks the card (Luhn, brand, expiry, CVC, name), has the payment provider tokenise it and keeps only the token, brand, last 4, expiry and holder. A decline answers 402 CARD_DECLINED with the reason. The first card becomes primary.',
    },
    { body: AddCardBody, response: CardResponse },
  ),
  startCardSetup: endpoint(
    {
      method: 'POST',
      path: '/v1/card/setup',
      auth: 'session',
      permission: 'billing.manage',
      tag: OPENAPI_TAG,
      description:
        "PAYMENT_PROVIDER=stripe: makes the organisation's Stripe customer on first use and a SetupIntent whose client secret Stripe.js confirms with its card element. With the test provider: 400 CARD_SETUP_NOT_USED.",
    },
    { response: CardSetupResponse },
  ),
  saveCard: endpoint(
    {
      method: 'POST',
      path: '/v1/card/saved',
      auth: 'session',
      permission: 'billing.manage',
      tag: OPENAPI_TAG,
      description:
        'PAYMENT_PROVIDER=stripe: keeps the card a confirmed SetupIntent saved, by its payment method id (brand, last 4, expiry and holder read from Stripe). Verified by Stripe (3-D Secure), so no typed-back amount. The first card becomes primary.',
    },
    { body: SaveCardBody, response: CardResponse },
  ),
  deleteCard: endpoint(
    {
      method: 'DELETE',
      path: '/v1/card/:id',
      auth: 'session',
      permission: 'billing.manage',
      tag: OPENAPI_TAG,
      description:
        'Removes a card. The last usable card is refused (409) while auto-renewal or pay-as-you-go is on; removing the primary card makes the next usable card primary.',
    },
    { params: IdParams, response: CardListResponse },
  ),
  setPrimaryCard: endpoint(
    {
      method: 'PATCH',
      path: '/v1/primary',
      auth: 'session',
      permission: 'billing.manage',
      tag: OPENAPI_TAG,
      description:
        'Makes a verified, unexpired card the primary card (the one purchases and renewals charge).',
    },
    { body: CardIdBody, response: CardListResponse },
  ),
  startCardVerification: endpoint(
    {
      method: 'PATCH',
      path: '/v1/verify/initiate',
      auth: 'session',
      permission: 'billing.manage',
      tag: OPENAPI_TAG,
      description:
        'Charges the card a small amount (1 to 99 cents, refunded once verified) that the user reads on their statement and types back.',
    },
    { body: CardIdBody, response: VerificationStartResponse },
  ),
  verifyCard: endpoint(
    {
      method: 'PATCH',
      path: '/v1/verify',
      auth: 'session',
      permission: 'billing.manage',
      tag: OPENAPI_TAG,
      description:
        'Verifies the card with the typed-back amount in cents; after 3 wrong amounts the verification starts again with a new charge.',
    },
    { body: VerifyCardBody, response: CardResponse },
  ),
  catalogue: endpoint(
    {
      method: 'GET',
      path: '/v1/bucket/catalogue',
      auth: 'session',
      permission: 'billing.view',
      tag: OPENAPI_TAG,
      description: 'The usage buckets on sale, prices in the organisation currency including GST.',
    },
    { response: CatalogueResponse },
  ),
  purchase: endpoint(
    {
      method: 'POST',
      path: '/v1/bucket/purchase',
      auth: 'session',
      permission: 'billing.manage',
      tag: OPENAPI_TAG,
      description:
        'Buys a bucket with the primary card: one charge, one invoice, one bucket. The same idempotencyKey again (a retry, a double click, a second tab) answers the same purchase and never charges twice. A decline answers 402 CARD_DECLINED and leaves nothing paid or credited.',
    },
    { body: PurchaseBody, response: PurchaseResponse },
  ),
  contracts: endpoint(
    {
      method: 'GET',
      path: '/v1/contract',
      auth: 'session',
      permission: 'billing.view',
      tag: OPENAPI_TAG,
      description: "The organisation's contracts, newest first, paged (offset starts at 1).",
    },
    { query: ContractListQuery, response: ContractListResponse },
  ),
  subscriptionHistory: endpoint(
    {
      method: 'GET',
      path: '/v1/bucket/subscription/history',
      auth: 'session',
      permission: 'billing.view',
      tag: OPENAPI_TAG,
      description:
        'The subscription (auto-renew, renewal date) and its buckets, current first: units bought, used and remaining, period.',
    },
    { query: SubscriptionHistoryQuery, response: SubscriptionHistoryResponse },
  ),
  setRenewal: endpoint(
    {
      method: 'PATCH',
      path: '/v1/bucket/renewal',
      auth: 'session',
      permission: 'billing.manage',
      tag: OPENAPI_TAG,
      description:
        'Auto-renewal on or off. On the renewal date the scheduler charges the primary card for the same bucket; a failure mails the owner and is retried (docs/billing.md).',
    },
    { body: RenewalBody, response: SubscriptionResponse },
  ),
  payAsYouGo: endpoint(
    {
      method: 'GET',
      path: '/v1/payasyougo',
      auth: 'session',
      permission: 'billing.view',
      tag: OPENAPI_TAG,
      description: 'Pay-as-you-go: on or off, monthly cap, usage and amount this month.',
    },
    { response: PayAsYouGoResponse },
  ),
  activatePayAsYouGo: endpoint(
    {
      method: 'PATCH',
      path: '/v1/payasyougo/activate',
      auth: 'session',
      permission: 'billing.manage',
      tag: OPENAPI_TAG,
      description:
        'Turns pay-as-you-go on with a monthly cap (needs a usable primary card). Usage beyond the bucket is billed at month end up to the cap; the owner is mailed at 80 % and 100 %.',
    },
    { body: ActivatePayAsYouGoBody, response: PayAsYouGoResponse },
  ),
  managePayAsYouGo: endpoint(
    {
      method: 'POST',
      path: '/v1/payasyougo/manage',
      auth: 'session',
      permission: 'billing.manage',
      tag: OPENAPI_TAG,
      description: 'Changes the monthly cap (`setCap` with `cap`) or turns pay-as-you-go off (`deactivate`).',
    },
    { body: ManagePayAsYouGoBody, response: PayAsYouGoResponse },
  ),
  recordUsage: endpoint(
    {
      method: 'POST',
      path: '/v1/usage',
      auth: 'public',
      tag: OPENAPI_TAG,
      description:
        "An app reports units used, authenticated by the organisation's app credential in the `x-app-credential` header; the same eventId counts once.",
    },
    { body: UsageBody, response: UsageResponse },
  ),
} as const;
