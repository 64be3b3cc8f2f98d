import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { verify as verifyTotp } from 'otplib';
import type {
  LoginBody,
  LoginData,
  TwoFactorConfigInfo,
  TwoFactorOtpBody,
  TwoFactorVerifyBody,
} from '../../../contract/v1/auth';
import type { AuditEntry } from '../../audit/audit-trail';
import { minutes } from '../../clock';
import { loginChallenges } from './schema';
import { users } from '../users/schema';
import { badRequest, forbidden, tooManyRequests } from '../../http/errors';
import { mailTemplates, smsTemplates } from '../../mail/templates';
import { CAPTCHA_FAILED_MESSAGE } from '../../security/captcha';
import { textCode } from '../../mail/sms-code';
import { newOpaqueToken, sha256 } from '../../security/random';
import type { Services } from '../../services';
import {
  findUserByEmail,
  findUserById,
  normaliseEmail,
  twoFactorEnforcedForUser,
  type UserRow,
} from '../users/user-queries';
import type { MessageKey } from '../../i18n/message';
import { mailLanguage } from '../../i18n/mail-language';
import { HttpError } from '../../http/errors';
import { hasPasskey } from '../passkeys/passkey-queries';
import { LoginLimits, SECOND_FACTOR_LIMIT, SECOND_FACTOR_LOCK_MS, secondFactorLocked } from './login-limits';

export const LOGIN_MESSAGES = {
  invalidCredentials: 'login.invalidCredentials',
  throttled: 'login.throttled',
  blocked: 'login.blocked',
  success: 'login.success',
  unverified: 'login.unverified',
  twoFactorRequired: 'login.twoFactorRequired',
  challengeExpired: 'login.challengeExpired',
  invalidCode: 'codes.invalid',
  methodUnavailable: 'login.methodUnavailable',
  codeSent: 'login.codeSent',
} satisfies Record<string, MessageKey>;

const CHALLENGE_TTL_MS = minutes(10);

const maskPhone = (phone: string) => `Mobile (•••• ${phone.slice(-4)})`;

function configInfo(user: UserRow, passkey: boolean, recoveryCodesLeft: number): TwoFactorConfigInfo {
  return {
    authenticator: { show: user.totpEnabled && Boolean(user.totpSecret), label: 'Authenticator app' },
    email: { show: user.emailTwoFactorEnabled, label: `Email (${user.email})` },
    mobile: {
      show: user.otpEnabled && Boolean(user.phoneNumber),
      label: user.phoneNumber ? maskPhone(user.phoneNumber) : 'Mobile',
    },
    passkey: { show: passkey, label: 'Passkey' },
    recoveryCode: { show: recoveryCodesLeft > 0, label: 'Recovery code' },
  };
}

/** The shared services LoginService uses. */
export type LoginServiceNeeds = Pick<
  Services,
  | 'audit'
  | 'captcha'
  | 'clock'
  | 'codes'
  | 'config'
  | 'recoveryCodes'
  | 'db'
  | 'hasher'
  | 'i18n'
  | 'links'
  | 'mailer'
  | 'sessions'
  | 'sms'
  | 'throttle'
>;

/** Password login, the second factor, and the codes it sends (docs/sign-in-and-accounts.md Login and 2FA verification). */
export class LoginService {
  private readonly limits: LoginLimits;

  constructor(private readonly s: LoginServiceNeeds) {
    this.limits = new LoginLimits(s);
  }

  async login(body: LoginBody, request: FastifyRequest): Promise<{ data: LoginData; msg: string }> {
    const { audit, hasher } = this.s;
    // The password step of partner SSO (docs/apps-and-sso.md) is an ordinary login with every check; the trail says where it came from.
    const record = (entry: AuditEntry) =>
      audit.record(request, body.isSSOLogin ? { ...entry, details: { ...entry.details, sso: true } } : entry);
    if (!(await this.s.captcha.verify(body.captcha, request.ip)))
      throw badRequest(CAPTCHA_FAILED_MESSAGE, 'CAPTCHA_FAILED');
    // The whole sign-in takes a turn, not only its hash: a storm of logins waits here, before its first query, and
    // other requests' queries never queue behind fifty logins' (docs/performance.md, "A login storm").
    return hasher.admit(() => this.passwordSignIn(body, request, record));
  }

