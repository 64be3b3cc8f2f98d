import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { verify as verifyTotp } from 'otplib';
import type { LoginBody, LoginData, TwoFactorConfigInfo, TwoFactorOtpBody, TwoFactorVerifyBody } from '../../../contract/v1/auth';
import type { AuditEntry } from '../../audit/audit-trail';
import { minutes } from '../../clock';
import { loginChallenges, users } from '../../db/schema';
import { badRequest, forbidden, tooManyRequests } from '../../http/errors';
import { mailTemplates, smsTemplates } from '../../mail/templates';
import { CAPTCHA_FAILED_MESSAGE } from '../../security/captcha';
import { MAX_WRONG_TRIES } from '../../security/one-time-codes';
import { newOpaqueToken, sha256 } from '../../security/random';
import type { Services } from '../../services';
import { findUserByEmail, findUserById, normaliseEmail, twoFactorEnforcedForUser, type UserRow } from '../users/user-queries';

export const LOGIN_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  throttled: 'Too many login attempts. Please try again later',
  blocked: 'Your account is blocked. Please contact admin',
  success: 'Login successful',
  unverified: 'Please verify your email address to continue',
  twoFactorRequired: 'Please complete two-factor authentication',
  challengeExpired: 'Your verification session has expired. Please log in again',
  challengeLocked: 'Too many wrong codes. Please log in again',
  invalidCode: 'Invalid verification code',
  methodUnavailable: 'This verification method is not set up for your account',
  codeSent: 'Verification code sent',
};

const CHALLENGE_TTL_MS = minutes(10);

const maskPhone = (phone: string) => `Mobile (•••• ${phone.slice(-4)})`;

function configInfo(user: UserRow): TwoFactorConfigInfo {
  return {
    authenticator: { show: user.totpEnabled && Boolean(user.totpSecret), label: 'Authenticator app' },
    email: { show: user.emailTwoFactorEnabled, label: `Email (${user.email})` },
    mobile: { show: user.otpEnabled && Boolean(user.phoneNumber), label: user.phoneNumber ? maskPhone(user.phoneNumber) : 'Mobile' },
  };
}

/** Password login, the second factor, and the codes it sends (spec §4 Login and 2FA verification). */
export class LoginService {
  constructor(private readonly s: Services) {}

