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
import { oneTimeCodes } from '../../db/schema';
import { users } from '../users/schema';
import {
  HttpError,
  badRequest,
  fieldError,
  forbidden,
  tooManyRequests,
  unauthorized,
} from '../../http/errors';
import { RESEND_WAIT_MS } from '../../security/one-time-codes';
import type { Services } from '../../services';
import { textCode } from '../../mail/sms-code';
import { acceptTotp } from '../auth/login-service';
import type { AuthContext } from '../sessions/session-service';
import { findUserById, toUserInfo, twoFactorEnforcedForUser, type UserRow } from '../users/user-queries';
import { toE164 } from '../users/phone-number';
import { mailLanguage } from '../../i18n/mail-language';
import { message, type Message } from '../../i18n/message';
import { smsTemplates } from '../../mail/templates';
import { SecurityNotices, type SecurityChange } from '../../mail/security-notices';

export const TWO_FACTOR_SETTINGS_MESSAGES = {
  totpStarted: 'twoFactor.totpStarted',
  totpAlreadySetUp: 'twoFactor.totpAlreadySetUp',
  totpNotStarted: 'twoFactor.totpNotStarted',
  totpEnabled: 'twoFactor.totpEnabled',
  mobileEnabled: 'twoFactor.mobileEnabled',
  totpReset: 'twoFactor.totpReset',
  mobileReset: 'twoFactor.mobileReset',
  emailPermanent: 'twoFactor.emailPermanent',
  enabled: 'twoFactor.enabled',
  disabled: 'twoFactor.disabled',
  enforced: 'twoFactor.enforced',
  otpSent: 'twoFactor.otpSent',
  codeRequired: 'core:validation.otp.required',
  phoneRequired: 'core:validation.phone.required',
  tooManyWrongCodes: 'twoFactor.tooManyWrongCodes',
  wait: (seconds: number) => message('codes.wait', { seconds }),
} satisfies Record<string, Message | ((seconds: number) => Message)>;

/** Wrong authenticator codes per user while confirming setup, before a pause: 6 digits are guessable without one. */
export const MAX_WRONG_SETUP_CODES = 5;
const WRONG_CODE_WINDOW_MS = 15 * 60_000;
const TOTP_CONFIRM_BUCKET = 'totp-setup-confirm';
/** Codes for a number being set up are bound to that number: a code texted to one phone cannot enable another. */
const PHONE_PURPOSE_PREFIX = 'phone:';
const phonePurpose = (phoneNumber: string) => `${PHONE_PURPOSE_PREFIX}${phoneNumber}`;

/** The number being set up, in E.164: texted, bound to its code and stored in the one form every spelling shares. */
function mobileNumber(phoneNumber: string): string {
  const e164 = toE164(phoneNumber);
  if (!e164) throw fieldError('phoneNumber', 'twoFactor.phoneNotPossible', 'PHONE_NUMBER_INVALID');
  return e164;
}

type Changes = Partial<typeof users.$inferInsert>;

/** The shared services TwoFactorSettingsService uses. */
export type TwoFactorSettingsServiceNeeds = Pick<
  Services,
  'audit' | 'clock' | 'codes' | 'config' | 'db' | 'i18n' | 'links' | 'mailer' | 'recentAuth' | 'sms' | 'throttle'
>;

/**
 * Two-factor management of the signed-in user (docs/two-factor.md): authenticator and mobile setup, reset of a method,
 * the overall switch, and the code for the phone being set up. Every change is written to the activity trail.
 * Everything but switching 2FA on needs recent authentication (403 REAUTH_REQUIRED otherwise), and every change
 * that could weaken the account or add a way in mails the account a security notice
 * (docs/two-factor.md#recent-authentication).
 */
export class TwoFactorSettingsService {
  private readonly notices: SecurityNotices;

  constructor(private readonly s: TwoFactorSettingsServiceNeeds) {
    this.notices = new SecurityNotices(s);
  }

  async setup(
    auth: AuthContext,
    body: TwoFactorSetupBody,
    request: FastifyRequest,
  ): Promise<{ data: TotpSetupData | UserData; msg: string }> {
    await this.s.recentAuth.require(auth);
    const user = await this.user(auth);
    if (body.type === 'totp')
      return { data: await this.startTotp(user, request), msg: TWO_FACTOR_SETTINGS_MESSAGES.totpStarted };
    return {
      data: await this.completeMobile(auth, user, body, request),
      msg: TWO_FACTOR_SETTINGS_MESSAGES.mobileEnabled,
    };
  }

