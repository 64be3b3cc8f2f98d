import { describe, expect, it } from 'vitest';
import { defaultHashConcurrency, loadConfig, productionChecks } from './config';
import { enabledPortalPlugins } from './simulations';

/** A deployment whose portal enables no plugin that needs an outside service. */
const NO_PLUGINS = new Set<string>();

describe('productionChecks', () => {
  it('stops a production server on a shared database without a shared signing key', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/portal',
      SMTP_URL: 'smtp://mail',
    });
    expect(productionChecks(config, NO_PLUGINS).errors).toEqual([
      'JWT_SECRET is required in production with DATABASE_URL: every instance must sign tokens with the same key',
    ]);
    const shared = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/portal',
      SMTP_URL: 'smtp://mail',
      JWT_SECRET: 'x'.repeat(32),
    });
    expect(productionChecks(shared, NO_PLUGINS)).toEqual({ errors: [], warnings: [] });
  });

  it('lets a single production instance keep its generated key, and warns when mail cannot leave', () => {
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/portal-data' });
    expect(productionChecks(config, NO_PLUGINS)).toEqual({
      errors: [],
      warnings: [
        'SMTP_URL is not set: mail (verification, password reset, codes) reaches nobody in production',
      ],
    });
  });

  it('asks nothing of development', () => {
    expect(productionChecks(loadConfig({ DATABASE_URL: 'postgres://db/portal' }), SHIPPED_PLUGINS)).toEqual({
      errors: [],
      warnings: [],
    });
  });
});

const SHIPPED_PLUGINS = enabledPortalPlugins('portal.config.json');
const PRODUCTION = { NODE_ENV: 'production', DATA_DIR: '/tmp/portal-data', SMTP_URL: 'smtp://mail' };

describe('simulated services in production (docs/production.md)', () => {
  it('refuses to start the shipped portal on its defaults, naming each simulation and its variable', () => {
    const { errors } = productionChecks(loadConfig(PRODUCTION), SHIPPED_PLUGINS);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^Production does not run on simulated services: /);
    for (const setting of ['PAYMENT_PROVIDER=test', 'SMS_PROVIDER=outbox', 'IDENTITY_PROVIDER=development'])
      expect(errors[0]).toContain(setting);
    expect(errors[0]).toContain('ALLOW_SIMULATED=payments,sms,identity');
  });

  it('starts with each simulation named in ALLOW_SIMULATED, warning about each one', () => {
    const config = loadConfig({ ...PRODUCTION, ALLOW_SIMULATED: 'payments, sms,identity' });
    const { errors, warnings } = productionChecks(config, SHIPPED_PLUGINS);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      'Simulated service allowed by ALLOW_SIMULATED: billing runs on PAYMENT_PROVIDER=test, so test cards succeed and nothing is charged.',
      'Simulated service allowed by ALLOW_SIMULATED: two-factor runs on SMS_PROVIDER=outbox, so mobile two-factor codes are never texted and their owners cannot sign in.',
      'Simulated service allowed by ALLOW_SIMULATED: kyc-kyb runs on IDENTITY_PROVIDER=development, so identity and business checks are invented, not made.',
    ]);
  });

  it('still refuses the simulations ALLOW_SIMULATED does not name', () => {
    const { errors } = productionChecks(
      loadConfig({ ...PRODUCTION, ALLOW_SIMULATED: 'payments' }),
      SHIPPED_PLUGINS,
    );
    expect(errors[0]).not.toContain('PAYMENT_PROVIDER');
    expect(errors[0]).toContain('SMS_PROVIDER=outbox');
    expect(errors[0]).toContain('ALLOW_SIMULATED=sms,identity');
  });

  it('needs one document key for every instance on a shared database when identity verification is on', () => {
    const shared = {
      ...PRODUCTION,
      DATABASE_URL: 'postgres://db/portal',
      JWT_SECRET: 'x'.repeat(32),
      ALLOW_SIMULATED: 'payments,sms,identity',
    };
    expect(productionChecks(loadConfig(shared), SHIPPED_PLUGINS).errors).toEqual([
      'DOCUMENT_ENCRYPTION_KEY is required in production with DATABASE_URL: every instance must read the identity documents and KYC answers the others encrypted',
    ]);
    const keyed = loadConfig({ ...shared, DOCUMENT_ENCRYPTION_KEY: 'k'.repeat(64) });
    expect(productionChecks(keyed, SHIPPED_PLUGINS).errors).toEqual([]);
    expect(productionChecks(loadConfig(shared), new Set(['auth'])).errors).toEqual([]);
  });

  it('asks nothing for a plugin the portal does not enable', () => {
    const onlySignIn = new Set(['auth', 'apps', 'branding']);
    expect(productionChecks(loadConfig(PRODUCTION), onlySignIn)).toEqual({ errors: [], warnings: [] });
    const withoutBilling = new Set([...SHIPPED_PLUGINS].filter((plugin) => plugin !== 'billing'));
    expect(productionChecks(loadConfig(PRODUCTION), withoutBilling).errors[0]).not.toContain(
      'PAYMENT_PROVIDER',
    );
  });

  it('takes Twilio as the real SMS provider once its account, token and sender are all set', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1' })).toThrow(
      'SMS_PROVIDER=twilio needs TWILIO_AUTH_TOKEN, TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID',
    );
    const twilio = {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 't',
      TWILIO_FROM: '+61400000000',
    };
    expect(loadConfig(twilio).twilio).toEqual({
      accountSid: 'AC1',
      authToken: 't',
      from: '+61400000000',
      apiBaseUrl: null,
    });
    const { errors } = productionChecks(loadConfig({ ...PRODUCTION, ...twilio }), SHIPPED_PLUGINS);
    expect(errors[0]).not.toContain('SMS_PROVIDER');
    expect(errors[0]).toContain('ALLOW_SIMULATED=payments,identity');
  });

  it('takes Stripe as the real payment provider once its keys and webhook secret are all set', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_live_secret' })).toThrow(
      'PAYMENT_PROVIDER=stripe needs STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET',
    );
    // The message names what is missing, never the value of what is set.
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_live_secret' })).not.toThrow(
      /sk_live_secret/,
    );
    const stripe = {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    };
    expect(loadConfig(stripe).stripe).toEqual({
      secretKey: 'sk_live_1',
      publishableKey: 'pk_live_1',
      webhookSecret: 'whsec_1',
      apiBaseUrl: null,
    });
    const { errors } = productionChecks(loadConfig({ ...PRODUCTION, ...stripe }), SHIPPED_PLUGINS);
    expect(errors[0]).not.toContain('PAYMENT_PROVIDER');
    expect(errors[0]).toContain('ALLOW_SIMULATED=sms,identity');
  });

  it('stops at an unknown simulation or provider name instead of guessing', () => {
    expect(() => loadConfig({ ALLOW_SIMULATED: 'cards' })).toThrow(
      'ALLOW_SIMULATED lists payments, sms, identity, got "cards"',
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'pigeon' })).toThrow(
      'SMS_PROVIDER must be one of outbox, twilio, got "pigeon"',
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(
      'PAYMENT_PROVIDER must be one of test, stripe, got "paypal"',
    );
    expect(() => loadConfig({ IDENTITY_PROVIDER: 'oracle' })).toThrow(
      'IDENTITY_PROVIDER must be one of development, got "oracle"',
    );
  });
});

