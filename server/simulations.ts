import { readFileSync } from 'node:fs';

import { SIMULATED_SERVICES, type SimulatedService } from '../contract/portal-config/injected-config';

/** The outside services the server can simulate, by the name ALLOW_SIMULATED uses for each (shared with the portal). */
export const SIMULATION_NAMES = SIMULATED_SERVICES;
export type SimulationName = SimulatedService;

/** One simulated service an enabled plugin would run on. */
export interface Simulation {
  name: SimulationName;
  /** The portal plugin that needs the service (portal.config.json `plugins`). */
  plugin: string;
  /** The variable that names the provider, as it is set now. */
  setting: string;
  /** What a user would get from the simulation. */
  consequence: string;
}

/** The provider settings of ServerConfig (server/config.ts, which imports this module). */
interface ProviderSettings {
  paymentProvider: string;
  smsProvider: string;
  identityProvider: string;
}

/**
 * The services this configuration simulates, for the plugins that are enabled (docs/production.md, "Simulated
 * services"): billing on the test card processor, mobile two-factor codes written to the outbox instead of being
 * texted, KYC/KYB checked by the development provider. A disabled plugin needs nothing.
 */
export function simulatedServices(
  config: ProviderSettings,
  enabledPlugins: ReadonlySet<string>,
): Simulation[] {
  const all: (Simulation & { simulated: boolean })[] = [
    {
      name: 'payments',
      plugin: 'billing',
      setting: `PAYMENT_PROVIDER=${config.paymentProvider}`,
      consequence: 'test cards succeed and nothing is charged',
      simulated: config.paymentProvider === 'test',
    },
    {
      name: 'sms',
      plugin: 'two-factor',
      setting: `SMS_PROVIDER=${config.smsProvider}`,
      consequence: 'mobile two-factor codes are never texted and their owners cannot sign in',
      simulated: config.smsProvider === 'outbox',
    },
    {
      name: 'identity',
      plugin: 'kyc-kyb',
      setting: `IDENTITY_PROVIDER=${config.identityProvider}`,
      consequence: 'identity and business checks are invented, not made',
      simulated: config.identityProvider === 'development',
    },
  ];
  return all
    .filter((entry) => entry.simulated && enabledPlugins.has(entry.plugin))
    .map(({ simulated: _simulated, ...simulation }) => simulation);
}

/** The plugins portal.config.json enables (`enabled` is true unless set to false); none without a readable file. */
export function enabledPortalPlugins(portalConfigFile: string): Set<string> {
  try {
    return enabledPluginsOf(JSON.parse(readFileSync(portalConfigFile, 'utf8')));
  } catch {
    // A server-only deployment without the portal's file: no plugin asks for a service.
    return new Set();
  }
}

/** The plugins a parsed portal config enables. */
export function enabledPluginsOf(config: unknown): Set<string> {
  const plugins = (config as { plugins?: Record<string, { enabled?: boolean } | undefined> } | null)?.plugins;
  return new Set(
    Object.entries(plugins ?? {})
      .filter(([, entry]) => entry?.enabled !== false)
      .map(([id]) => id),
  );
}

/**
 * A production start's verdict on simulations: each one not named in ALLOW_SIMULATED is an error (one message
 * naming every variable); each one named is a warning, logged at every start.
 */
export function simulationChecks(
  simulations: readonly Simulation[],
  allowed: ReadonlySet<SimulationName>,
): { errors: string[]; warnings: string[] } {
  const refused = simulations.filter((simulation) => !allowed.has(simulation.name));
  const errors =
    refused.length === 0
      ? []
      : [
          `Production does not run on simulated services: ${refused
            .map((s) => `${s.plugin} on ${s.setting} (${s.consequence})`)
            .join(
              '; ',
            )}. Configure a real provider (docs/production.md), disable the plugin in portal.config.json, ` +
            `or, for a demonstration, name each simulation in ALLOW_SIMULATED=${refused.map((s) => s.name).join(',')}.`,
        ];
  const warnings = simulations
    .filter((simulation) => allowed.has(simulation.name))
    .map(
      (s) =>
        `Simulated service allowed by ALLOW_SIMULATED: ${s.plugin} runs on ${s.setting}, so ${s.consequence}.`,
    );
  return { errors, warnings };
}
