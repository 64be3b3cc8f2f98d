import { and, eq, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { SsoLoginBody, SsoLoginData, SsoRegisterBody } from '../../../contract/v1/sso';
import { minutes } from '../../clock';
import { ssoTokenUses } from './schema';
import { users } from '../users/schema';
import { HttpError, badRequest, forbidden, unauthorized } from '../../http/errors';
import { newId } from '../../security/random';
import type { Services } from '../../services';
import { createOrganization } from '../organizations/organization-queries';
import { findUserByEmail, normaliseEmail } from '../users/user-queries';
import {
  PARTNER_CLOCK_TOLERANCE_SECONDS,
  PartnerTokenRefused,
  unverifiedTokenId,
  verifyPartnerToken,
  type PartnerClaims,
  type RefusalReason,
} from './partner-token';
import { SsoApplications, type SsoApplicationRow } from './sso-applications';
import type { MessageKey } from '../../i18n/message';
import { requestedLanguage } from '../../i18n/mail-language';

export const SSO_MESSAGES = {
  loggedIn: 'login.success',
  passwordRequired: 'sso.passwordRequired',
  blocked: 'login.blocked',
  newUser: 'sso.newUser',
  registered: 'sso.registered',
  unknownApplication: 'sso.unknownApplication',
  invalidToken: 'sso.invalidToken',
  expiredToken: 'sso.expiredToken',
  replayedToken: 'sso.replayedToken',
  unverified: 'login.unverified',
  alreadyRegistered: 'sso.alreadyRegistered',
} satisfies Record<string, MessageKey>;

/** How long a new user has, from the partner link, to choose a password (the token itself lives a few minutes). */
export const REGISTRATION_WINDOW_MS = minutes(30);

const REFUSAL: Record<RefusalReason, { message: MessageKey; code: string }> = {
  malformed: { message: SSO_MESSAGES.invalidToken, code: 'SSO_TOKEN_INVALID' },
  algorithm: { message: SSO_MESSAGES.invalidToken, code: 'SSO_TOKEN_INVALID' },
  signature: { message: SSO_MESSAGES.invalidToken, code: 'SSO_TOKEN_INVALID' },
  issuer: { message: SSO_MESSAGES.invalidToken, code: 'SSO_TOKEN_INVALID' },
  audience: { message: SSO_MESSAGES.invalidToken, code: 'SSO_TOKEN_INVALID' },
  claims: { message: SSO_MESSAGES.invalidToken, code: 'SSO_TOKEN_INVALID' },
  lifetime: { message: SSO_MESSAGES.invalidToken, code: 'SSO_TOKEN_INVALID' },
  'not-yet-valid': { message: SSO_MESSAGES.invalidToken, code: 'SSO_TOKEN_INVALID' },
  'no-pending-registration': { message: SSO_MESSAGES.invalidToken, code: 'SSO_TOKEN_INVALID' },
  expired: { message: SSO_MESSAGES.expiredToken, code: 'SSO_TOKEN_EXPIRED' },
  replayed: { message: SSO_MESSAGES.replayedToken, code: 'SSO_TOKEN_REPLAYED' },
};

type Step = 'login' | 'register';

const answer = (email: string, fields: Partial<SsoLoginData>): SsoLoginData => ({
  showTermsAndConditions: false,
  isBlocked: false,
  existingAccount: true,
  passwordRequired: false,
  email: { id: email },
  ...fields,
});

/** The shared services SsoService uses. */
export type SsoServiceNeeds = Pick<
  Services,
  'audit' | 'clock' | 'passwordRules' | 'config' | 'db' | 'hasher' | 'i18n' | 'links' | 'sessions'
>;

/**
 * Partner single sign-on (docs/apps-and-sso.md SSO flow, docs/api-contract.md): verifies the partner's token, spends it once, and answers per
 * account state. Refusals say little to the caller (the partner's user) and everything to the activity trail.
 */
export class SsoService {
  private readonly applications: SsoApplications;

  constructor(private readonly s: SsoServiceNeeds) {
    this.applications = new SsoApplications(s.db, s.clock, s.audit);
  }

  async login(body: SsoLoginBody, request: FastifyRequest): Promise<{ data: SsoLoginData; msg: string }> {
    const { db, clock, audit } = this.s;
    const app = await this.application(body.applicationId, request, 'login');
    const now = clock.now();
    const claims = await this.verify(app, body.token, now, request, 'login');
    const email = normaliseEmail(claims.email);
    const user = await findUserByEmail(db, email);
    await this.forgetSpentTokens(now);
    // Spent before anything else is decided, so two tabs (or an attacker racing the user) cannot both use it.
    const spent = await db
      .insert(ssoTokenUses)
      .values({
        applicationId: app.id,
        jti: claims.jti,
        email,
        status: user ? 'used' : 'awaiting-registration',
        firstSeenAt: now,
        expiresAt: new Date(
          Math.max(
            (claims.expiresAt + PARTNER_CLOCK_TOLERANCE_SECONDS) * 1000,
            user ? 0 : now.getTime() + REGISTRATION_WINDOW_MS,
          ),
        ),
      })
      .onConflictDoNothing()
      .returning({ jti: ssoTokenUses.jti });
    if (spent.length === 0)
      throw await this.refuse(new PartnerTokenRefused('replayed'), app.id, request, 'login', email);

    const record = (outcome: string, userId?: string) =>
      audit.record(request, {
        event: 'sso.login',
        userId,
        email,
        details: { applicationId: app.id, outcome },
      });
    if (!user) {
      await record('new-account');
      return {
        data: answer(email, { existingAccount: false, showTermsAndConditions: app.requireTerms }),
        msg: SSO_MESSAGES.newUser,
      };
    }
    if (user.disabled) {
      await record('blocked', user.id);
      return {
        data: answer(email, { isBlocked: true, redirectUrl: this.s.links.resolve(app.redirectUrl) }),
        msg: SSO_MESSAGES.blocked,
      };
    }
    if (!user.emailVerifiedAt) {
      // Whoever registered this address never proved it: signing the partner's user into it could hand over an
      // account someone else prepared (pre-hijacking). They verify first, like at the normal login.
      await audit.record(request, {
        event: 'sso.refused',
        userId: user.id,
        email,
        details: { applicationId: app.id, step: 'login', reason: 'email-unverified' },
      });
      throw forbidden(SSO_MESSAGES.unverified, 'EMAIL_UNVERIFIED');
    }
    // A user who turned on 2FA keeps it: the password step leads to the second factor like any login.
    if (app.requirePassword || user.twoFactorEnabled) {
      await record('password-required', user.id);
      return { data: answer(user.email, { passwordRequired: true }), msg: SSO_MESSAGES.passwordRequired };
    }
    // The partner vouched for the address, nobody typed a secret here: not recent authentication.
    const tokens = await this.s.sessions.startLogin(user.id, request, { proven: false });
    await record('logged-in', user.id);
    return { data: answer(user.email, tokens), msg: SSO_MESSAGES.loggedIn };
  }

  async register(
    body: SsoRegisterBody,
    request: FastifyRequest,
  ): Promise<{ data: SsoLoginData; msg: string }> {
    const { db, clock, audit, hasher } = this.s;
    const app = await this.application(body.applicationId, request, 'register');
    const now = clock.now();
    let pending: typeof ssoTokenUses.$inferSelect | undefined;
    try {
      const jti = unverifiedTokenId(body.token);
      [pending] = await db
        .select()
        .from(ssoTokenUses)
        .where(and(eq(ssoTokenUses.applicationId, app.id), eq(ssoTokenUses.jti, jti)));
      if (!pending) throw new PartnerTokenRefused('no-pending-registration');
      if (pending.status !== 'awaiting-registration') throw new PartnerTokenRefused('replayed');
      if (now.getTime() - pending.firstSeenAt.getTime() > REGISTRATION_WINDOW_MS)
        throw new PartnerTokenRefused('expired', 'registration window');
    } catch (error) {
      throw await this.refuse(error, app.id, request, 'register');
    }
    // The token must have been valid when the user arrived with it: the password dialog may outlast its few minutes.
    const claims = await this.verify(app, body.token, pending.firstSeenAt, request, 'register');
    const email = normaliseEmail(claims.email);
    if (email !== pending.email)
      throw await this.refuse(new PartnerTokenRefused('claims', 'email'), app.id, request, 'register', email);
    // A new account: its password is its only factor.
    this.s.passwordRules.check(body.password, 'password', { secondFactor: false });
    const passwordHash = await hasher.hash(body.password);

    const claimed = await db
      .update(ssoTokenUses)
      .set({ status: 'used' })
      .where(
        and(
          eq(ssoTokenUses.applicationId, app.id),
          eq(ssoTokenUses.jti, claims.jti),
          eq(ssoTokenUses.status, 'awaiting-registration'),
        ),
      )
      .returning({ jti: ssoTokenUses.jti });
    if (claimed.length === 0)
      throw await this.refuse(new PartnerTokenRefused('replayed'), app.id, request, 'register', email);

    const userId = newId();
    const firstName = claims.givenName ?? email.split('@')[0]!.slice(0, 50);
    const lastName = claims.familyName ?? '';
    try {
      await db.insert(users).values({
        id: userId,
        email,
        passwordHash,
        firstName,
        lastName,
        language: requestedLanguage(this.s.i18n, request),
        // The partner vouches for the address it signed.
        emailVerifiedAt: now,
        isSsoRegistration: true,
        createdAt: now,
        updatedAt: now,
      });
    } catch (error) {
      if ((error as { cause?: { code?: string } }).cause?.code === '23505') {
        await audit.record(request, {
          event: 'sso.refused',
          email,
          details: { applicationId: app.id, step: 'register', reason: 'account-exists' },
        });
        throw badRequest(SSO_MESSAGES.alreadyRegistered, 'ACCOUNT_EXISTS');
      }
      throw error;
    }
    await createOrganization(db, {
      name: `${firstName} ${lastName}`.trim(),
      accountType: 'personal',
      ownerId: userId,
      now,
    });
    const tokens = await this.s.sessions.startLogin(userId, request);
    await audit.record(request, {
      event: 'sso.register',
      userId,
      email,
      details: { applicationId: app.id, termsAccepted: app.requireTerms },
    });
    return { data: answer(email, tokens), msg: SSO_MESSAGES.registered };
  }

  private async application(id: string, request: FastifyRequest, step: Step): Promise<SsoApplicationRow> {
    const app = await this.applications.find(id);
    if (app?.enabled) return app;
    await this.s.audit.record(request, {
      event: 'sso.refused',
      details: {
        applicationId: id.slice(0, 100),
        step,
        reason: app ? 'application-disabled' : 'unknown-application',
      },
    });
    throw badRequest(SSO_MESSAGES.unknownApplication, 'UNKNOWN_APPLICATION');
  }

  private async verify(
    app: SsoApplicationRow,
    token: string,
    at: Date,
    request: FastifyRequest,
    step: Step,
  ): Promise<PartnerClaims> {
    try {
      return await verifyPartnerToken(app, token, { audience: this.s.config.ssoAudience, now: at });
    } catch (error) {
      throw await this.refuse(error, app.id, request, step);
    }
  }

  private async refuse(
    error: unknown,
    applicationId: string,
    request: FastifyRequest,
    step: Step,
    email?: string,
  ): Promise<HttpError> {
    if (!(error instanceof PartnerTokenRefused)) throw error;
    await this.s.audit.record(request, {
      event: 'sso.refused',
      email,
      details: { applicationId, step, reason: error.reason, detail: error.message },
    });
    const { message, code } = REFUSAL[error.reason];
    return unauthorized(message, code);
  }

  /** Rows whose token is dead and whose registration window closed prove nothing any more. */
  private async forgetSpentTokens(now: Date): Promise<void> {
    await this.s.db.delete(ssoTokenUses).where(lt(ssoTokenUses.expiresAt, now));
  }
}