  /** A fresh secret each time until confirmed, so an abandoned QR code never becomes valid later. */
  private async startTotp(user: UserRow, request: FastifyRequest): Promise<TotpSetupData> {
    if (user.totpSetupCompleted)
      throw badRequest(TWO_FACTOR_SETTINGS_MESSAGES.totpAlreadySetUp, 'TOTP_ALREADY_SET_UP');
    const secret = generateSecret();
    const url = generateURI({
      issuer: this.s.config.brandName,
      label: user.email,
      secret,
      algorithm: 'sha1',
      digits: 6,
      period: 30,
    });
    await this.save(user.id, {
      totpSecret: secret,
      totpEnabled: false,
      totpSetupCompleted: false,
      totpLastTimeStep: null,
    });
    await this.changed(request, user, 'totp', 'setup-started');
    return { secret, url };
  }

  private async completeMobile(
    auth: AuthContext,
    user: UserRow,
    body: TwoFactorSetupBody,
    request: FastifyRequest,
  ): Promise<UserData> {
    if (!body.phoneNumber) throw fieldError('phoneNumber', TWO_FACTOR_SETTINGS_MESSAGES.phoneRequired);
    if (!body.code) throw fieldError('code', TWO_FACTOR_SETTINGS_MESSAGES.codeRequired);
    const phoneNumber = mobileNumber(body.phoneNumber);
    try {
      await this.s.codes.consume(user.id, phonePurpose(phoneNumber), body.code);
    } catch (error) {
      await this.s.audit.record(request, {
        event: 'two-factor.failure',
        userId: user.id,
        details: { type: 'otp', during: 'setup' },
      });
      throw error;
    }
    await this.save(user.id, {
      phoneNumber,
      otpEnabled: true,
      otpSetupCompleted: true,
      twoFactorEnabled: true,
    });
    await this.changed(request, user, 'otp', 'setup-completed');
    this.notify(user, 'mobileAdded', request);
    return this.profile(auth);
  }

  async confirm(
    auth: AuthContext,
    body: TwoFactorConfirmationBody,
    request: FastifyRequest,
  ): Promise<{ data: UserData; msg: string }> {
    const { throttle, audit } = this.s;
    await this.s.recentAuth.require(auth);
    const user = await this.user(auth);
    if (!user.totpSecret || user.totpSetupCompleted)
      throw badRequest(TWO_FACTOR_SETTINGS_MESSAGES.totpNotStarted, 'TOTP_SETUP_NOT_STARTED');
    // The slot is taken before the comparison, in one statement: parallel guesses never check more than 5.
    const slot = await throttle.take(TOTP_CONFIRM_BUCKET, user.id, {
      limit: MAX_WRONG_SETUP_CODES,
      windowMs: WRONG_CODE_WINDOW_MS,
    });
    if (!slot.ok) {
      throw tooManyRequests(TWO_FACTOR_SETTINGS_MESSAGES.tooManyWrongCodes, slot.retryAfterSeconds, 'OTP_LOCKED');
    }
    try {
      await acceptTotp(this.s, user, body.code);
    } catch (error) {
      // Only a wrong code is a guess; anything else gives the slot back.
      if (!(error instanceof HttpError && error.statusCode === 400)) await throttle.giveBack(slot.slot);
      await audit.record(request, {
        event: 'two-factor.failure',
        userId: user.id,
        details: { type: 'totp', during: 'setup' },
      });
      throw error;
    }
    await throttle.clear(TOTP_CONFIRM_BUCKET, user.id);
    await this.save(user.id, { totpEnabled: true, totpSetupCompleted: true, twoFactorEnabled: true });
    await this.changed(request, user, 'totp', 'setup-completed');
    this.notify(user, 'authenticatorAdded', request);
    return { data: await this.profile(auth), msg: TWO_FACTOR_SETTINGS_MESSAGES.totpEnabled };
  }

