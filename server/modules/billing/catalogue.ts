import type { CatalogueItem } from '../../../contract/v1/billing';
import { DEFAULT_CURRENCY, gstIncluded } from '../../../contract/v1/billing-rules';

/**
 * What an organisation can buy (docs/billing.md): buckets of units for the product family's apps, one month long,
 * prices in AUD including GST. The server's list, so a price cannot be changed by the client.
 */
const PRODUCTS = [
  { id: 'starter', name: 'Starter bucket', units: 1_000, price: 11_000 },
  { id: 'business', name: 'Business bucket', units: 5_000, price: 49_500 },
  { id: 'enterprise', name: 'Enterprise bucket', units: 20_000, price: 176_000 },
] as const;

export type ProductId = (typeof PRODUCTS)[number]['id'];

/** Pay-as-you-go: the price of one unit beyond the bucket, GST included (15 cents). */
export const PAYG_UNIT_PRICE = 15;

export const CATALOGUE: readonly CatalogueItem[] = PRODUCTS.map((product) => ({
  ...product,
  gst: gstIncluded(product.price),
  currency: DEFAULT_CURRENCY,
  periodMonths: 1,
}));

export const findProduct = (id: string) => CATALOGUE.find((item) => item.id === id) ?? null;