describe('network and header settings (server/README.md "Security")', () => {
  it('listens on 127.0.0.1 outside production and on every interface in production, unless HOST says', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
  });

  it('serves the API docs outside production only, unless API_DOCS says', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
  });

  it('sends HSTS over TLS only by default; HSTS=always|off and HSTS_MAX_AGE change that', () => {
    expect(loadConfig({}).hsts).toEqual({ mode: 'tls', maxAgeSeconds: 31_536_000 });
    expect(loadConfig({ HSTS: 'always', HSTS_MAX_AGE: '600' }).hsts).toEqual({
      mode: 'always',
      maxAgeSeconds: 600,
    });
    expect(loadConfig({ HSTS: 'off' }).hsts.mode).toBe('off');
    expect(() => loadConfig({ HSTS: 'sometimes' })).toThrow(
      'HSTS must be one of tls, always, off, got "sometimes"',
    );
  });

  it("allows CORS for PUBLIC_URL's origin by default, or the origins CORS_ORIGINS lists", () => {
    expect(loadConfig({}).corsOrigins).toEqual(['http://localhost:8080']);
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example/account/' }).corsOrigins).toEqual([
      'https://portal.example',
    ]);
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example:8443/' }).corsOrigins).toEqual([
      'https://a.example',
      'https://b.example:8443',
    ]);
    expect(() => loadConfig({ CORS_ORIGINS: '*' })).toThrow('CORS_ORIGINS');
    expect(() => loadConfig({ CORS_ORIGINS: 'https://a.example/path' })).toThrow('CORS_ORIGINS');
  });
});

describe('LOG_FORMAT', () => {
  it('is readable lines in development and JSON in production unless the deployer says otherwise', () => {
    expect(loadConfig({}).logFormat).toBe('readable');
    expect(loadConfig(PRODUCTION).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'pretty' })).toThrow(
      'LOG_FORMAT must be one of json, readable, got "pretty"',
    );
  });
});

describe('HASH_CONCURRENCY', () => {
  it('leaves a core to the event loop and the database by default, and hashes on one thread at least', () => {
    expect([1, 2, 4, 8].map(defaultHashConcurrency)).toEqual([1, 1, 3, 7]);
  });

  it('takes the number a deployer sets, and refuses one that is not a positive integer', () => {
    expect(loadConfig({ HASH_CONCURRENCY: '3' }).hashing).toEqual({ concurrency: 3, queueLimit: 192 });
    expect(() => loadConfig({ HASH_CONCURRENCY: '0' })).toThrow(
      'HASH_CONCURRENCY must be a positive integer',
    );
  });
});