  async login(body: LoginBody, request: FastifyRequest): Promise<{ data: LoginData; msg: string }> {
    const { db, throttle, config, audit, hasher } = this.s;
    // The password step of partner SSO (spec §2.6) is an ordinary login with every check; the trail says where it came from.
    const record = (entry: AuditEntry) =>
      audit.record(request, body.isSSOLogin ? { ...entry, details: { ...entry.details, sso: true } } : entry);
    if (!(await this.s.captcha.verify(body.captcha, request.ip))) throw badRequest(CAPTCHA_FAILED_MESSAGE, 'CAPTCHA_FAILED');
    const email = normaliseEmail(body.email);
    const { maxFailuresPerEmail, maxFailuresPerIp, windowSeconds } = config.loginThrottle;
    const windowMs = windowSeconds * 1000;
    const [emailFailures, ipFailures] = await Promise.all([
      throttle.count('login-email', email, windowMs),
      throttle.count('login-ip', request.ip, windowMs),
    ]);
    if (emailFailures >= maxFailuresPerEmail || ipFailures >= maxFailuresPerIp) {
      await record({ event: 'login.throttled', email });
      throw tooManyRequests(LOGIN_MESSAGES.throttled, windowSeconds, 'LOGIN_THROTTLED');
    }

    const user = await findUserByEmail(db, email);
    // An unknown account costs the same hashing time as a wrong password, and answers the same.
    const passwordOk = await hasher.verify(user?.passwordHash ?? null, body.password);
    if (!user || !passwordOk) {
      await Promise.all([throttle.record('login-email', email), throttle.record('login-ip', request.ip)]);
      await record({ event: 'login.failure', userId: user?.id, email, details: { reason: user ? 'password' : 'unknown-account' } });
      throw badRequest(LOGIN_MESSAGES.invalidCredentials, 'INVALID_CREDENTIALS');
    }
    if (user.disabled) {
      await record({ event: 'login.failure', userId: user.id, email, details: { reason: 'blocked' } });
      throw forbidden(LOGIN_MESSAGES.blocked, 'ACCOUNT_BLOCKED');
    }
    await throttle.clear('login-email', email);

    const twoFactorEnabledInOrg = await twoFactorEnforcedForUser(db, user.id);
    const base = { email: { id: user.email, verified: Boolean(user.emailVerifiedAt) }, logo: null, twoFactorEnabledInOrg };
    if (!user.emailVerifiedAt) {
      await record({ event: 'login.failure', userId: user.id, email, details: { reason: 'email-unverified' } });
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
        data: { ...base, tokenId, twoFactorEnabled: true, twoFactorConfigInfo: configInfo(user) },
        msg: LOGIN_MESSAGES.twoFactorRequired,
      };
    }
    const tokens = await this.s.sessions.startLogin(user.id);
    await record({ event: 'login.success', userId: user.id, email });
    return { data: { ...base, twoFactorEnabled: false, ...tokens }, msg: LOGIN_MESSAGES.success };
  }

  private async openChallenge(tokenId: string): Promise<{ challengeId: string; user: UserRow }> {
    const { db, clock } = this.s;
    const [challenge] = await db.select().from(loginChallenges).where(eq(loginChallenges.id, sha256(tokenId)));
    if (!challenge || challenge.consumedAt || challenge.expiresAt.getTime() <= clock.now().getTime()) {
      throw badRequest(LOGIN_MESSAGES.challengeExpired, 'CHALLENGE_EXPIRED');
    }
    if (challenge.failedAttempts >= MAX_WRONG_TRIES) throw tooManyRequests(LOGIN_MESSAGES.challengeLocked, 60, 'CHALLENGE_LOCKED');
    const user = await findUserById(db, challenge.userId);
    if (!user || user.disabled) throw badRequest(LOGIN_MESSAGES.challengeExpired, 'CHALLENGE_EXPIRED');
    return { challengeId: challenge.id, user };
  }

  async sendCode(body: TwoFactorOtpBody, request: FastifyRequest): Promise<{ data: { otp?: string }; msg: string }> {
    const { user } = await this.openChallenge(body.tokenId);
    let code: string;
    if (body.type === 'email') {
      if (!user.emailTwoFactorEnabled) throw badRequest(LOGIN_MESSAGES.methodUnavailable, 'METHOD_UNAVAILABLE');
      code = await this.s.codes.issue(user.id, 'login-email');
      await this.s.mailer.send(mailTemplates.loginCode(user.email, user.firstName, code));
    } else {
      if (!user.otpEnabled || !user.phoneNumber) throw badRequest(LOGIN_MESSAGES.methodUnavailable, 'METHOD_UNAVAILABLE');
      code = await this.s.codes.issue(user.id, 'login-sms');
      await this.s.sms.send(user.phoneNumber, smsTemplates.loginCode(code));
    }
    await this.s.audit.record(request, { event: 'two-factor.code-sent', userId: user.id, details: { type: body.type } });
    return { data: this.s.config.exposeOtp ? { otp: code } : {}, msg: LOGIN_MESSAGES.codeSent };
  }

  async verify(body: TwoFactorVerifyBody, request: FastifyRequest): Promise<{ data: LoginData; msg: string }> {
    const { db, clock, audit } = this.s;
    const { challengeId, user } = await this.openChallenge(body.tokenId);
    try {
      await this.checkSecondFactor(user, body);
    } catch (error) {
      const [row] = await db
        .update(loginChallenges)
        .set({ failedAttempts: sql`${loginChallenges.failedAttempts} + 1` })
        .where(eq(loginChallenges.id, challengeId))
        .returning({ failedAttempts: loginChallenges.failedAttempts });
      await audit.record(request, { event: 'two-factor.failure', userId: user.id, details: { type: body.type } });
      if ((row?.failedAttempts ?? 0) >= MAX_WRONG_TRIES) throw tooManyRequests(LOGIN_MESSAGES.challengeLocked, 60, 'CHALLENGE_LOCKED');
      throw error;
    }
    const consumed = await db
      .update(loginChallenges)
      .set({ consumedAt: clock.now() })
      .where(and(eq(loginChallenges.id, challengeId), isNull(loginChallenges.consumedAt)))
      .returning({ id: loginChallenges.id });
    if (consumed.length === 0) throw badRequest(LOGIN_MESSAGES.challengeExpired, 'CHALLENGE_EXPIRED');
    const tokens = await this.s.sessions.startLogin(user.id);
    await audit.record(request, { event: 'two-factor.success', userId: user.id, details: { type: body.type } });
    await audit.record(request, { event: 'login.success', userId: user.id, email: user.email, details: { secondFactor: body.type } });
    return {
      data: {
        twoFactorEnabled: true,
        email: { id: user.email, verified: true },
        logo: null,
        twoFactorEnabledInOrg: await twoFactorEnforcedForUser(db, user.id),
        ...tokens,
      },
      msg: LOGIN_MESSAGES.success,
    };
  }

  private async checkSecondFactor(user: UserRow, body: TwoFactorVerifyBody): Promise<void> {
    if (body.type === 'email') {
      if (!user.emailTwoFactorEnabled) throw badRequest(LOGIN_MESSAGES.methodUnavailable, 'METHOD_UNAVAILABLE');
      return this.s.codes.consume(user.id, 'login-email', body.code);
    }
    if (body.type === 'otp') {
      if (!user.otpEnabled || !user.phoneNumber) throw badRequest(LOGIN_MESSAGES.methodUnavailable, 'METHOD_UNAVAILABLE');
      return this.s.codes.consume(user.id, 'login-sms', body.code);
    }
    if (!user.totpEnabled || !user.totpSecret) throw badRequest(LOGIN_MESSAGES.methodUnavailable, 'METHOD_UNAVAILABLE');
    await acceptTotp(this.s, user, body.code);
  }
}

/**
 * Accepts an authenticator code once: otplib is stateless, so the accepted time step is stored and only a later
 * step passes next time (a conditional update settles two simultaneous submissions).
 */
export async function acceptTotp(s: Services, user: UserRow, code: string, secret = user.totpSecret): Promise<void> {
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
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastTimeStep), lt(users.totpLastTimeStep, timeStep))))
    .returning({ id: users.id });
  if (updated.length === 0) throw badRequest(LOGIN_MESSAGES.invalidCode, 'OTP_INVALID');
}
