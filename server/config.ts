import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { portalConfigFileOf, projectRoot } from './paths';
import type { TwilioSettings } from './mail/twilio-sms-provider';
import type { StripeSettings } from './modules/billing/stripe-payment-provider';
import type { PasswordPolicy } from '../contract/rules/passwords';
import { normaliseRange } from './security/ip-ranges';
import { readPasswordPolicy } from './security/password-rules';
import { passkeyRelyingParty, type PasskeyRelyingParty } from './security/passkey-relying-party';
import { SIMULATION_NAMES, simulatedServices, simulationChecks, type SimulationName } from './simulations';

export type CaptchaProviderName = 'none' | 'recaptcha' | 'turnstile';

export const logFormats = ['json', 'readable'] as const;
export type LogFormat = (typeof logFormats)[number];

/** Everything the server reads from its environment, parsed once at start-up. */
export interface ServerConfig {
  port: number;
  host: string;
  nodeEnv: string;
  isProduction: boolean;
  dataDir: string;
  /** When set, PostgreSQL through `pg`; otherwise embedded PGlite under dataDir (or in memory when dataDir is null). */
  databaseUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string;
  /** The `aud` partner SSO tokens must carry (SSO_AUDIENCE, default PUBLIC_URL). */
  ssoAudience: string;
  /** Passkeys' relying party id and origins (PASSKEY_RP_ID, PUBLIC_URL, PASSKEY_EXTRA_ORIGINS; docs/passkeys.md). */
  passkeys: PasskeyRelyingParty;
  webRoot: string;
  /** The deployment's `portal.config.json` (PORTAL_CONFIG, default the top-level file), served as it is at each request. */
  portalConfigFile: string;
  /**
   * `<lang>/<namespace>.json` (LOCALES_DIR, default the top-level `locales/`): served to the portal as they are at each
   * request (server/web/locale-files.ts), so a deployment adds or edits a language without a rebuild or a restart.
   */
  localesDir: string;
  /** portal.config.json `passwordPolicy` as it was at start (server/security/password-rules.ts). */
  passwordPolicy: PasswordPolicy;
  accessTokenTtlSeconds: number;
  /** Absolute lifetime of a login session: refresh rotation never extends it. */
  sessionMaxAgeSeconds: number;
  /** A refresh token unused this long is refused and its session ends (SESSION_IDLE_TIMEOUT; server/README.md "Security"). */
  sessionIdleSeconds: number;
  /** How long a just-rotated refresh token is still answered with its session's current pair instead of counting as reuse. */
  refreshReuseGraceSeconds: number;
  /**
   * How long a proven password or second-factor code allows sensitive changes (2FA off, reset or new method,
   * recovery email, phone) before they answer 403 REAUTH_REQUIRED (REAUTH_WINDOW, docs/two-factor.md).
   */
  reauthWindowSeconds: number;
  jwtSecret: string | null;
  /** Return one-time codes in API responses (development convenience, docs/two-factor.md). */
  exposeOtp: boolean;
  /** The issuer authenticator apps show next to the user's email (BRAND_NAME). */
  brandName: string;
  devRoutes: boolean;
  captcha: { provider: CaptchaProviderName; secret: string; verifyUrl: string | null; minScore: number };
  /**
   * The reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY: addresses or CIDR ranges, comma-separated,
   * or proxy-addr's `loopback`, `linklocal`, `uniquelocal`); false = the socket's address, whatever headers say.
   * Never "any sender": the client address gates the IP allow-list (docs/access-control.md).
   */
  trustProxy: false | string[];
  /** Run the organisations' scheduled jobs in this process (SCHEDULER; off under NODE_ENV=test). */
  scheduler: boolean;
  /** The card processor billing uses (PAYMENT_PROVIDER; `test` = the built-in test mode, docs/billing.md). */
  paymentProvider: PaymentProviderName;
  /** STRIPE_* when PAYMENT_PROVIDER=stripe (docs/production.md, "Stripe"). */
  stripe: StripeSettings | null;
  /** Where mobile two-factor codes go (SMS_PROVIDER; `outbox` = written to the outbox, never texted; `twilio`). */
  smsProvider: SmsProviderName;
  /** TWILIO_* when SMS_PROVIDER=twilio (docs/production.md, "Twilio"). */
  twilio: TwilioSettings | null;
  /** Who checks KYC and KYB (IDENTITY_PROVIDER; `development` = the simulation of docs/identity-verification.md). */
  identityProvider: IdentityProviderName;
  /**
   * The key identity documents and KYC answers are encrypted with (DOCUMENT_ENCRYPTION_KEY); null = generated once
   * into DATA_DIR (one instance only: docs/identity-verification.md).
   */
  documentEncryptionKey: string | null;
  /** ABN Lookup (ABN_LOOKUP_GUID, ABN_LOOKUP_BASE_URL): KYBs of Australian businesses are checked against it. */
  abnLookup: { guid: string; baseUrl: string | null } | null;
  /** The simulations a production start accepts (ALLOW_SIMULATED, comma-separated; docs/production.md). */
  allowSimulated: ReadonlySet<SimulationName>;
  /** Login attempts: failures per email and per IP inside the window, then 429. */
  loginThrottle: { maxFailuresPerEmail: number; maxFailuresPerIp: number; windowSeconds: number };
  /** Mail-sending endpoints (forgot-password, resend-email): requests per email and per IP inside the window. */
  mailThrottle: { maxPerEmail: number; maxPerIp: number; windowSeconds: number };
  /**
   * A sign-up answers no sooner than this after it arrived (SIGN_UP_ANSWER_FLOOR_MS; 0 under NODE_ENV=test): a
   * free address costs the account's inserts, a taken one does not, and without the floor that gap times who
   * has an account (server/security/suite/enumeration.test.ts).
   */
  signUpAnswerFloorMs: number;
  bodyLimitBytes: number;
  logLevel: string;
  /**
   * How log lines are written (LOG_FORMAT): `json`, one pino object per line for a log collector (the default in
   * production), or `readable`, one short line per request or message for a person watching `npm start` (the default
   * elsewhere).
   */
  logFormat: LogFormat;
  /**
   * Business organisations one user may own (ORGANIZATION_LIMIT, 0 or more); null = portal.config.json's
   * `organizationLimit`, else 5 (server/modules/organization-acl/organization-limit.ts).
   */
  organizationLimit: number | null;
  /** Serve the OpenAPI document and Swagger UI (API_DOCS; default on outside production only). */
  apiDocs: boolean;
  /** Strict-Transport-Security: `tls` only on requests that came over HTTPS (directly or via a trusted proxy). */
  hsts: { mode: HstsMode; maxAgeSeconds: number };
  /** Origins allowed to call the API from a browser (CORS_ORIGINS; default the origin of PUBLIC_URL). */
  corsOrigins: string[];
  /**
   * Password hashes run at once (HASH_CONCURRENCY; default one less than the cores) and hashes that may
   * wait for a turn (HASH_QUEUE_LIMIT; default 64 per running one) before a login answers 429 SERVER_BUSY.
   */
  hashing: { concurrency: number; queueLimit: number };
}

