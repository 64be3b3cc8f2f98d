import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { EmailChangeLinkData, EmailChangeRequestBody } from '../../../contract/v1/email-change';
import { EMAIL_CHANGE_LIMITS } from '../../../contract/v1/email-change-limits';
import { minutes } from '../../clock';
import { badRequest, tooManyRequests } from '../../http/errors';
import { mailLanguage } from '../../i18n/mail-language';
import type { MessageKey } from '../../i18n/message';
import { mailTemplates } from '../../mail/templates';
import { newId } from '../../security/random';
import type { Services } from '../../services';
import { ActionTokens, LINK_EXPIRED_MESSAGE } from '../auth/action-tokens';
import type { AuthContext } from '../sessions/session-service';
import { users } from '../users/schema';
import { findUserByEmail, findUserById, normaliseEmail } from '../users/user-queries';
import { addressReserved } from './email-change-queries';
import { emailChanges } from './schema';

export const EMAIL_CHANGE_MESSAGES = {
  requested: 'emailChange.requested',
  sameAddress: 'emailChange.sameAddress',
  confirmed: 'emailChange.confirmed',
  undone: 'emailChange.undone',
  addressTaken: 'emailChange.addressTaken',
  tooManyMails: 'account.tooManyMails',
  linkExpired: LINK_EXPIRED_MESSAGE,
} satisfies Record<string, MessageKey>;

const CONFIRM_TTL_MS = minutes(EMAIL_CHANGE_LIMITS.confirmLinkValidMinutes);
const UNDO_TTL_MS = minutes(EMAIL_CHANGE_LIMITS.undoLinkValidDays * 24 * 60);

/** The shared services EmailChangeService uses. */
export type EmailChangeServiceNeeds = Pick<
  Services,
  'audit' | 'clock' | 'config' | 'db' | 'i18n' | 'links' | 'mailer' | 'recentAuth' | 'sessions' | 'throttle'
>;

const isUniqueViolation = (error: unknown) =>
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/**
 * Changing the login address (docs/account-settings.md#changing-the-email-address): asked for after recent
 * authentication, made when the link mailed to the new address is opened, undone from the link mailed to the old
 * one. The request answers the same whether or not the new address is free, so it tells nobody who has an account.
 */
export class EmailChangeService {
  private readonly tokens: ActionTokens;

  constructor(private readonly s: EmailChangeServiceNeeds) {
    this.tokens = new ActionTokens(s.db, s.clock);
  }

  async request(
    auth: AuthContext,
    body: EmailChangeRequestBody,
    request: FastifyRequest,
  ): Promise<{ data: { newEmail: string }; msg: string }> {
    await this.s.recentAuth.require(auth);
    const user = await findUserById(this.s.db, auth.userId);
    if (!user) throw badRequest(EMAIL_CHANGE_MESSAGES.linkExpired, 'LINK_EXPIRED');
    const newEmail = normaliseEmail(body.newEmail);
    if (newEmail === user.email) throw badRequest(EMAIL_CHANGE_MESSAGES.sameAddress, 'EMAIL_UNCHANGED');
    await this.throttle(user.id, newEmail, request);
    await this.s.audit.record(request, {
      event: 'email-change.requested',
      userId: user.id,
      email: user.email,
      details: { newEmail },
    });
    const language = mailLanguage(this.s.i18n, user.language, request);
    const endOtherSessions = body.endOtherSessions === true;
    // Nothing before the answer looks the new address up: free or taken, the answer and its timing are the same.
    this.s.mailer.later(async () => {
      if (await this.taken(newEmail, user.id)) return this.noticeTaken(newEmail, request);
      const { id: linkId, token } = await this.tokens.issue(user.id, 'change-email', CONFIRM_TTL_MS);
      await this.s.db.insert(emailChanges).values({
        id: newId(),
        userId: user.id,
        oldEmail: user.email,
        newEmail,
        linkId,
        endOtherSessions,
        requestedBy: auth.familyId,
        createdAt: this.s.clock.now(),
      });
      await this.s.mailer.send(
        mailTemplates.emailChangeConfirm(
          newEmail,
          user.firstName,
          this.s.links.emailChange(token),
          EMAIL_CHANGE_LIMITS.confirmLinkValidMinutes,
          language,
        ),
      );
    }, 'email-change');
    return { data: { newEmail }, msg: EMAIL_CHANGE_MESSAGES.requested };
  }

