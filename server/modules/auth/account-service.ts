import { setTimeout as delay } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type {
  ForgetPasswordBody,
  RegisterBody,
  ResendEmailBody,
  ResetPasswordBody,
  VerifyEmailBody,
} from '../../../contract/v1/auth';
import { ActionTokens, LINK_EXPIRED_MESSAGE } from './action-tokens';
import { addressReserved } from '../email-change/email-change-queries';
import { memberships } from '../organizations/schema';
import { users } from '../users/schema';
import { badRequest, tooManyRequests } from '../../http/errors';
import { mailTemplates } from '../../mail/templates';
import { CAPTCHA_FAILED_MESSAGE } from '../../security/captcha';
import { LoginLimits } from './login-limits';
import { newId, newOpaqueToken, sha256 } from '../../security/random';
import type { Services } from '../../services';
import {
  acceptInvitation,
  createOrganization,
  findOpenInvitation,
} from '../organizations/organization-queries';
import { findUserByEmail, normaliseEmail, type UserRow } from '../users/user-queries';
import type { MessageKey } from '../../i18n/message';
import { mailLanguage, requestedLanguage } from '../../i18n/mail-language';

export const ACCOUNT_MESSAGES = {
  registered: 'account.registered',
  registeredVerified: 'account.registeredVerified',
  verified: 'account.verified',
  linkExpired: LINK_EXPIRED_MESSAGE,
  resetRequested: 'account.resetRequested',
  resent: 'account.resent',
  passwordReset: 'account.passwordReset',
  tooManyMails: 'account.tooManyMails',
} satisfies Record<string, MessageKey>;

const VERIFY_TTL_MS = 24 * 3600_000;
const RESET_TTL_MS = 3600_000;

/** The shared services AccountService uses. */
export type AccountServiceNeeds = Pick<
  Services,
  | 'audit'
  | 'captcha'
  | 'clock'
  | 'passwordRules'
  | 'config'
  | 'db'
  | 'hasher'
  | 'i18n'
  | 'links'
  | 'mailer'
  | 'sessions'
  | 'throttle'
>;

/** Sign-up, email verification and password recovery: answers never reveal whether an email has an account. */
export class AccountService {
  private readonly links: ActionTokens;

  constructor(private readonly s: AccountServiceNeeds) {
    this.links = new ActionTokens(s.db, s.clock);
  }

  /**
   * A new account, and a reset link (which does not show whose account it is until it is spent), count the
   * password as the only factor: the portal's forms say the same (server/security/password-rules.ts).
   */
  private checkPasswordStrength(password: string): void {
    this.s.passwordRules.check(password, 'password', { secondFactor: false });
  }

