import type { MailMessage } from '../../mail/mailer';
import { escapeHtml } from '../../mail/templates';
import type { ServerI18n } from '../../i18n/server-i18n';
import type { MessageKey } from '../../i18n/message';
import type { OrganizationInfo } from './billing-shared';

/** A billing mail to the organisation's owner, in their language (docs/billing.md, "Mail"). */
export function ownerMail(
  i18n: ServerI18n,
  organization: OrganizationInfo,
  texts: { subject: MessageKey; body: MessageKey; action: MessageKey },
  params: Record<string, string | number>,
  url: string,
): MailMessage {
  const language =
    organization.owner.language && i18n.languages.includes(organization.owner.language)
      ? organization.owner.language
      : 'en';
  const all = { organizationName: organization.name, ...params };
  const subject = i18n.t(texts.subject, language, all);
  const paragraphs = [
    i18n.t('mail.greeting', language, { firstName: organization.owner.firstName }),
    i18n.t(texts.body, language, all),
  ];
  const action = i18n.t(texts.action, language);
  const html = `<!doctype html><html lang="${escapeHtml(language)}"><body style="font-family:Poppins,Arial,sans-serif"><h2>${escapeHtml(subject)}</h2>${paragraphs
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('')}<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p></body></html>`;
  return {
    to: organization.owner.email,
    subject,
    text: [...paragraphs, `${action}: ${url}`].join('\n\n'),
    html,
  };
}

/** The owner's language for amounts and dates in a mail. */
export const ownerLanguage = (i18n: ServerI18n, organization: OrganizationInfo) =>
  organization.owner.language && i18n.languages.includes(organization.owner.language)
    ? organization.owner.language
    : 'en';