  /** The link from the new address: it becomes the login address; the old one is told, with an undo link. */
  async confirm(
    body: { token: string },
    request: FastifyRequest,
  ): Promise<{ data: EmailChangeLinkData; msg: string }> {
    const { db, clock } = this.s;
    const link = await this.tokens.consume(body.token, 'change-email');
    const [change] = await db.select().from(emailChanges).where(eq(emailChanges.linkId, link.id));
    const user = await findUserById(db, link.userId);
    // The account changed address since the request, or was disabled: this link no longer describes a change.
    if (!change || !user || user.disabled || user.email !== change.oldEmail)
      throw badRequest(EMAIL_CHANGE_MESSAGES.linkExpired, 'LINK_EXPIRED');
    const now = clock.now();
    // Whoever opened the link holds the new mailbox: telling them the address is taken reveals nothing new to them.
    if (await addressReserved(db, change.newEmail, now, user.id)) throw this.addressTaken();
    try {
      await db
        .update(users)
        .set({ email: change.newEmail, emailVerifiedAt: now, updatedAt: now })
        .where(and(eq(users.id, user.id), eq(users.email, change.oldEmail)));
    } catch (error) {
      if (isUniqueViolation(error)) throw this.addressTaken();
      throw error;
    }
    const undo = await this.tokens.issue(user.id, 'undo-email-change', UNDO_TTL_MS, { keepOlder: true });
    await db
      .update(emailChanges)
      .set({ confirmedAt: now, undoLinkId: undo.id })
      .where(eq(emailChanges.id, change.id));
    if (change.endOtherSessions && change.requestedBy)
      await this.s.sessions.revokeOthersForUser(user.id, change.requestedBy, 'email-changed');
    await this.s.audit.record(request, {
      event: 'email-change.confirmed',
      userId: user.id,
      email: change.newEmail,
      details: {
        oldEmail: change.oldEmail,
        newEmail: change.newEmail,
        otherSessionsEnded: change.endOtherSessions,
      },
    });
    this.s.mailer.sendLater(
      mailTemplates.emailChanged(
        change.oldEmail,
        user.firstName,
        change.newEmail,
        this.s.links.emailChangeUndo(undo.token),
        EMAIL_CHANGE_LIMITS.undoLinkValidDays,
        mailLanguage(this.s.i18n, user.language, request),
      ),
    );
    return { data: { email: change.newEmail }, msg: EMAIL_CHANGE_MESSAGES.confirmed };
  }

  /**
   * The link from the old address, for an owner whose account was taken over: the old address comes back, every
   * session ends (the thief's too), and every other open change or undo link of the account stops working, so the
   * thief cannot move the address again with a link they hold.
   */
  async undo(
    body: { token: string },
    request: FastifyRequest,
  ): Promise<{ data: EmailChangeLinkData; msg: string }> {
    const { db, clock } = this.s;
    const link = await this.tokens.consume(body.token, 'undo-email-change');
    const [change] = await db.select().from(emailChanges).where(eq(emailChanges.undoLinkId, link.id));
    const user = await findUserById(db, link.userId);
    if (!change || !user) throw badRequest(EMAIL_CHANGE_MESSAGES.linkExpired, 'LINK_EXPIRED');
    const now = clock.now();
    if (user.email !== change.oldEmail) {
      try {
        await db
          .update(users)
          .set({ email: change.oldEmail, emailVerifiedAt: now, updatedAt: now })
          .where(eq(users.id, user.id));
      } catch (error) {
        // The address was reserved for this undo (addressReserved); only a change made before this code could hit it.
        if (isUniqueViolation(error)) throw this.addressTaken();
        throw error;
      }
    }
    await this.tokens.retire(user.id, 'change-email');
    await this.tokens.retire(user.id, 'undo-email-change');
    await this.s.sessions.revokeAllForUser(user.id, 'email-change-undone');
    await this.s.audit.record(request, {
      event: 'email-change.undone',
      userId: user.id,
      email: change.oldEmail,
      details: { email: change.oldEmail, fromEmail: user.email },
    });
    return { data: { email: change.oldEmail }, msg: EMAIL_CHANGE_MESSAGES.undone };
  }

  /** An address another account uses, or one held for another account's undo link. */
  private async taken(email: string, userId: string): Promise<boolean> {
    const owner = await findUserByEmail(this.s.db, email);
    if (owner && owner.id !== userId) return true;
    return addressReserved(this.s.db, email, this.s.clock.now(), userId);
  }

  /**
   * The owner of a taken address hears that someone tried to move an account to it (at most once per mail window,
   * like sign-up's note), and is not told whose account it was. An address only held for an undo gets nothing.
   */
  private async noticeTaken(email: string, request: FastifyRequest): Promise<void> {
    const owner = await findUserByEmail(this.s.db, email);
    if (!owner) return;
    const windowMs = this.s.config.mailThrottle.windowSeconds * 1000;
    if (!(await this.s.throttle.take('email-change-taken-mail', email, { limit: 1, windowMs })).ok) return;
    await this.s.mailer.send(
      mailTemplates.emailChangeTaken(
        email,
        owner.firstName,
        this.s.links.login(),
        mailLanguage(this.s.i18n, owner.language, request),
      ),
    );
  }

  /**
   * Per account, per new address and per client address, like the other requests that send mail
   * (MAIL_MAX_PER_EMAIL, MAIL_MAX_PER_IP in MAIL_THROTTLE_WINDOW): a signed-in user cannot flood an inbox.
   */
  private async throttle(userId: string, newEmail: string, request: FastifyRequest): Promise<void> {
    const { maxPerEmail, maxPerIp, windowSeconds } = this.s.config.mailThrottle;
    const windowMs = windowSeconds * 1000;
    const taken = await this.s.throttle.takeAll([
      { bucket: 'email-change-user', key: userId, limit: { limit: maxPerEmail, windowMs } },
      { bucket: 'email-change-email', key: newEmail, limit: { limit: maxPerEmail, windowMs } },
      { bucket: 'email-change-ip', key: request.ip, limit: { limit: maxPerIp, windowMs } },
    ]);
    if (!taken.ok)
      throw tooManyRequests(EMAIL_CHANGE_MESSAGES.tooManyMails, taken.retryAfterSeconds, 'MAIL_THROTTLED');
  }

  private addressTaken() {
    return badRequest(EMAIL_CHANGE_MESSAGES.addressTaken, 'EMAIL_TAKEN');
  }
}
