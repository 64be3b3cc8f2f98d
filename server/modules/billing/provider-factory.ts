import type { ServerConfig } from '../../config';
import type { PaymentProvider } from './payment-provider';
import { StripePaymentProvider } from './stripe-payment-provider';
import { TestPaymentProvider } from './test-payment-provider';

/**
 * The provider PAYMENT_PROVIDER names. A real processor's adapter is one file implementing PaymentProvider and one
 * line here (docs/billing.md). Tests answer at once; elsewhere the test provider takes a moment, like a network.
 */
export function createPaymentProvider(
  config: Pick<ServerConfig, 'paymentProvider' | 'nodeEnv' | 'stripe'>,
): PaymentProvider {
  switch (config.paymentProvider) {
    case 'test':
      return new TestPaymentProvider(config.nodeEnv === 'test' ? 5 : 400);
    case 'stripe':
      // loadConfig refuses PAYMENT_PROVIDER=stripe without its settings.
      return new StripePaymentProvider(config.stripe!);
    default:
      throw new Error(
        `Unknown PAYMENT_PROVIDER '${config.paymentProvider}' (docs/billing.md lists the providers)`,
      );
  }
}
