import { and, desc, eq, isNull, like } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { generateSecret, generateURI } from 'otplib';
import type { TwoFactorOtpData } from '../../../contract/v1/auth';
import type { UserData } from '../../../contract/v1/user';
import type {
  PhoneOtpBody,
  TotpSetupData,
  TwoFactorConfigBody,
  TwoFactorConfirmationBody,
  TwoFactorResetBody,
  TwoFactorSetupBody,
} from '../../../contract/v1/user-security';
import { oneTimeCodes, users } from '../../db/schema';
import { HttpError, badRequest, fieldError, forbidden, tooManyRequests, unauthorized } from '../../http/errors';
import { RESEND_WAIT_MS } from '../../security/one-time-codes';
import type { Services } from '../../services';
import { acceptTotp } from '../auth/login-service';
import type { AuthContext } from '../sessions/session-service';
import { findUserById, toUserInfo, twoFactorEnforcedForUser, type UserRow } from '../users/user-queries';

export const TWO_FACTOR_SETTINGS_MESSAGES = {
  totpStarted: 'Scan the QR code with your authenticator app, then enter the code it shows',
  totpAlreadySetUp: 'Authenticator is already set up. Reset it to set it up again',
  totpNotStarted: 'Start the authenticator setup first',
  totpEnabled: 'Authenticator app enabled for two-factor authentication',
  mobileEnabled: 'Mobile number enabled for two-factor authentication',
  totpReset: 'Authenticator app removed from two-factor authentication',
  mobileReset: 'Mobile number removed from two-factor authentication',
  emailPermanent: 'Email two-factor authentication cannot be removed',
  enabled: 'Two-factor authentication enabled',
  disabled: 'Two-factor authentication disabled',
  enforced: 'An organisation you belong to has enabled two-factor authentication. Please contact your admin',
  otpSent: 'OTP sent successfully',
  codeRequired: 'Code is required',
  phoneRequired: 'Phone Number is required',
  tooManyWrongCodes: 'Too many wrong codes. Please try again later',
  wait: (seconds: number) => `Please wait ${seconds} seconds before requesting a new code`,
};

/** Wrong authenticator codes per user while confirming setup, before a pause: 6 digits are guessable without one. */
export const MAX_WRONG_SETUP_CODES = 5;
const WRONG_CODE_WINDOW_MS = 15 * 60_000;
const TOTP_CONFIRM_BUCKET = 'totp-setup-confirm';
/** Codes for a number being set up are bound to that number: a code texted to one phone cannot enable another. */
const PHONE_PURPOSE_PREFIX = 'phone:';
const phonePurpose = (phoneNumber: string) => `${PHONE_PURPOSE_PREFIX}${phoneNumber}`;

const smsText = (code: string) => `Your code to set up two-factor authentication is ${code}. It expires in 10 minutes.`;

type Changes = Partial<typeof users.$inferInsert>;

/**
 * Two-factor management of the signed-in user (spec §2.9, §4): authenticator and mobile setup, reset of a method,
 * the overall switch, and the code for the phone being set up. Every change is written to the activity trail.
 */
export class TwoFactorSettingsService {
  constructor(private readonly s: Services) {}

  async setup(auth: AuthContext, body: TwoFactorSetupBody, request: FastifyRequest): Promise<{ data: TotpSetupData | UserData; msg: string }> {
    const user = await this.user(auth);
    if (body.type === 'totp') return { data: await this.startTotp(user, request), msg: TWO_FACTOR_SETTINGS_MESSAGES.totpStarted };
    return { data: await this.completeMobile(auth, user, body, request), msg: TWO_FACTOR_SETTINGS_MESSAGES.mobileEnabled };
  }