export type HstsMode = 'tls' | 'always' | 'off';

type Env = Record<string, string | undefined>;

/** See ServerConfig.signUpAnswerFloorMs: a production hash and the account's inserts take well under this. */
export const SIGN_UP_ANSWER_FLOOR_MS = 300;

function integer(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function nonNegativeInteger(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be 0 or a positive integer, got "${raw}"`);
  return value;
}

/**
 * One hashing thread fewer than the cores, at least one: a login storm then always leaves a core to the event loop
 * and the database, so other calls keep their pace (issue #33 finding 14: on two cores, the p99 of other calls
 * under 50 logins rose 3-4x with two hashing threads and 1.4-2.9x with one; logins/s fell from ~90 to ~75,
 * docs/performance.md "A login storm").
 */
export function defaultHashConcurrency(cores: number): number {
  return Math.max(1, cores - 1);
}

/**
 * See ServerConfig.hashing. argon2 runs on threads of its own, one per hash at once (server/security/argon2-workers.ts),
 * not on libuv's pool, so UV_THREADPOOL_SIZE does not bound it.
 */
function hashingLimits(env: Env): ServerConfig['hashing'] {
  const concurrency = integer(env, 'HASH_CONCURRENCY', defaultHashConcurrency(availableParallelism()));
  return { concurrency, queueLimit: nonNegativeInteger(env, 'HASH_QUEUE_LIMIT', concurrency * 64) };
}

/** The portal's 'Session Expired' countdown (portal.config.json `idleWarningSeconds`, docs/limits-and-timing.md). */
const PORTAL_IDLE_WARNING_SECONDS = 120;

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase());
}

function optionalCount(env: Env, name: string): number | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be 0 or a positive integer, got "${raw}"`);
  return value;
}

