import type { FastifyRequest } from 'fastify';
import { mailLanguage } from '../i18n/mail-language';
import type { Services } from '../services';
import { mailTemplates, type SecurityChange } from './templates';

export type { SecurityChange };

/** Whom a notice goes to: always the account's own address, never a just-changed recovery address. */
export interface NoticeRecipient {
  email: string;
  firstName: string;
  language: string | null;
}

/** The shared services a {@link SecurityNotices} uses. */
export type SecurityNoticesNeeds = Pick<Services, 'clock' | 'i18n' | 'links' | 'mailer'>;

/**
 * Mails the account a notice of each sensitive change (docs/two-factor.md#recent-authentication): whoever holds a
 * stolen session and a fresh password proof still cannot change the second factor, recovery address, phone or
 * password unnoticed. Sent after the answer, so a mail server that is down never undoes or fails the change.
 * @example
 * notices.send(user, 'twoFactorDisabled', request);
 */
export class SecurityNotices {
  constructor(private readonly s: SecurityNoticesNeeds) {}

  send(
    user: NoticeRecipient,
    change: SecurityChange,
    request: FastifyRequest,
    changeParams?: Record<string, string | number>,
  ): void {
    const language = mailLanguage(this.s.i18n, user.language, request);
    this.s.mailer.sendLater(
      mailTemplates.securityNotice({
        to: user.email,
        firstName: user.firstName,
        change,
        changeParams,
        at: this.s.clock.now(),
        resetUrl: this.s.links.forgotPassword(),
        language,
      }),
    );
  }
}
