import { AuditTrail } from './audit/audit-trail';
import type { Clock } from './clock';
import type { ServerConfig } from './config';
import type { Db } from './db/database';
import { Mailer, type Logger } from './mail/mailer';
import { Outbox } from './mail/outbox';
import { OutboxSmsProvider, type SmsProvider } from './mail/sms';
import { SessionService } from './modules/sessions/session-service';
import { AccessTokens } from './security/access-tokens';
import { createCaptchaVerifier, type CaptchaVerifier } from './security/captcha';
import { OneTimeCodes } from './security/one-time-codes';
import { PasswordHasher, type Argon2Params } from './security/password-hasher';
import { CommonPasswords } from './security/password-policy';
import { Throttle } from './security/throttle';

/** Portal routes that mail links point to (spec §2.1). */
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

/** Everything the route modules need, wired once per app (constructor injection by hand: no container on the server). */
export interface Services {
  config: ServerConfig;
  db: Db;
  clock: Clock;
  hasher: PasswordHasher;
  commonPasswords: CommonPasswords;
  tokens: AccessTokens;
  sessions: SessionService;
  throttle: Throttle;
  codes: OneTimeCodes;
  captcha: CaptchaVerifier;
  outbox: Outbox;
  mailer: Mailer;
  sms: SmsProvider;
  audit: AuditTrail;
  links: PortalLinks;
}

export interface ServiceOverrides {
  argon2?: Argon2Params;
  captcha?: CaptchaVerifier;
  sms?: SmsProvider;
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
  return {
    config,
    db,
    clock,
    hasher: new PasswordHasher(overrides.argon2),
    commonPasswords: new CommonPasswords(),
    tokens,
    sessions: new SessionService(db, clock, tokens, config.sessionMaxAgeSeconds, audit),
    throttle: new Throttle(db, clock),
    codes: new OneTimeCodes(db, clock, signingKey),
    captcha: overrides.captcha ?? createCaptchaVerifier(config.captcha),
    outbox,
    mailer: new Mailer(outbox, config.mailFrom, config.smtpUrl, log),
    sms: overrides.sms ?? new OutboxSmsProvider(outbox),
    audit,
    links: new PortalLinks(config.publicUrl),
  };
}