  private async passwordSignIn(
    body: LoginBody,
    request: FastifyRequest,
    record: (entry: AuditEntry) => Promise<void>,
  ): Promise<{ data: LoginData; msg: string }> {
    const { db, hasher } = this.s;
    const email = normaliseEmail(body.email);
    const user = await findUserByEmail(db, email);
    // The slots are taken before the hash, so parallel attempts never check more passwords than the limits allow.
    const reserved = await this.limits.reservePasswordCheck(email, request.ip, user?.id);
    if (!reserved.ok) {
      await record({ event: 'login.throttled', email });
      throw tooManyRequests(LOGIN_MESSAGES.throttled, reserved.retryAfterSeconds, 'LOGIN_THROTTLED');
    }

    // An unknown account costs the same hashing time as a wrong password, and answers the same.
    const passwordOk = await hasher.verify(user?.passwordHash ?? null, body.password);
    if (!user || !passwordOk) {
      await record({
        event: 'login.failure',
        userId: user?.id,
        email,
        details: { reason: user ? 'password' : 'unknown-account' },
      });
      throw badRequest(LOGIN_MESSAGES.invalidCredentials, 'INVALID_CREDENTIALS');
    }
    await reserved.check.passed();
    if (user.disabled) {
      await record({ event: 'login.failure', userId: user.id, email, details: { reason: 'blocked' } });
      throw forbidden(LOGIN_MESSAGES.blocked, 'ACCOUNT_BLOCKED');
    }
    await this.limits.rememberAddress(user.id, request.ip);

    const twoFactorEnabledInOrg = await twoFactorEnforcedForUser(db, user.id);
    const base = {
      email: { id: user.email, verified: Boolean(user.emailVerifiedAt) },
      logo: null,
      twoFactorEnabledInOrg,
    };
    if (!user.emailVerifiedAt) {
      await record({
        event: 'login.failure',
        userId: user.id,
        email,
        details: { reason: 'email-unverified' },
      });
      return { data: { ...base, twoFactorEnabled: user.twoFactorEnabled }, msg: LOGIN_MESSAGES.unverified };
    }
    if (user.twoFactorEnabled) {
      const tokenId = newOpaqueToken();
      const now = this.s.clock.now();
      await db.insert(loginChallenges).values({
        id: sha256(tokenId),
        userId: user.id,
        expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
        createdAt: now,
      });
      await record({ event: 'login.challenge', userId: user.id, email });
      return {
        data: {
          ...base,
          tokenId,
          twoFactorEnabled: true,
          twoFactorConfigInfo: configInfo(
            user,
            await hasPasskey(db, user.id),
            (await this.s.recoveryCodes.counts(user.id)).remaining,
          ),
        },
        msg: LOGIN_MESSAGES.twoFactorRequired,
      };
    }
    const tokens = await this.s.sessions.startLogin(user.id, request);
    await record({ event: 'login.success', userId: user.id, email });
    return { data: { ...base, twoFactorEnabled: false, ...tokens }, msg: LOGIN_MESSAGES.success };
  }

  private async openChallenge(tokenId: string): Promise<{ challengeId: string; user: UserRow }> {
    const { db, clock } = this.s;
    const [challenge] = await db
      .select()
      .from(loginChallenges)
      .where(eq(loginChallenges.id, sha256(tokenId)));
    if (!challenge || challenge.consumedAt || challenge.expiresAt.getTime() <= clock.now().getTime()) {
      throw badRequest(LOGIN_MESSAGES.challengeExpired, 'CHALLENGE_EXPIRED');
    }
    const user = await findUserById(db, challenge.userId);
    if (!user || user.disabled) throw badRequest(LOGIN_MESSAGES.challengeExpired, 'CHALLENGE_EXPIRED');
    return { challengeId: challenge.id, user };
  }