  async reset(
    auth: AuthContext,
    body: TwoFactorResetBody,
    request: FastifyRequest,
  ): Promise<{ data: UserData; msg: string }> {
    if (body.type === 'email')
      throw badRequest(TWO_FACTOR_SETTINGS_MESSAGES.emailPermanent, 'EMAIL_TWO_FACTOR_PERMANENT');
    await this.s.recentAuth.require(auth);
    const user = await this.user(auth);
    const changes: Changes =
      body.type === 'totp'
        ? { totpSecret: null, totpEnabled: false, totpSetupCompleted: false, totpLastTimeStep: null }
        : { otpEnabled: false, otpSetupCompleted: false };
    const remaining = {
      totp: user.totpEnabled,
      otp: user.otpEnabled,
      email: user.emailTwoFactorEnabled,
      [body.type]: false,
    };
    // Email normally remains; an account with no method left cannot keep asking for a second factor.
    if (!remaining.totp && !remaining.otp && !remaining.email) changes.twoFactorEnabled = false;
    await this.save(user.id, changes);
    await this.changed(request, user, body.type, 'reset');
    this.notify(user, body.type === 'totp' ? 'authenticatorRemoved' : 'mobileRemoved', request);
    const msg =
      body.type === 'totp'
        ? TWO_FACTOR_SETTINGS_MESSAGES.totpReset
        : TWO_FACTOR_SETTINGS_MESSAGES.mobileReset;
    return { data: await this.profile(auth), msg };
  }

  /**
   * Turning 2FA on is always allowed and needs no recent authentication (it only makes the account safer);
   * turning it off needs recent authentication and is refused while an organisation the user belongs to enforces
   * it (docs/organisation-selection.md).
   */
  async configure(
    auth: AuthContext,
    body: TwoFactorConfigBody,
    request: FastifyRequest,
  ): Promise<{ data: UserData; msg: string }> {
    if (!body.enable) await this.s.recentAuth.require(auth);
    const user = await this.user(auth);
    if (!body.enable && (await twoFactorEnforcedForUser(this.s.db, user.id))) {
      throw forbidden(TWO_FACTOR_SETTINGS_MESSAGES.enforced, 'TWO_FACTOR_ENFORCED');
    }
    await this.save(user.id, { twoFactorEnabled: body.enable });
    await this.changed(request, user, 'all', body.enable ? 'enabled' : 'disabled');
    if (!body.enable && user.twoFactorEnabled) this.notify(user, 'twoFactorDisabled', request);
    return {
      data: await this.profile(auth),
      msg: body.enable ? TWO_FACTOR_SETTINGS_MESSAGES.enabled : TWO_FACTOR_SETTINGS_MESSAGES.disabled,
    };
  }

  /**
   * Texts a code to the number being set up. The 60 s wait is per user, whatever the number, so changing the
   * number cannot be used to send texts faster; only the newest code works.
   */
  async sendPhoneCode(
    auth: AuthContext,
    body: PhoneOtpBody,
    request: FastifyRequest,
  ): Promise<{ data: TwoFactorOtpData; msg: string }> {
    const { db, clock } = this.s;
    // Texting a code to any number is the first step of adding a way in: it needs recent authentication too.
    await this.s.recentAuth.require(auth);
    const phoneNumber = mobileNumber(body.phoneNumber);
    const user = await this.user(auth);
    const phoneCodes = and(
      eq(oneTimeCodes.userId, user.id),
      like(oneTimeCodes.purpose, `${PHONE_PURPOSE_PREFIX}%`),
    );
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
    await db
      .update(oneTimeCodes)
      .set({ consumedAt: clock.now() })
      .where(and(phoneCodes, isNull(oneTimeCodes.consumedAt)));
    const purpose = phonePurpose(phoneNumber);
    const code = await this.s.codes.issue(user.id, purpose);
    const text = smsTemplates.phoneSetupCode(code, mailLanguage(this.s.i18n, user.language, request));
    await textCode(this.s, request.log, { userId: user.id, purpose }, phoneNumber, text);
    await this.s.audit.record(request, {
      event: 'two-factor.code-sent',
      userId: user.id,
      details: { type: 'otp', during: 'setup' },
    });
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

  private notify(user: UserRow, change: SecurityChange, request: FastifyRequest): void {
    this.notices.send({ email: user.email, firstName: user.firstName, language: user.language }, change, request);
  }

  private changed(
    request: FastifyRequest,
    user: UserRow,
    method: 'totp' | 'otp' | 'all',
    change: string,
  ): Promise<void> {
    return this.s.audit.record(request, {
      event: 'two-factor.changed',
      userId: user.id,
      email: user.email,
      details: { method, change },
    });
  }
}
