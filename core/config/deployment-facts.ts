import {
  INJECTED_CONFIG_ELEMENT_ID,
  SIMULATED_SERVICES,
  type InjectedConfig,
  type InjectedPayments,
  type SimulatedService,
} from '@contract/portal-config/injected-config';
import { token } from '../di/container';

export type { SimulatedService };
/** The card processor the payment screens load in the browser, with its publishable key (PAYMENT_PROVIDER=stripe). */
export type PaymentsFact = InjectedPayments;

/** What the API server says about the deployment beside its configuration (contract/portal-config/injected-config.ts). */
export interface DeploymentFacts {
  /** Services this production deployment runs on simulations (docs/production.md, "Simulated services"). */
  simulatedServices: readonly SimulatedService[];
  /** The card processor whose own card field the payment screens use; absent = the test provider's form. */
  payments?: PaymentsFact | null;
}

export const DeploymentFacts = token<DeploymentFacts>('core.deployment-facts');

/** The facts the server put into the page; none on a static host or in development. */
export function readDeploymentFacts(doc: Document = document): DeploymentFacts {
  const text = doc.getElementById(INJECTED_CONFIG_ELEMENT_ID)?.textContent;
  const injected = text ? (JSON.parse(text) as InjectedConfig) : null;
  const listed = injected && 'config' in injected ? (injected.simulatedServices ?? []) : [];
  const payments = injected && 'config' in injected ? injected.payments : undefined;
  return {
    simulatedServices: SIMULATED_SERVICES.filter((service) => listed.includes(service)),
    payments:
      payments?.provider === 'stripe' && typeof payments.publishableKey === 'string'
        ? { provider: 'stripe', publishableKey: payments.publishableKey }
        : null,
  };
}