const captchaProviders: CaptchaProviderName[] = ['none', 'recaptcha', 'turnstile'];

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY → the proxies Fastify may believe. `true` is refused: it would take the client address from a header
 * any client can send, and that address decides the IP allow-list.
 */
export function trustedProxies(raw: string | undefined): false | string[] {
  const value = (raw ?? '').trim();
  if (value === '' || ['false', '0', 'no', 'off'].includes(value.toLowerCase())) return false;
  if (['true', '1', 'yes', 'on', '*'].includes(value.toLowerCase())) {
    throw new Error(
      'TRUST_PROXY must name the proxies to trust (e.g. TRUST_PROXY=127.0.0.1 or 10.0.0.0/8,loopback), not "true": ' +
        'otherwise any client could choose its own address with X-Forwarded-For',
    );
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (!PROXY_NAMES.includes(entry) && !normaliseRange(entry)) {
      throw new Error(
        `TRUST_PROXY: "${entry}" is not an IP address, a CIDR range or one of ${PROXY_NAMES.join(', ')}`,
      );
    }
  }
  return entries;
}
const hstsModes: HstsMode[] = ['tls', 'always', 'off'];

/** `https://a.example, https://b.example:8443` → normalised origins; a path, `*` or a non-URL is a start-up error. */
function origins(raw: string): string[] {
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      let url: URL | null = null;
      try {
        url = new URL(entry);
      } catch {
        // reported below
      }
      if (!url || !['http:', 'https:'].includes(url.protocol) || url.pathname.length > 1 || url.search)
        throw new Error(`CORS_ORIGINS must list origins such as https://portal.example, got "${entry}"`);
      return url.origin;
    });
}

const paymentProviders = ['test', 'stripe'] as const;
type PaymentProviderName = (typeof paymentProviders)[number];
const smsProviders = ['outbox', 'twilio'] as const;
type SmsProviderName = (typeof smsProviders)[number];
const identityProviders = ['development'] as const;
type IdentityProviderName = (typeof identityProviders)[number];

/** `NAME`'s value when it is one of `allowed`, its default when unset; anything else stops the start. */
function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const value = env[name] || fallback;
  if (!allowed.includes(value as T))
    throw new Error(`${name} must be one of ${allowed.join(', ')}, got "${value}"`);
  return value as T;
}

/** TWILIO_* for SMS_PROVIDER=twilio: the account, its token and the sender, all required. */
function twilioSettings(env: Env, provider: SmsProviderName): TwilioSettings | null {
  if (provider !== 'twilio') return null;
  const from = env.TWILIO_MESSAGING_SERVICE_SID || env.TWILIO_FROM;
  const missing = [
    ['TWILIO_ACCOUNT_SID', env.TWILIO_ACCOUNT_SID],
    ['TWILIO_AUTH_TOKEN', env.TWILIO_AUTH_TOKEN],
    ['TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID', from],
  ].filter(([, value]) => !value);
  if (missing.length > 0)
    throw new Error(`SMS_PROVIDER=twilio needs ${missing.map(([name]) => name).join(', ')}`);
  return {
    accountSid: env.TWILIO_ACCOUNT_SID!,
    authToken: env.TWILIO_AUTH_TOKEN!,
    from: from!,
    apiBaseUrl: env.TWILIO_API_BASE_URL || null,
  };
}

