/**
 * Test support for the billing plugin's component tests (not shipped: only tests import it). Renders the real host
 * and app layout around the real plugin, inside a business organisation, with HTTP faked by MSW. Same shapes as
 * the organisation plugin's fixtures (a plugin may not import another's code).
 */
// Static antd toasts render nothing under React 19 without the patch (the app entry imports it first too).
import '@ant-design/v5-patch-for-react-19';
import type {
  Bucket,
  Card,
  CatalogueItem,
  ContractRow,
  Invoice,
  PayAsYouGo,
  Subscription,
} from '@contract/v1/billing';
import type { UsageHistoryData } from '@contract/v1/charts';
import type { EndpointRoute } from '@contract/v1/endpoint';
import type { DeploymentFacts } from '@core';
import { screen } from '@testing-library/react';
import type { JsonBodyType } from 'msw';
import { answer, type Recorded } from '../../../tests/msw/recorded-answers';
import { renderWithPortal } from '../../../tests/render-with-portal';
import { inOrganization } from '../../../tests/signed-in-organization';
import { stubAuthPlugin } from '../../../tests/stub-auth-plugin';
import billingPlugin from '../index';

export { ORG_ID } from '../../../tests/signed-in-organization';
export { answer, myAccess, refuse, type Recorded } from '../../../tests/msw/recorded-answers';

export function invoice(patch: Partial<Invoice> & Pick<Invoice, 'id' | 'number'>): Invoice {
  return {
    kind: 'invoice',
    date: '2026-11-02T01:00:00.000Z',
    description: 'Business bucket: 5,000 units',
    amount: 55_000,
    gst: 5_000,
    currency: 'AUD',
    status: 'paid',
    lines: [],
    card: { brand: 'visa', last4: '4242' },
    creditFor: null,
    ...patch,
  };
}

export function card(patch: Partial<Card> & Pick<Card, 'id'>): Card {
  return {
    brand: 'visa',
    last4: '4242',
    expiryMonth: 4,
    expiryYear: 2030,
    holderName: 'Jane Citizen',
    primary: false,
    verified: true,
    verificationPending: false,
    expired: false,
    createdAt: '2026-10-01T00:00:00.000Z',
    ...patch,
  };
}

export const CATALOGUE: CatalogueItem[] = [
  {
    id: 'starter',
    name: 'Starter',
    units: 1_000,
    price: 11_000,
    gst: 1_000,
    currency: 'AUD',
    periodMonths: 1,
  },
  {
    id: 'business',
    name: 'Business',
    units: 5_000,
    price: 55_000,
    gst: 5_000,
    currency: 'AUD',
    periodMonths: 1,
  },
];

export function contract(patch: Partial<ContractRow> & Pick<ContractRow, 'id' | 'name'>): ContractRow {
  return {
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    committedUnits: 120_000,
    price: 1_200_000,
    currency: 'AUD',
    status: 'active',
    documentUrl: null,
    ...patch,
  };
}

export function bucket(patch: Partial<Bucket> & Pick<Bucket, 'id'>): Bucket {
  return {
    productId: 'business',
    name: 'Business',
    unitsBought: 5_000,
    unitsUsed: 1_250,
    unitsRemaining: 3_750,
    periodStart: '2026-11-01T00:00:00.000Z',
    periodEnd: '2026-12-01T00:00:00.000Z',
    status: 'current',
    invoiceNumber: 'INV-000003',
    ...patch,
  };
}

export const SUBSCRIPTION: Subscription = {
  autoRenew: true,
  productId: 'business',
  renewalDate: '2026-12-01T00:00:00.000Z',
  renewalFailures: 0,
  nextRetryAt: null,
};

export const PAY_AS_YOU_GO_OFF: PayAsYouGo = {
  active: false,
  cap: null,
  currency: 'AUD',
  unitPrice: 12,
  unitsThisMonth: 0,
  amountThisMonth: 0,
  periodStart: '2026-11-01T00:00:00.000Z',
  periodEnd: '2026-12-01T00:00:00.000Z',
};

/** Twelve months of usage ending November 2026, pay-as-you-go in two of them, and the current bucket a quarter used. */
export const USAGE: UsageHistoryData = {
  months: [610, 680, 650, 790, 740, 880, 930, 860, 1_020, 1_150, 1_210, 1_260].map((units, i) => ({
    month: `${i < 1 ? 2025 : 2026}-${String(((i + 11) % 12) + 1).padStart(2, '0')}`,
    fromBucket: units,
    payAsYouGo: i === 9 ? 320 : i === 11 ? 120 : 0,
  })),
  currentBucket: { unitsBought: 5_000, unitsUsed: 1_260, periodEnd: '2026-12-01T00:00:00.000Z' },
};

/** An organisation that has used nothing and has no bucket. */
export const NO_USAGE: UsageHistoryData = {
  months: USAGE.months.map((m) => ({ ...m, fromBucket: 0, payAsYouGo: 0 })),
  currentBucket: null,
};

/** A paged list endpoint answering `rows` (or a function of the query) with `total`. */
export function pagedList<Row extends JsonBodyType>(
  route: EndpointRoute,
  rows: Row[] | ((query: Record<string, string>) => Row[]),
  total?: number,
  extra: Record<string, JsonBodyType> = {},
): Recorded {
  return answer(route, ({ query }) => {
    const items = typeof rows === 'function' ? rows(query) : rows;
    return {
      ...extra,
      items,
      total: total ?? items.length,
      offset: Number(query.offset),
      limit: Number(query.limit),
    };
  });
}

export async function renderBilling(
  url: string,
  options: {
    role?: string;
    permissions?: string[];
    language?: string;
    heading?: boolean;
    /** What the server says about the deployment (the card processor, PAYMENT_PROVIDER=stripe). */
    deployment?: DeploymentFacts;
  } = {},
) {
  const view = await renderWithPortal({
    plugins: [stubAuthPlugin, billingPlugin],
    url,
    language: options.language,
    deployment: options.deployment,
    session: inOrganization(options.role ?? 'owner', options.permissions),
  });
  // The first render of a file imports the app layout (antd's Layout and Menu) cold, which is slow on two shared cores.
  if (options.heading !== false) await screen.findByRole('heading', { level: 1 }, { timeout: 60_000 });
  return view;
}