  /** A fresh secret each time until confirmed, so an abandoned QR code never becomes valid later. */
  private async startTotp(user: UserRow, request: FastifyRequest): Promise<TotpSetupData> {
    if (user.totpSetupCompleted) throw badRequest(TWO_FACTOR_SETTINGS_MESSAGES.totpAlreadySetUp, 'TOTP_ALREADY_SET_UP');
    const secret = generateSecret();
    const url = generateURI({ issuer: this.s.config.brandName, label: user.email, secret, algorithm: 'sha1', digits: 6, period: 30 });
    await this.save(user.id, { totpSecret: secret, totpEnabled: false, totpSetupCompleted: false, totpLastTimeStep: null });
    await this.changed(request, user, 'totp', 'setup-started');
    return { secret, url };
  }

  private async completeMobile(auth: AuthContext, user: UserRow, body: TwoFactorSetupBody, request: FastifyRequest): Promise<UserData> {
    if (!body.phoneNumber) throw fieldError('phoneNumber', TWO_FACTOR_SETTINGS_MESSAGES.phoneRequired);
    if (!body.code) throw fieldError('code', TWO_FACTOR_SETTINGS_MESSAGES.codeRequired);
    try {
      await this.s.codes.consume(user.id, phonePurpose(body.phoneNumber), body.code);
    } catch (error) {
      await this.s.audit.record(request, { event: 'two-factor.failure', userId: user.id, details: { type: 'otp', during: 'setup' } });
      throw error;
    }
    await this.save(user.id, { phoneNumber: body.phoneNumber, otpEnabled: true, otpSetupCompleted: true, twoFactorEnabled: true });
    await this.changed(request, user, 'otp', 'setup-completed');
    return this.profile(auth);
  }

