import { resolve } from 'node:path';
import { projectRoot } from './paths';

export type CaptchaProviderName = 'none' | 'recaptcha' | 'turnstile';

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
  webRoot: string;
  accessTokenTtlSeconds: number;
  /** Absolute lifetime of a login session: refresh rotation never extends it. */
  sessionMaxAgeSeconds: number;
  jwtSecret: string | null;
  /** Return one-time codes in API responses (development convenience, spec §2.9). */
  exposeOtp: boolean;
  /** The issuer authenticator apps show next to the user's email (BRAND_NAME). */
  brandName: string;
  devRoutes: boolean;
  captcha: { provider: CaptchaProviderName; secret: string; verifyUrl: string | null; minScore: number };
  trustProxy: boolean;
  /** Login attempts: failures per email and per IP inside the window, then 429. */
  loginThrottle: { maxFailuresPerEmail: number; maxFailuresPerIp: number; windowSeconds: number };
  /** Mail-sending endpoints (forgot-password, resend-email): requests per email and per IP inside the window. */
  mailThrottle: { maxPerEmail: number; maxPerIp: number; windowSeconds: number };
  bodyLimitBytes: number;
  logLevel: string;
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase());
}

const captchaProviders: CaptchaProviderName[] = ['none', 'recaptcha', 'turnstile'];

export function loadConfig(env: Env = process.env): ServerConfig {
  const port = integer(env, 'PORT', 8080);
  const nodeEnv = env.NODE_ENV || 'development';
  const isProduction = nodeEnv === 'production';
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  const provider = (env.CAPTCHA_PROVIDER || 'none') as CaptchaProviderName;
  if (!captchaProviders.includes(provider)) {
    throw new Error(`CAPTCHA_PROVIDER must be one of ${captchaProviders.join(', ')}, got "${provider}"`);
  }
  if (provider !== 'none' && !env.CAPTCHA_SECRET) throw new Error('CAPTCHA_SECRET is required when CAPTCHA_PROVIDER is set');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    nodeEnv,
    isProduction,
    dataDir: resolve(projectRoot, env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Account Portal <no-reply@localhost>',
    publicUrl,
    ssoAudience: env.SSO_AUDIENCE || publicUrl,
    webRoot: resolve(projectRoot, env.WEB_ROOT || 'dist'),
    accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL', 900),
    sessionMaxAgeSeconds: integer(env, 'SESSION_MAX_AGE', 7 * 24 * 3600),
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
    trustProxy: flag(env, 'TRUST_PROXY', false),
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
    bodyLimitBytes: 1024 * 1024,
    logLevel: env.LOG_LEVEL || 'info',
  };
}