  async sendCode(
    body: TwoFactorOtpBody,
    request: FastifyRequest,
  ): Promise<{ data: { otp?: string }; msg: string }> {
    const { challengeId, user } = await this.openChallenge(body.tokenId);
    const available =
      body.type === 'email' ? user.emailTwoFactorEnabled : user.otpEnabled && Boolean(user.phoneNumber);
    if (!available) throw badRequest(LOGIN_MESSAGES.methodUnavailable, 'METHOD_UNAVAILABLE');
    // No code while the account's second step is locked: it could not be used, and it would flood the inbox.
    await this.limits.refuseWhileLocked(user.id);
    // One wait between codes per account and method, across logins; each code verifies only this login.
    const purpose = loginCodePurpose(body.type, challengeId);
    const code = await this.s.codes.issue(user.id, purpose, { resendScope: loginCodePurpose(body.type) });
    const language = mailLanguage(this.s.i18n, user.language, request);
    if (body.type === 'email') {
      await this.s.mailer.send(mailTemplates.loginCode(user.email, user.firstName, code, language));
    } else if (user.phoneNumber) {
      const text = smsTemplates.loginCode(code, language);
      await textCode(this.s, request.log, { userId: user.id, purpose }, user.phoneNumber, text);
    }
    await this.s.audit.record(request, {
      event: 'two-factor.code-sent',
      userId: user.id,
      details: { type: body.type },
    });
    return { data: this.s.config.exposeOtp ? { otp: code } : {}, msg: LOGIN_MESSAGES.codeSent };
  }

  async verify(
    body: TwoFactorVerifyBody,
    request: FastifyRequest,
  ): Promise<{ data: LoginData; msg: string }> {
    const { data, msg } = await this.completeSecondStep(body.tokenId, body.type, request, (user, challengeId) =>
      this.checkSecondFactor(user, challengeId, body),
    );
    return { data, msg };
  }

  /**
   * The second step of a password login with something the user types (a code of a method, a recovery code): the
   * guess is counted against the account's budget before `check` runs, a wrong one is recorded and may lock the
   * step, a right one ends the login's challenge and signs in. `check` throws to refuse; it may return how to undo
   * what it used up when the login turns out to have completed another way meanwhile.
   */
  async completeSecondStep(
    tokenId: string,
    type: string,
    request: FastifyRequest,
    check: (user: UserRow, challengeId: string) => Promise<void | (() => Promise<void>)>,
  ): Promise<{ data: LoginData; msg: string; user: UserRow }> {
    const { db, clock, audit } = this.s;
    const { challengeId, user } = await this.openChallenge(tokenId);
    // Reserved before the comparison: parallel guesses on any instance never exceed the account's budget.
    const guess = await this.limits.reserveSecondFactorGuess(user.id);
    let undo: void | (() => Promise<void>);
    try {
      undo = await check(user, challengeId);
    } catch (error) {
      if (error instanceof HttpError && error.code === 'METHOD_UNAVAILABLE') {
        await this.limits.secondFactorNotAGuess(guess);
        throw error;
      }
      const locked = await this.limits.secondFactorFailed(guess);
      await audit.record(request, {
        event: 'two-factor.failure',
        userId: user.id,
        details: locked ? { type, locked: true } : { type },
      });
      if (locked) {
        this.mailLock(user, request);
        throw secondFactorLocked(SECOND_FACTOR_LOCK_MS / 1000);
      }
      // A code's own 5 tries are guesses of this account too, so the account's limit (the same 5) speaks for both:
      // under parallel guesses the code can run out in another request than the one that locked the account.
      if (error instanceof HttpError && error.code === 'OTP_LOCKED')
        throw badRequest(LOGIN_MESSAGES.invalidCode, 'OTP_INVALID');
      throw error;
    }
    const consumed = await db
      .update(loginChallenges)
      .set({ consumedAt: clock.now() })
      .where(and(eq(loginChallenges.id, challengeId), isNull(loginChallenges.consumedAt)))
      .returning({ id: loginChallenges.id });
    if (consumed.length === 0) {
      await this.limits.secondFactorNotAGuess(guess);
      if (undo) await undo();
      throw badRequest(LOGIN_MESSAGES.challengeExpired, 'CHALLENGE_EXPIRED');
    }
    await this.limits.secondFactorPassed(user.id);
    const tokens = await this.s.sessions.startLogin(user.id, request);
    await audit.record(request, {
      event: 'two-factor.success',
      userId: user.id,
      details: { type },
    });
    await audit.record(request, {
      event: 'login.success',
      userId: user.id,
      email: user.email,
      details: { secondFactor: type },
    });
    return {
      data: {
        twoFactorEnabled: true,
        email: { id: user.email, verified: true },
        logo: null,
        twoFactorEnabledInOrg: await twoFactorEnforcedForUser(db, user.id),
        ...tokens,
      },
      msg: LOGIN_MESSAGES.success,
      user,
    };
  }