  async confirm(auth: AuthContext, body: TwoFactorConfirmationBody, request: FastifyRequest): Promise<{ data: UserData; msg: string }> {
    const { throttle, audit } = this.s;
    const user = await this.user(auth);
    if (!user.totpSecret || user.totpSetupCompleted) throw badRequest(TWO_FACTOR_SETTINGS_MESSAGES.totpNotStarted, 'TOTP_SETUP_NOT_STARTED');
    if ((await throttle.count(TOTP_CONFIRM_BUCKET, user.id, WRONG_CODE_WINDOW_MS)) >= MAX_WRONG_SETUP_CODES) {
      throw tooManyRequests(TWO_FACTOR_SETTINGS_MESSAGES.tooManyWrongCodes, WRONG_CODE_WINDOW_MS / 1000, 'OTP_LOCKED');
    }
    try {
      await acceptTotp(this.s, user, body.code);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 400) await throttle.record(TOTP_CONFIRM_BUCKET, user.id);
      await audit.record(request, { event: 'two-factor.failure', userId: user.id, details: { type: 'totp', during: 'setup' } });
      throw error;
    }
    await throttle.clear(TOTP_CONFIRM_BUCKET, user.id);
    await this.save(user.id, { totpEnabled: true, totpSetupCompleted: true, twoFactorEnabled: true });
    await this.changed(request, user, 'totp', 'setup-completed');
    return { data: await this.profile(auth), msg: TWO_FACTOR_SETTINGS_MESSAGES.totpEnabled };
  }

  async reset(auth: AuthContext, body: TwoFactorResetBody, request: FastifyRequest): Promise<{ data: UserData; msg: string }> {
    if (body.type === 'email') throw badRequest(TWO_FACTOR_SETTINGS_MESSAGES.emailPermanent, 'EMAIL_TWO_FACTOR_PERMANENT');
    const user = await this.user(auth);
    const changes: Changes =
      body.type === 'totp'
        ? { totpSecret: null, totpEnabled: false, totpSetupCompleted: false, totpLastTimeStep: null }
        : { otpEnabled: false, otpSetupCompleted: false };
    const remaining = { totp: user.totpEnabled, otp: user.otpEnabled, email: user.emailTwoFactorEnabled, [body.type]: false };
    // Email normally remains; an account with no method left cannot keep asking for a second factor.
    if (!remaining.totp && !remaining.otp && !remaining.email) changes.twoFactorEnabled = false;
    await this.save(user.id, changes);
    await this.changed(request, user, body.type, 'reset');
    const msg = body.type === 'totp' ? TWO_FACTOR_SETTINGS_MESSAGES.totpReset : TWO_FACTOR_SETTINGS_MESSAGES.mobileReset;
    return { data: await this.profile(auth), msg };
  }

  /**
   * Turning 2FA on is always allowed (the organisation notice of the orgs screen relies on it); turning it off
   * is refused while an organisation the user belongs to enforces it (spec §6).
   */
  async configure(auth: AuthContext, body: TwoFactorConfigBody, request: FastifyRequest): Promise<{ data: UserData; msg: string }> {
    const user = await this.user(auth);
    if (!body.enable && (await twoFactorEnforcedForUser(this.s.db, user.id))) {
      throw forbidden(TWO_FACTOR_SETTINGS_MESSAGES.enforced, 'TWO_FACTOR_ENFORCED');
    }
    await this.save(user.id, { twoFactorEnabled: body.enable });
    await this.changed(request, user, 'all', body.enable ? 'enabled' : 'disabled');
    return { data: await this.profile(auth), msg: body.enable ? TWO_FACTOR_SETTINGS_MESSAGES.enabled : TWO_FACTOR_SETTINGS_MESSAGES.disabled };
  }

  /**
   * Texts a code to the number being set up. The 60 s wait is per user, whatever the number, so changing the
   * number cannot be used to send texts faster; only the newest code works.
   */
  async sendPhoneCode(auth: AuthContext, body: PhoneOtpBody, request: FastifyRequest): Promise<{ data: TwoFactorOtpData; msg: string }> {
    const { db, clock } = this.s;
    const user = await this.user(auth);
    const phoneCodes = and(eq(oneTimeCodes.userId, user.id), like(oneTimeCodes.purpose, `${PHONE_PURPOSE_PREFIX}%`));
    const [latest] = await db
      .select({ createdAt: oneTimeCodes.createdAt })
      .from(oneTimeCodes)
      .where(phoneCodes)
      .orderBy(desc(oneTimeCodes.createdAt))
      .limit(1);
    const waitMs = latest ? latest.createdAt.getTime() + RESEND_WAIT_MS - clock.now().getTime() : 0;
    if (waitMs > 0) {
      const wait = Math.ceil(waitMs / 1000);
      throw tooManyRequests(TWO_FACTOR_SETTINGS_MESSAGES.wait(wait), wait, 'OTP_RESEND_TOO_SOON');
    }
    await db.update(oneTimeCodes).set({ consumedAt: clock.now() }).where(and(phoneCodes, isNull(oneTimeCodes.consumedAt)));
    const code = await this.s.codes.issue(user.id, phonePurpose(body.phoneNumber));
    await this.s.sms.send(body.phoneNumber, smsText(code));
    await this.s.audit.record(request, { event: 'two-factor.code-sent', userId: user.id, details: { type: 'otp', during: 'setup' } });
    return { data: this.s.config.exposeOtp ? { otp: code } : {}, msg: TWO_FACTOR_SETTINGS_MESSAGES.otpSent };
  }

  private async user(auth: AuthContext): Promise<UserRow> {
    const user = await findUserById(this.s.db, auth.userId);
    if (!user) throw unauthorized();
    return user;
  }

  private async profile(auth: AuthContext): Promise<UserData> {
    const user = await this.user(auth);
    return { userInfo: toUserInfo(user, await twoFactorEnforcedForUser(this.s.db, user.id)) };
  }

  private async save(userId: string, changes: Changes): Promise<void> {
    await this.s.db
      .update(users)
      .set({ ...changes, updatedAt: this.s.clock.now() })
      .where(eq(users.id, userId));
  }

  private changed(request: FastifyRequest, user: UserRow, method: 'totp' | 'otp' | 'all', change: string): Promise<void> {
    return this.s.audit.record(request, { event: 'two-factor.changed', userId: user.id, email: user.email, details: { method, change } });
  }
}