/** STRIPE_* for PAYMENT_PROVIDER=stripe: the secret and publishable keys and the webhook secret, all required. */
function stripeSettings(env: Env, provider: PaymentProviderName): StripeSettings | null {
  if (provider !== 'stripe') return null;
  const missing = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'].filter(
    (name) => !env[name],
  );
  if (missing.length > 0) throw new Error(`PAYMENT_PROVIDER=stripe needs ${missing.join(', ')}`);
  return {
    secretKey: env.STRIPE_SECRET_KEY!,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY!,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
    apiBaseUrl: env.STRIPE_API_BASE_URL || null,
  };
}

function simulationNames(raw: string | undefined): Set<SimulationName> {
  const names = (raw ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!SIMULATION_NAMES.includes(name as SimulationName))
      throw new Error(`ALLOW_SIMULATED lists ${SIMULATION_NAMES.join(', ')}, got "${name}"`);
  }
  return new Set(names as SimulationName[]);
}

export function loadConfig(env: Env = process.env): ServerConfig {
  const port = integer(env, 'PORT', 8080);
  const nodeEnv = env.NODE_ENV || 'development';
  const isProduction = nodeEnv === 'production';
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  const provider = (env.CAPTCHA_PROVIDER || 'none') as CaptchaProviderName;
  if (!captchaProviders.includes(provider)) {
    throw new Error(`CAPTCHA_PROVIDER must be one of ${captchaProviders.join(', ')}, got "${provider}"`);
  }
  if (provider !== 'none' && !env.CAPTCHA_SECRET)
    throw new Error('CAPTCHA_SECRET is required when CAPTCHA_PROVIDER is set');
  const hstsMode = (env.HSTS || 'tls') as HstsMode;
  if (!hstsModes.includes(hstsMode))
    throw new Error(`HSTS must be one of ${hstsModes.join(', ')}, got "${hstsMode}"`);
  const accessTokenTtlSeconds = integer(env, 'ACCESS_TOKEN_TTL', 900);
  const smsProvider = oneOf(env, 'SMS_PROVIDER', smsProviders, 'outbox');
  const paymentProvider = oneOf(env, 'PAYMENT_PROVIDER', paymentProviders, 'test');
  const portalConfigFile = portalConfigFileOf(env);
  return {
    port,
    // Outside production only this machine reaches the server; production listens on every interface (docs/production.md).
    host: env.HOST || (isProduction ? '0.0.0.0' : '127.0.0.1'),
    nodeEnv,
    isProduction,
    dataDir: resolve(projectRoot, env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Account Portal <no-reply@localhost>',
    publicUrl,
    ssoAudience: env.SSO_AUDIENCE || publicUrl,
    passkeys: passkeyRelyingParty(publicUrl, env),
    webRoot: resolve(projectRoot, env.WEB_ROOT || 'dist'),
    portalConfigFile,
    localesDir: resolve(projectRoot, env.LOCALES_DIR || 'locales'),
    passwordPolicy: readPasswordPolicy(portalConfigFile),
    accessTokenTtlSeconds,
    sessionMaxAgeSeconds: integer(env, 'SESSION_MAX_AGE', 7 * 24 * 3600),
    // The portal logs out after the access token's lifetime without input plus its countdown; a login whose
    // portal is gone (tab closed, token stolen) ends on the server after the same time.
    sessionIdleSeconds: integer(
      env,
      'SESSION_IDLE_TIMEOUT',
      accessTokenTtlSeconds + PORTAL_IDLE_WARNING_SECONDS,
    ),
    refreshReuseGraceSeconds: nonNegativeInteger(env, 'REFRESH_REUSE_GRACE_SECONDS', 10),
    reauthWindowSeconds: integer(env, 'REAUTH_WINDOW', 300),
    jwtSecret: env.JWT_SECRET || null,
    exposeOtp: flag(env, 'EXPOSE_OTP', !isProduction),
    brandName: env.BRAND_NAME || 'Kreano',
    devRoutes: !isProduction,
    captcha: {
      provider,
      secret: env.CAPTCHA_SECRET || '',
      verifyUrl: env.CAPTCHA_VERIFY_URL || null,
      minScore: Number(env.CAPTCHA_MIN_SCORE || '0.5'),
    },
    trustProxy: trustedProxies(env.TRUST_PROXY),
    scheduler: flag(env, 'SCHEDULER', nodeEnv !== 'test'),
    paymentProvider,
    stripe: stripeSettings(env, paymentProvider),
    smsProvider,
    twilio: twilioSettings(env, smsProvider),
    identityProvider: oneOf(env, 'IDENTITY_PROVIDER', identityProviders, 'development'),
    allowSimulated: simulationNames(env.ALLOW_SIMULATED),
    documentEncryptionKey: env.DOCUMENT_ENCRYPTION_KEY || null,
    abnLookup: env.ABN_LOOKUP_GUID
      ? { guid: env.ABN_LOOKUP_GUID, baseUrl: env.ABN_LOOKUP_BASE_URL || null }
      : null,
    loginThrottle: {
      maxFailuresPerEmail: integer(env, 'LOGIN_MAX_FAILURES_PER_EMAIL', 10),
      maxFailuresPerIp: integer(env, 'LOGIN_MAX_FAILURES_PER_IP', 100),
      windowSeconds: integer(env, 'LOGIN_THROTTLE_WINDOW', 900),
    },
    mailThrottle: {
      maxPerEmail: integer(env, 'MAIL_MAX_PER_EMAIL', 5),
      maxPerIp: integer(env, 'MAIL_MAX_PER_IP', 30),
      windowSeconds: integer(env, 'MAIL_THROTTLE_WINDOW', 900),
    },
    signUpAnswerFloorMs: nonNegativeInteger(
      env,
      'SIGN_UP_ANSWER_FLOOR_MS',
      nodeEnv === 'test' ? 0 : SIGN_UP_ANSWER_FLOOR_MS,
    ),
    bodyLimitBytes: 1024 * 1024,
    logLevel: env.LOG_LEVEL || 'info',
    logFormat: oneOf(env, 'LOG_FORMAT', logFormats, isProduction ? 'json' : 'readable'),
    organizationLimit: optionalCount(env, 'ORGANIZATION_LIMIT'),
    apiDocs: flag(env, 'API_DOCS', !isProduction),
    hsts: { mode: hstsMode, maxAgeSeconds: integer(env, 'HSTS_MAX_AGE', 365 * 24 * 3600) },
    corsOrigins: env.CORS_ORIGINS ? origins(env.CORS_ORIGINS) : [new URL(publicUrl).origin],
    hashing: hashingLimits(env),
  };
}

/**
 * What a production start must not ignore (docs/production.md): `errors` stop the server, `warnings` are logged.
 * Only the server process asks; the command-line tools do not sign tokens or send mail. `enabledPlugins` are the
 * portal's (portal.config.json): a simulated service is refused only where an enabled plugin would use it.
 */
export function productionChecks(
  config: ServerConfig,
  enabledPlugins: ReadonlySet<string>,
): { errors: string[]; warnings: string[] } {
  if (!config.isProduction) return { errors: [], warnings: [] };
  const { errors, warnings } = simulationChecks(
    simulatedServices(config, enabledPlugins),
    config.allowSimulated,
  );
  if (config.databaseUrl && !config.jwtSecret) {
    errors.push(
      'JWT_SECRET is required in production with DATABASE_URL: every instance must sign tokens with the same key',
    );
  }
  if (config.databaseUrl && !config.documentEncryptionKey && enabledPlugins.has('kyc-kyb')) {
    errors.push(
      'DOCUMENT_ENCRYPTION_KEY is required in production with DATABASE_URL: every instance must read the identity documents and KYC answers the others encrypted',
    );
  }
  if (!config.smtpUrl)
    warnings.push(
      'SMTP_URL is not set: mail (verification, password reset, codes) reaches nobody in production',
    );
  return { errors, warnings };
}