  private async personalOrganizationId(userId: string): Promise<string> {
    const rows = await this.s.db
      .select({ id: memberships.organizationId })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.role, 'owner')));
    return rows[0]?.id ?? '';
  }

  private async sendVerification(
    user: UserRow,
    request: FastifyRequest,
    organizationToken?: string,
  ): Promise<void> {
    const { token } = await this.links.issue(user.id, 'verify-email', VERIFY_TTL_MS);
    const orgToken = organizationToken ?? (await this.personalOrganizationId(user.id));
    const link = this.s.links.emailVerification(token, orgToken);
    this.s.mailer.sendLater(
      mailTemplates.verifyEmail(
        user.email,
        user.firstName,
        link,
        mailLanguage(this.s.i18n, user.language, request),
      ),
    );
  }

  /**
   * Requests that can send mail (sign-up, forgot-password, resend-email): MAIL_MAX_PER_EMAIL per address and
   * MAIL_MAX_PER_IP per client address in MAIL_THROTTLE_WINDOW, counted whether or not the address has an account.
   * Each request takes its slot in one statement (server/security/throttle.ts), so parallel requests cannot overshoot.
   */
  private async throttleMail(kind: string, email: string, request: FastifyRequest): Promise<void> {
    const { maxPerEmail, maxPerIp, windowSeconds } = this.s.config.mailThrottle;
    const windowMs = windowSeconds * 1000;
    const taken = await this.s.throttle.takeAll([
      { bucket: `${kind}-email`, key: email, limit: { limit: maxPerEmail, windowMs } },
      { bucket: `${kind}-ip`, key: request.ip, limit: { limit: maxPerIp, windowMs } },
    ]);
    if (!taken.ok)
      throw tooManyRequests(ACCOUNT_MESSAGES.tooManyMails, taken.retryAfterSeconds, 'MAIL_THROTTLED');
  }

  /**
   * Sign-up mails an address at most once per MAIL_THROTTLE_WINDOW, whatever its state (new, unverified, taken), so
   * repeated sign-ups cannot flood an inbox; the answer does not change, so it still reveals no account.
   */
  private async firstSignUpMailOfWindow(email: string): Promise<boolean> {
    const windowMs = this.s.config.mailThrottle.windowSeconds * 1000;
    return (await this.s.throttle.take('register-mail', email, { limit: 1, windowMs })).ok;
  }

  /** The forms that send mail or create accounts pass the configured captcha first, as login does. */
  private async checkCaptcha(token: string | null | undefined, request: FastifyRequest): Promise<void> {
    if (!(await this.s.captcha.verify(token, request.ip)))
      throw badRequest(CAPTCHA_FAILED_MESSAGE, 'CAPTCHA_FAILED');
  }

  async register(
    body: RegisterBody,
    request: FastifyRequest,
  ): Promise<{ data: { isVerified: boolean }; msg: string }> {
    await this.checkCaptcha(body.captcha, request);
    const arrived = performance.now();
    const answer = await this.createAccountOrMail(body, request);
    // A free address costs the account's inserts and a taken one does not: answer both at the same time
    // (ServerConfig.signUpAnswerFloorMs).
    const early = arrived + this.s.config.signUpAnswerFloorMs - performance.now();
    if (early > 0) await delay(early);
    return answer;
  }

  private async createAccountOrMail(
    body: RegisterBody,
    request: FastifyRequest,
  ): Promise<{ data: { isVerified: boolean }; msg: string }> {
    const { db, clock, hasher, audit } = this.s;
    this.checkPasswordStrength(body.password);
    const email = normaliseEmail(body.email);
    // Before the hash: a refused sign-up costs neither a hash nor a mail.
    await this.throttleMail('register', email, request);
    const now = clock.now();
    // Hash before looking the email up, so a taken address answers in the same time as a free one.
    const passwordHash = await hasher.hash(body.password);
    const existing = await findUserByEmail(db, email);
    if (existing && !existing.emailVerifiedAt && !existing.disabled) {
      // Most likely the same person who lost the first mail (resend-email sends another one).
      if (await this.firstSignUpMailOfWindow(email)) await this.sendVerification(existing, request);
      return { data: { isVerified: false }, msg: ACCOUNT_MESSAGES.registered };
    }
    if (existing) {
      if (!(await this.firstSignUpMailOfWindow(email)))
        return { data: { isVerified: false }, msg: ACCOUNT_MESSAGES.registered };
      this.s.mailer.sendLater(
        mailTemplates.alreadyRegistered(
          email,
          existing.firstName,
          this.s.links.login(),
          this.s.links.forgotPassword(),
          mailLanguage(this.s.i18n, existing.language, request),
        ),
      );
      return { data: { isVerified: false }, msg: ACCOUNT_MESSAGES.registered };
    }
    // The old address of an email change stays with its account while the undo link is open (docs/account-settings.md).
    if (await addressReserved(db, email, now))
      return { data: { isVerified: false }, msg: ACCOUNT_MESSAGES.registered };
    const invitation =
      body.invitationId && body.orgId
        ? await findOpenInvitation(db, body.orgId, body.invitationId, now)
        : undefined;
    // The invitation link reached this address, which proves it: no verification mail needed.
    const invited = invitation !== undefined && normaliseEmail(invitation.email) === email;
    const userId = newId();
    try {
      await db.insert(users).values({
        id: userId,
        email,
        passwordHash,
        firstName: body.firstName,
        lastName: body.lastName,
        language: requestedLanguage(this.s.i18n, request),
        emailVerifiedAt: invited ? now : null,
        createdAt: now,
        updatedAt: now,
      });
    } catch (error) {
      if ((error as { cause?: { code?: string } }).cause?.code === '23505') {
        return { data: { isVerified: false }, msg: ACCOUNT_MESSAGES.registered };
      }
      throw error;
    }
    const personalId = await createOrganization(db, {
      name: `${body.firstName} ${body.lastName}`,
      accountType: 'personal',
      ownerId: userId,
      now,
    });
    await audit.record(request, { event: 'register', userId, email, details: { invited } });
    if (invited && invitation) {
      await acceptInvitation(db, invitation, userId, now);
      await audit.record(request, {
        event: 'invitation.accepted',
        userId,
        organizationId: invitation.organizationId,
        email,
      });
      return { data: { isVerified: true }, msg: ACCOUNT_MESSAGES.registeredVerified };
    }
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (await this.firstSignUpMailOfWindow(email)) await this.sendVerification(user, request, personalId);
    return { data: { isVerified: false }, msg: ACCOUNT_MESSAGES.registered };
  }

  async verifyEmail(body: VerifyEmailBody, request: FastifyRequest): Promise<{ data: null; msg: string }> {
    const { db, clock, audit } = this.s;
    const { userId } = await this.links.consume(body.token, 'verify-email');
    const now = clock.now();
    const [user] = await db
      .update(users)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    await audit.record(request, { event: 'email.verified', userId, email: user?.email });
    return { data: null, msg: ACCOUNT_MESSAGES.verified };
  }

  async forgotPassword(
    body: ForgetPasswordBody,
    request: FastifyRequest,
  ): Promise<{ data: null; msg: string }> {
    await this.checkCaptcha(body.captcha, request);
    const email = normaliseEmail(body.email);
    await this.throttleMail('forgot-password', email, request);
    // Nothing before the answer looks the address up, and the work after it is the same whether or not it has an
    // account: one statement that finds the account itself, and the audit entry. Only the mail differs, and it goes
    // to the SMTP server, not the database (the embedded one runs on this thread: #33 finding 10).
    this.s.mailer.later(async () => {
      const token = newOpaqueToken();
      const user = await this.issueResetToken(email, token);
      await this.s.audit.record(request, { event: 'password.reset-requested', userId: user?.id, email });
      if (!user) return;
      const language = mailLanguage(this.s.i18n, user.language, request);
      await this.s.mailer.send(
        mailTemplates.resetPassword(user.email, user.firstName, this.s.links.resetPassword(token), language),
      );
    }, 'reset-password');
    return { data: null, msg: ACCOUNT_MESSAGES.resetRequested };
  }

  /**
   * In one statement: the enabled account of `email`, its older reset links retired and a new one stored under
   * `token`'s hash. Answers the account, or undefined (and writes nothing) when there is none.
   */
  private async issueResetToken(
    email: string,
    token: string,
  ): Promise<{ id: string; email: string; firstName: string; language: string | null } | undefined> {
    const now = this.s.clock.now();
    const expires = new Date(now.getTime() + RESET_TTL_MS);
    const { rows } = (await this.s.db.execute(sql`
      with account as (
        select id, email, first_name, language from users where email = ${email} and not disabled
      ), retired as (
        update action_tokens set used_at = ${now.toISOString()}::timestamptz
        where user_id in (select id from account) and purpose = 'reset-password' and used_at is null
      ), issued as (
        insert into action_tokens (id, user_id, purpose, token_hash, expires_at, created_at)
        select ${newId()}, id, 'reset-password', ${sha256(token)}, ${expires.toISOString()}::timestamptz,
          ${now.toISOString()}::timestamptz
        from account
      )
      select id, email, first_name as "firstName", language from account`)) as unknown as {
      rows: { id: string; email: string; firstName: string; language: string | null }[];
    };
    return rows[0];
  }

  async resendEmail(body: ResendEmailBody, request: FastifyRequest): Promise<{ data: null; msg: string }> {
    await this.checkCaptcha(body.captcha, request);
    const email = normaliseEmail(body.email);
    await this.throttleMail('resend-email', email, request);
    const user = await findUserByEmail(this.s.db, email);
    if (user && !user.emailVerifiedAt && !user.disabled)
      this.s.mailer.later(() => this.sendVerification(user, request), 'resend-email');
    return { data: null, msg: ACCOUNT_MESSAGES.resent };
  }

  async resetPassword(
    body: ResetPasswordBody,
    request: FastifyRequest,
  ): Promise<{ data: null; msg: string }> {
    const { db, clock, hasher, audit, sessions } = this.s;
    this.checkPasswordStrength(body.password);
    const { userId } = await this.links.consume(body.token, 'reset-password');
    const now = clock.now();
    const passwordHash = await hasher.hash(body.password);
    const [user] = await db
      .select({ emailVerifiedAt: users.emailVerifiedAt, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    await db
      .update(users)
      .set({
        passwordHash,
        passwordResetRequired: false,
        // Following the mailed link proved the address.
        emailVerifiedAt: user?.emailVerifiedAt ?? now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    // Whoever knew the old password must not keep a session; failures against the old one no longer lock the account.
    await sessions.revokeAllForUser(userId, 'password-reset');
    if (user) await new LoginLimits(this.s).passwordReset(user.email);
    await audit.record(request, { event: 'password.reset', userId, email: user?.email });
    return { data: null, msg: ACCOUNT_MESSAGES.passwordReset };
  }
}
