/**
 * What the API server puts into index.html as `<script type="application/json" id="portal-config">`
 * (server/web/portal-document.ts): the deployment's configuration, already validated with the build's schema and
 * its defaults filled in, or the problems that stop the portal. The browser then starts without a round trip for
 * `/portal.config.json` and without the validator's code; a static host serves no such element and the browser
 * fetches and validates the file itself (core/config/load-config.ts). `Config` is core's `PortalConfig`.
 */
/** The outside services a deployment can run on simulations: ALLOW_SIMULATED's names (docs/production.md). */
export const SIMULATED_SERVICES = ['payments', 'sms', 'identity'] as const;
export type SimulatedService = (typeof SIMULATED_SERVICES)[number];

/**
 * The card processor whose own card field the payment screens load in the browser (PAYMENT_PROVIDER=stripe), with
 * its publishable key (public by design; the secret key never leaves the server). Absent: the built-in test
 * provider, whose card form posts to the API.
 */
export interface InjectedPayments {
  provider: 'stripe';
  publishableKey: string;
}

export type InjectedConfig<Config = unknown> =
  | {
      config: Config;
      warnings: string[];
      /** The deployment's card processor for the browser (PAYMENT_PROVIDER); absent = the test provider. */
      payments?: InjectedPayments;
      /**
       * The outside services a production deployment runs on simulations, because the deployer named them in
       * ALLOW_SIMULATED (`payments`, `sms`, `identity`; docs/production.md): the portal tells owners and admins.
       * Absent outside production, where simulations are the norm.
       */
      simulatedServices?: SimulatedService[];
      /**
       * The texts the first paint shows, in the default language, as the locale files are at this request
       * (`resources[namespace]`); every other namespace and language comes from `/locales/<lang>/<namespace>.json`.
       */
      texts?: InjectedTexts;
    }
  | { problems: string[] };

export interface InjectedTexts {
  language: string;
  resources: Record<string, Record<string, unknown>>;
}

export const INJECTED_CONFIG_ELEMENT_ID = 'portal-config';
