import type { Stripe } from '@stripe/stripe-js';

const loaded = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js for a publishable key: the module that loads it and the script it fetches from js.stripe.com are
 * asked for only here, when a payment screen opens Stripe's card field (PAYMENT_PROVIDER=stripe), so no other
 * route downloads either. Once per key: Stripe.js must not be loaded twice on a page.
 * @example
 * const stripe = await loadStripeJs(payments.publishableKey);
 */
export function loadStripeJs(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    // `pure`: nothing is fetched from Stripe until loadStripe is called.
    stripe = import('@stripe/stripe-js/pure').then(({ loadStripe }) => loadStripe(publishableKey));
    // A failed load (offline) may be tried again when the dialog opens next.
    stripe.catch(() => loaded.delete(publishableKey));
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}
