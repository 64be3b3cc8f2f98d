import type { ServerI18n } from '../../i18n/server-i18n';
import type { MailMessage } from '../../mail/mailer';
import { createMailComposer } from '../../mail/templates';

/** `2030-01-22 09:00 UTC`: one unambiguous form in every language. */
const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The mails of "Your data and leaving" (`mail.dataExportReady`, `mail.accountDeleted` of
 * locales/<lang>/server.json), in the deployment's look. The ready mail links to the page where the signed-in user
 * downloads the copy: the link carries no credential.
 */
export function accountDataMails(i18n: ServerI18n) {
  const compose = createMailComposer(i18n);
  return {
    exportReady: (mail: {
      to: string;
      firstName: string;
      url: string;
      expiresAt: Date;
      language: string;
    }): MailMessage =>
      compose({
        language: mail.language,
        to: mail.to,
        subject: i18n.t('mail.dataExportReady.subject', mail.language),
        paragraphs: [
          i18n.t('mail.greeting', mail.language, { firstName: mail.firstName }),
          i18n.t('mail.dataExportReady.body', mail.language, { time: utc(mail.expiresAt) }),
          i18n.t('mail.dataExportReady.notYou', mail.language),
        ],
        action: { label: i18n.t('mail.dataExportReady.action', mail.language), url: mail.url },
      }),
    accountDeleted: (mail: { to: string; firstName: string; language: string }): MailMessage =>
      compose({
        language: mail.language,
        to: mail.to,
        subject: i18n.t('mail.accountDeleted.subject', mail.language),
        paragraphs: [
          i18n.t('mail.greeting', mail.language, { firstName: mail.firstName }),
          i18n.t('mail.accountDeleted.body', mail.language),
          i18n.t('mail.accountDeleted.kept', mail.language),
        ],
      }),
  };
}
