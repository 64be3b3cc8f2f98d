import { AuditTrail } from './audit/audit-trail';
import type { Clock } from './clock';
import type { ServerConfig } from './config';
import type { Db } from './db/database';
import { authenticator } from './http/authenticate';
import type { Authenticate } from './http/types';
import { serverI18n, type ServerI18n } from './i18n/server-i18n';
import { Mailer, type Logger } from './mail/mailer';
import { Outbox } from './mail/outbox';
import { OutboxSmsProvider, type SmsProvider } from './mail/sms';
import { TwilioSmsProvider } from './mail/twilio-sms-provider';
import { IsolatedSvgSanitiser, type SvgSanitiser } from './modules/branding/isolated-svg-sanitiser';
import { SessionService } from './modules/sessions/session-service';
import { AccessControl } from './security/access-control';
import { OrganizationGate } from './security/organization-gate';
import { AccessTokens } from './security/access-tokens';
import { createCaptchaVerifier, type CaptchaVerifier } from './security/captcha';
import { OneTimeCodes } from './security/one-time-codes';
import { RecoveryCodeStore } from './modules/recovery-codes/recovery-code-store';
import { BoundedQueue } from './security/bounded-queue';
import type { Argon2Runner } from './security/argon2-workers';
import { PasswordHasher, type Argon2Params } from './security/password-hasher';
import { RecentAuthentication } from './security/recent-authentication';
import { CommonPasswords } from './security/password-policy';
import { PasswordRules } from './security/password-rules';
import { Throttle } from './security/throttle';

/** Portal routes that mail links point to. */
export class PortalLinks {
  constructor(private readonly publicUrl: string) {}

  private url(path: string, query: Record<string, string> = {}) {
    const search = new URLSearchParams(query).toString();
    return `${this.publicUrl}${path}${search ? `?${search}` : ''}`;
  }

  emailVerification(verificationToken: string, organizationToken: string) {
    return this.url('/email-verification', { verificationToken, organizationToken });
  }
  resetPassword(verificationToken: string) {
    return this.url('/reset-password', { verificationToken });
  }
  /** The link to the new address of an email change (docs/account-settings.md#changing-the-email-address). */
  emailChange(token: string) {
    return this.url('/email-change', { token });
  }
  /** The link to the old address that undoes an email change. */
  emailChangeUndo(token: string) {
    return this.url('/email-change/undo', { token });
  }
  invitation(orgId: string, invitationId: string) {
    return this.url('/invite', { orgId, invitationId });
  }
  login() {
    return this.url('/login');
  }
  forgotPassword() {
    return this.url('/forgot-password');
  }
  /** Portal URLs stored as paths are relative to this server's public URL. */
  resolve(urlOrPath: string) {
    return urlOrPath.startsWith('/') ? `${this.publicUrl}${urlOrPath}` : urlOrPath;
  }
}

/**
 * The shared services, wired once per app (constructor injection by hand: no container on the server). A feature
 * module never receives this whole object: it names the services it needs (`needs` in its index.ts) and gets
 * exactly those as its plugin options (server/modules/server-module.ts).
 */
export interface Services {
  config: ServerConfig;
  db: Db;
  clock: Clock;
  hasher: PasswordHasher;
  /** The deployment's password policy and the common-password list, for every password a user chooses. */
  passwordRules: PasswordRules;
  tokens: AccessTokens;
  sessions: SessionService;
  throttle: Throttle;
  codes: OneTimeCodes;
  /** Each user's recovery codes: made ten at a time, each accepted once (docs/recovery-codes.md). */
  recoveryCodes: RecoveryCodeStore;
  captcha: CaptchaVerifier;
  outbox: Outbox;
  mailer: Mailer;
  sms: SmsProvider;
  audit: AuditTrail;
  links: PortalLinks;
  /** The locale files' texts: answers and mail in the user's language (docs/server-messages.md). */
  i18n: ServerI18n;
  /** Pre-handler of the endpoints whose contract entry says `auth: 'session'` (server/http/contract-route.ts). */
  authenticate: Authenticate;
  /** The permission check of endpoints whose contract entry names a `permission` (docs/access-control.md). */
  access: AccessControl;
  /** Sensitive changes need a password or second factor proven within REAUTH_WINDOW (docs/two-factor.md). */
  recentAuth: RecentAuthentication;
  /** Membership and IP allow-list of organisation tokens on organisation-scoped calls (docs/access-control.md). */
  gate: OrganizationGate;
  /** Cleans uploaded SVG logos in a worker thread, within time and memory limits (docs/branding.md). */
  svgSanitiser: SvgSanitiser;
}

export type ServiceName = keyof Services;

export interface ServiceOverrides {
  argon2?: Argon2Params;
  /** Where hashes run: tests give a stand-in they finish by hand; the server's own low-priority threads otherwise. */
  argon2Runner?: Argon2Runner;
  captcha?: CaptchaVerifier;
  sms?: SmsProvider;
  svgSanitiser?: SvgSanitiser;
}

export function createServices(deps: {
  config: ServerConfig;
  db: Db;
  clock: Clock;
  signingKey: Uint8Array;
  log: Logger;
  overrides?: ServiceOverrides;
}): Services {
  const { config, db, clock, signingKey, log, overrides = {} } = deps;
  const audit = new AuditTrail(db, clock);
  const tokens = new AccessTokens(signingKey, clock, config.accessTokenTtlSeconds);
  const outbox = new Outbox(db, clock);
  const sessions = new SessionService(
    db,
    clock,
    tokens,
    {
      maxAgeSeconds: config.sessionMaxAgeSeconds,
      idleSeconds: config.sessionIdleSeconds,
      reuseGraceSeconds: config.refreshReuseGraceSeconds,
    },
    audit,
    signingKey,
  );
  const i18n = serverI18n(config.localesDir);
  const gate = new OrganizationGate(db);
  return {
    config,
    db,
    clock,
    hasher: new PasswordHasher(
      overrides.argon2,
      new BoundedQueue(config.hashing.concurrency, config.hashing.queueLimit),
      overrides.argon2Runner,
    ),
    passwordRules: new PasswordRules(
      config.passwordPolicy,
      new CommonPasswords({ productNames: [config.brandName] }),
    ),
    tokens,
    sessions,
    throttle: new Throttle(db, clock),
    codes: new OneTimeCodes(db, clock, signingKey),
    recoveryCodes: new RecoveryCodeStore(db, clock, signingKey),
    captcha: overrides.captcha ?? createCaptchaVerifier(config.captcha),
    outbox,
    mailer: new Mailer(outbox, config.mailFrom, config.smtpUrl, log),
    sms:
      overrides.sms ?? (config.twilio ? new TwilioSmsProvider(config.twilio) : new OutboxSmsProvider(outbox)),
    audit,
    links: new PortalLinks(config.publicUrl),
    i18n,
    authenticate: authenticator(sessions, i18n, gate),
    access: new AccessControl(db),
    recentAuth: new RecentAuthentication(db, clock, config.reauthWindowSeconds),
    gate,
    svgSanitiser: overrides.svgSanitiser ?? new IsolatedSvgSanitiser(),
  };
}
