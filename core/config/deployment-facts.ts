import {
  INJECTED_CONFIG_ELEMENT_ID,
  SIMULATED_SERVICES,
  type InjectedConfig,
  type SimulatedService,
} from '@contract/portal-config/injected-config';
import { token } from '../di/container';

export type { SimulatedService };

/** What the API server says about the deployment beside its configuration (contract/portal-config/injected-config.ts). */
export interface DeploymentFacts {
  /** Services this production deployment runs on simulations (docs/production.md, "Simulated services"). */
  simulatedServices: readonly SimulatedService[];
}

export const DeploymentFacts = token<DeploymentFacts>('core.deployment-facts');

/** The facts the server put into the page; none on a static host or in development. */
export function readDeploymentFacts(doc: Document = document): DeploymentFacts {
  const text = doc.getElementById(INJECTED_CONFIG_ELEMENT_ID)?.textContent;
  const injected = text ? (JSON.parse(text) as InjectedConfig) : null;
  const listed = injected && 'config' in injected ? (injected.simulatedServices ?? []) : [];
  return {
    simulatedServices: SIMULATED_SERVICES.filter((service) => listed.includes(service)),
  };
}
