import type { FastifyRequest } from 'fastify';
import type { TwoFactorOtpData } from '../../../contract/v1/auth';
import type { ReauthBody, ReauthData } from '../../../contract/v1/reauth';
import { HttpError, badRequest, fieldError, tooManyRequests, unauthorized } from '../../http/errors';
import { mailLanguage } from '../../i18n/mail-language';
import type { MessageKey } from '../../i18n/message';
import { mailTemplates } from '../../mail/templates';
import type { Services } from '../../services';
import { acceptTotp, LOGIN_MESSAGES } from '../auth/login-service';
import type { AuthContext } from '../sessions/session-service';
import { findUserById, type UserRow } from '../users/user-queries';

export const REAUTH_MESSAGES = {
  confirmed: 'reauth.confirmed',
  wrongPassword: 'reauth.wrongPassword',
  throttled: 'reauth.throttled',
  proofRequired: 'reauth.proofRequired',
  codeSent: 'reauth.codeSent',
} satisfies Record<string, MessageKey>;

/**
 * Wrong passwords and codes per user before `POST /v1/reauth` pauses: a stolen access token must not become a
 * way to guess the password (or a code) without limit. Counted per account, whatever the session.
 */
export const MAX_WRONG_REAUTH = 5;
export const REAUTH_PAUSE_MS = 15 * 60_000;
const BUCKET = 'reauth';
/** Email codes for re-authentication are their own purpose: a login's code cannot prove a session, nor the reverse. */
const EMAIL_PURPOSE = 'reauth-email';

/** The shared services ReauthService uses. */
export type ReauthServiceNeeds = Pick<
  Services,
  'audit' | 'clock' | 'codes' | 'config' | 'db' | 'hasher' | 'i18n' | 'mailer' | 'recentAuth' | 'throttle'
>;

/**
 * `POST /v1/reauth` and `POST /v1/reauth/code` (docs/two-factor.md#recent-authentication): the signed-in user proves
 * it is them again, with the password or, when two-factor authentication is on, a code of an enabled method, and
 * the login may make sensitive changes for REAUTH_WINDOW.
 */
export class ReauthService {
  constructor(private readonly s: ReauthServiceNeeds) {}

  async reauthenticate(
    auth: AuthContext,
    body: ReauthBody,
    request: FastifyRequest,
  ): Promise<{ data: ReauthData; msg: string }> {
    const { throttle, audit, recentAuth } = this.s;
    const byPassword = body.password !== undefined;
    const byCode = body.method !== undefined && body.code !== undefined;
    if (byPassword === byCode) throw badRequest(REAUTH_MESSAGES.proofRequired, 'REAUTH_PROOF_REQUIRED');
    const user = await this.user(auth);
    // The slot is taken before the hash or code comparison, in one statement (server/security/throttle.ts): however
    // many requests arrive in parallel, at most MAX_WRONG_REAUTH proofs are checked per window.
    const slot = await throttle.take(BUCKET, user.id, { limit: MAX_WRONG_REAUTH, windowMs: REAUTH_PAUSE_MS });
    if (!slot.ok)
      throw tooManyRequests(REAUTH_MESSAGES.throttled, slot.retryAfterSeconds, 'REAUTH_THROTTLED');
    const method = byPassword ? 'password' : body.method!;
    try {
      if (body.password !== undefined) await this.checkPassword(user, body.password);
      else await this.checkCode(user, body.method!, body.code!);
    } catch (error) {
      // A method the account does not have is a mistake of the screen, not a guess.
      if (error instanceof HttpError && error.code === 'METHOD_UNAVAILABLE')
        await throttle.giveBack(slot.slot);
      await audit.record(request, {
        event: 'reauth.failure',
        userId: user.id,
        email: user.email,
        details: { method },
      });
      throw error;
    }
    // A right proof ends the count of wrong ones.
    await throttle.clear(BUCKET, user.id);
    await recentAuth.proven(auth);
    await audit.record(request, {
      event: 'reauth.success',
      userId: user.id,
      email: user.email,
      details: { method },
    });
    return { data: { validForSeconds: recentAuth.windowSeconds }, msg: REAUTH_MESSAGES.confirmed };
  }

  /** Mails a code to the account's address; only for users whose email second factor is on. */
  async sendEmailCode(
    auth: AuthContext,
    request: FastifyRequest,
  ): Promise<{ data: TwoFactorOtpData; msg: string }> {
    const user = await this.user(auth);
    this.assertMethod(user, 'email');
    const code = await this.s.codes.issue(user.id, EMAIL_PURPOSE);
    await this.s.mailer.send(
      mailTemplates.loginCode(
        user.email,
        user.firstName,
        code,
        mailLanguage(this.s.i18n, user.language, request),
      ),
    );
    await this.s.audit.record(request, {
      event: 'two-factor.code-sent',
      userId: user.id,
      details: { type: 'email', during: 'reauth' },
    });
    return { data: this.s.config.exposeOtp ? { otp: code } : {}, msg: REAUTH_MESSAGES.codeSent };
  }

  private async checkPassword(user: UserRow, password: string): Promise<void> {
    if (!(await this.s.hasher.verify(user.passwordHash, password))) {
      throw fieldError('password', REAUTH_MESSAGES.wrongPassword, 'REAUTH_PASSWORD_INVALID');
    }
  }

  private async checkCode(user: UserRow, method: 'totp' | 'email', code: string): Promise<void> {
    this.assertMethod(user, method);
    if (method === 'totp') return acceptTotp(this.s, user, code);
    return this.s.codes.consume(user.id, EMAIL_PURPOSE, code);
  }

  /** Codes prove a second factor only while two-factor authentication, and that method, are on. */
  private assertMethod(user: UserRow, method: 'totp' | 'email'): void {
    const available =
      user.twoFactorEnabled &&
      (method === 'totp' ? user.totpEnabled && Boolean(user.totpSecret) : user.emailTwoFactorEnabled);
    if (!available) throw badRequest(LOGIN_MESSAGES.methodUnavailable, 'METHOD_UNAVAILABLE');
  }

  private async user(auth: AuthContext): Promise<UserRow> {
    const user = await findUserById(this.s.db, auth.userId);
    if (!user) throw unauthorized();
    return user;
  }
}
