import type { MailMessage } from '../../mail/mailer';
import { createMailComposer } from '../../mail/templates';
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
  const action = { label: i18n.t(texts.action, language), url };
  return createMailComposer(i18n)({ language, to: organization.owner.email, subject, paragraphs, action });
}

/** The owner's language for amounts and dates in a mail. */
export const ownerLanguage = (i18n: ServerI18n, organization: OrganizationInfo) =>
  organization.owner.language && i18n.languages.includes(organization.owner.language)
    ? organization.owner.language
    : 'en';