  /** Whoever holds the password learns nothing from the lock but its end; the account's owner learns it happened. */
  private mailLock(user: UserRow, request: FastifyRequest): void {
    const language = mailLanguage(this.s.i18n, user.language, request);
    this.s.mailer.sendLater(
      mailTemplates.secondFactorLocked({
        to: user.email,
        firstName: user.firstName,
        attempts: SECOND_FACTOR_LIMIT.limit,
        minutes: SECOND_FACTOR_LOCK_MS / 60_000,
        resetUrl: this.s.links.forgotPassword(),
        language,
      }),
    );
  }

  private async checkSecondFactor(
    user: UserRow,
    challengeId: string,
    body: TwoFactorVerifyBody,
  ): Promise<void> {
    if (body.type === 'email') {
      if (!user.emailTwoFactorEnabled)
        throw badRequest(LOGIN_MESSAGES.methodUnavailable, 'METHOD_UNAVAILABLE');
      return this.s.codes.consume(user.id, loginCodePurpose('email', challengeId), body.code);
    }
    if (body.type === 'otp') {
      if (!user.otpEnabled || !user.phoneNumber)
        throw badRequest(LOGIN_MESSAGES.methodUnavailable, 'METHOD_UNAVAILABLE');
      return this.s.codes.consume(user.id, loginCodePurpose('otp', challengeId), body.code);
    }
    if (!user.totpEnabled || !user.totpSecret)
      throw badRequest(LOGIN_MESSAGES.methodUnavailable, 'METHOD_UNAVAILABLE');
    await acceptTotp(this.s, user, body.code);
  }
}

/**
 * A login code belongs to the login it was sent for (`login-email:<challenge id>`): a code mailed for login A does
 * not verify login B. Without the id: the prefix that the 60-second wait between codes spans, across logins.
 */
function loginCodePurpose(type: 'email' | 'otp', challengeId = ''): string {
  return `${type === 'email' ? 'login-email' : 'login-sms'}:${challengeId}`;
}

/**
 * Accepts an authenticator code once: otplib is stateless, so the accepted time step is stored and only a later
 * step passes next time (a conditional update settles two simultaneous submissions).
 */
export async function acceptTotp(
  s: Pick<Services, 'clock' | 'db'>,
  user: UserRow,
  code: string,
  secret = user.totpSecret,
): Promise<void> {
  if (!secret) throw badRequest(LOGIN_MESSAGES.invalidCode, 'OTP_INVALID');
  const result = await verifyTotp({
    secret,
    token: code,
    epoch: Math.floor(s.clock.now().getTime() / 1000),
    epochTolerance: 30,
    ...(user.totpLastTimeStep !== null ? { afterTimeStep: user.totpLastTimeStep } : {}),
  }).catch(() => ({ valid: false as const }));
  // The union with HOTP results hides timeStep from the type; TOTP always sets it.
  const timeStep = result.valid ? (result as { timeStep?: number }).timeStep : undefined;
  if (timeStep === undefined) throw badRequest(LOGIN_MESSAGES.invalidCode, 'OTP_INVALID');
  const updated = await s.db
    .update(users)
    .set({ totpLastTimeStep: timeStep })
    .where(
      and(eq(users.id, user.id), or(isNull(users.totpLastTimeStep), lt(users.totpLastTimeStep, timeStep))),
    )
    .returning({ id: users.id });
  if (updated.length === 0) throw badRequest(LOGIN_MESSAGES.invalidCode, 'OTP_INVALID');
}
