import { FALLBACK_LANGUAGE, serverI18n, type ServerI18n } from '../i18n/server-i18n';
import type { MailMessage } from './mailer';
import { MEMBER_LIMITS } from '../../contract/v1/constants';
import { portalConfigFileOf } from '../paths';
import { deploymentLookFromFile, PRODUCT_LOOK, type DeploymentLook } from '../web/deployment-look';

/** The deployment's look as its config file says now (PORTAL_CONFIG, else the top-level portal.config.json). */
export const deploymentLook = deploymentLookFromFile(portalConfigFileOf(process.env));

/** Names are user input: everything interpolated into HTML is escaped. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** Right-to-left languages: the mail client lays the message out from the right (Arabic ships in locales/ar). */
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur']);
function rtlAttribute(language: string): string {
  return RTL_LANGUAGES.has(language.split('-')[0]!.toLowerCase()) ? ' dir="rtl"' : '';
}

interface Action {
  label: string;
  url: string;
}

/**
 * An organisation's brand on the mails its people receive (docs/branding.md): its logo (an absolute, public URL)
 * and primary colour, each null for the product's. server/modules/branding/branding-queries.ts `mailBrandOf`.
 */
export interface MailBrand {
  /** The organisation's name, the logo's alternative text. */
  name: string;
  logoUrl: string | null;
  primaryColor: string | null;
}

const DARK_TEXT = '#1b2233';

/** Relative luminance of `#RRGGBB` (WCAG 2.x). */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/**
 * A coloured band's colours: `colour` (its opacity dropped: mail clients ignore it) with white or dark text,
 * whichever contrasts more, so a light brand colour still reads. `fallback` when `colour` is not `#RRGGBB…`.
 */
function bandColours(colour: string | null | undefined, fallback: string): { background: string; color: string } {
  // Written in lower case, one spelling whatever the config or the branding form used.
  const background = (/^#[0-9a-fA-F]{6}/.test(colour ?? '') ? colour! : fallback).slice(0, 7).toLowerCase();
  const l = luminance(background);
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / (luminance(DARK_TEXT) + 0.05);
  return { background, color: onWhite >= onDark ? '#ffffff' : DARK_TEXT.toLowerCase() };
}

/** One mail as a caller describes it: the texts are already in `language`. */
export interface MailContent {
  language: string;
  to: string;
  subject: string;
  paragraphs: string[];
  action?: Action;
  /** The organisation the mail is about, when it has branding (its logo and button colour win). */
  brand?: MailBrand;
}

/**
 * Writes every mail of the server (these templates, billing's and identity verification's) in the deployment's
 * look (portal.config.json `brandName`, `logoUrl` and theme, server/web/deployment-look.ts): a header band in
 * its primary colour with its logo or name, its colour on the button, and a signature naming the product. An
 * organisation's own branding goes on top where the mail concerns it (docs/branding.md).
 * @example
 * const compose = createMailComposer(i18n);
 * mailer.send(compose({ language: 'fr', to, subject, paragraphs, action: { label, url } }));
 */
export function createMailComposer(i18n: ServerI18n, look: () => DeploymentLook = deploymentLook) {
  return ({ language, to, subject, paragraphs, action, brand }: MailContent): MailMessage => {
    const product = look();
    const signature = i18n.t('mail.signature', language, { product: product.brandName });
    const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), signature].join(
      '\n\n',
    );
    const header = bandColours(product.colors.primary, PRODUCT_LOOK.colors.primary);
    const button = bandColours(brand?.primaryColor, header.background);
    // A mail is read away from the portal: only an absolute logo URL can show there.
    const masthead = product.logoUrl?.startsWith('https://')
      ? `<img src="${escapeHtml(product.logoUrl)}" alt="${escapeHtml(product.brandName)}" style="max-height:40px;max-width:200px">`
      : `<strong style="font-size:18px">${escapeHtml(product.brandName)}</strong>`;
    const organisationLogo = brand?.logoUrl
      ? `<p><img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.name)}" style="max-height:48px;max-width:200px"></p>`
      : '';
    const actionHtml = action
      ? `<p><a href="${escapeHtml(action.url)}" style="background:${button.background};color:${button.color};padding:10px 18px;border-radius:4px;text-decoration:none">${escapeHtml(action.label)}</a></p><p dir="ltr" style="font-size:12px;color:#595959">${escapeHtml(action.url)}</p>`
      : '';
    const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
    const html =
      `<!doctype html><html lang="${escapeHtml(language)}"${rtlAttribute(language)}>` +
      `<body style="margin:0;font-family:Poppins,Arial,sans-serif;color:${product.colors.textPrimary.slice(0, 7)}">` +
      `<div style="background:${header.background};color:${header.color};padding:16px 24px">${masthead}</div>` +
      `<div style="padding:8px 24px 24px">${organisationLogo}<h2>${escapeHtml(subject)}</h2>${body}${actionHtml}` +
      `<p style="font-size:12px;color:#595959">${escapeHtml(signature)}</p></div></body></html>`;
    return { to, subject, text, html };
  };
}

/**
 * Mail and SMS texts in the recipient's language, from `mail.*` and `sms.*` of locales/<lang>/server.json.
 * Which language a mail goes out in is decided by the caller (docs/server-messages.md).
 * @example
 * mailer.sendLater(mailTemplates.verifyEmail(user.email, user.firstName, link, 'fr'));
 */
export function createMailTemplates(i18n: ServerI18n, look: () => DeploymentLook = deploymentLook) {
  const compose = createMailComposer(i18n, look);
  const message = (
    language: string,
    to: string,
    subject: string,
    paragraphs: string[],
    action?: Action,
    brand?: MailBrand,
  ) => compose({ language, to, subject, paragraphs, action, brand });
  return {
    verifyEmail: (to: string, firstName: string, url: string, language = FALLBACK_LANGUAGE) =>
      message(
        language,
        to,
        i18n.t('mail.verifyEmail.subject', language),
        [i18n.t('mail.greeting', language, { firstName }), i18n.t('mail.verifyEmail.body', language)],
        {
          label: i18n.t('mail.verifyEmail.action', language),
          url,
        },
      ),
    alreadyRegistered: (
      to: string,
      firstName: string,
      loginUrl: string,
      resetUrl: string,
      language = FALLBACK_LANGUAGE,
    ) =>
      message(language, to, i18n.t('mail.alreadyRegistered.subject', language), [
        i18n.t('mail.greeting', language, { firstName }),
        i18n.t('mail.alreadyRegistered.body', language),
        i18n.t('mail.alreadyRegistered.login', language, { url: loginUrl }),
        i18n.t('mail.alreadyRegistered.reset', language, { url: resetUrl }),
      ]),
    resetPassword: (to: string, firstName: string, url: string, language = FALLBACK_LANGUAGE) =>
      message(
        language,
        to,
        i18n.t('mail.resetPassword.subject', language),
        [i18n.t('mail.greeting', language, { firstName }), i18n.t('mail.resetPassword.body', language)],
        {
          label: i18n.t('mail.resetPassword.action', language),
          url,
        },
      ),
    invitation: (
      to: string,
      organizationName: string,
      inviterName: string,
      url: string,
      language = FALLBACK_LANGUAGE,
      brand?: MailBrand,
    ) =>
      message(
        language,
        to,
        i18n.t('mail.invitation.subject', language, { organizationName }),
        [
          i18n.t('mail.invitation.body', language, { inviterName, organizationName }),
          i18n.t('mail.invitationExpiry', language, { days: MEMBER_LIMITS.invitationValidDays }),
        ],
        { label: i18n.t('mail.invitation.action', language), url },
        brand,
      ),
    /** The weekly members summary to an organisation's owners and admins (docs/access-control.md, Scheduled jobs). */
    membersDigest: (
      to: string,
      firstName: string,
      digest: { organizationName: string; members: number; pending: number; joined: number; expired: number },
      url: string,
      language = FALLBACK_LANGUAGE,
      brand?: MailBrand,
    ) =>
      message(
        language,
        to,
        i18n.t('mail.membersDigest.subject', language, { organizationName: digest.organizationName }),
        [
          i18n.t('mail.greeting', language, { firstName }),
          i18n.t('mail.membersDigest.body', language, {
            organizationName: digest.organizationName,
            members: digest.members,
            pending: digest.pending,
          }),
          i18n.t('mail.membersDigest.joined', language, { count: digest.joined }),
          i18n.t('mail.membersDigest.expired', language, { count: digest.expired }),
        ],
        { label: i18n.t('mail.membersDigest.action', language), url },
        brand,
      ),
    /** To the new address of an email change: the link that makes it the login address. */
    emailChangeConfirm: (
      to: string,
      firstName: string,
      url: string,
      minutes: number,
      language = FALLBACK_LANGUAGE,
    ) =>
      message(
        language,
        to,
        i18n.t('mail.emailChangeConfirm.subject', language),
        [
          i18n.t('mail.greeting', language, { firstName }),
          i18n.t('mail.emailChangeConfirm.body', language, { minutes }),
          i18n.t('mail.emailChangeConfirm.notYou', language),
        ],
        { label: i18n.t('mail.emailChangeConfirm.action', language), url },
      ),
    /** To the old address once an email change is made: what it changed to, and how to undo it. */
    emailChanged: (
      to: string,
      firstName: string,
      newEmail: string,
      undoUrl: string,
      days: number,
      language = FALLBACK_LANGUAGE,
    ) =>
      message(
        language,
        to,
        i18n.t('mail.emailChanged.subject', language),
        [
          i18n.t('mail.greeting', language, { firstName }),
          i18n.t('mail.emailChanged.body', language, { newEmail }),
          i18n.t('mail.emailChanged.undo', language, { days }),
        ],
        { label: i18n.t('mail.emailChanged.action', language), url: undoUrl },
      ),
    /** To an address that already has an account when someone asks to move another account to it. */
    emailChangeTaken: (to: string, firstName: string, loginUrl: string, language = FALLBACK_LANGUAGE) =>
      message(language, to, i18n.t('mail.emailChangeTaken.subject', language), [
        i18n.t('mail.greeting', language, { firstName }),
        i18n.t('mail.emailChangeTaken.body', language),
        i18n.t('mail.emailChangeTaken.login', language, { url: loginUrl }),
      ]),
    /** To the new owner of an organisation (PATCH /v1/organization/ownership, docs/access-control.md). */
    ownershipReceived: (
      to: string,
      firstName: string,
      organizationName: string,
      previousOwnerName: string,
      language = FALLBACK_LANGUAGE,
      brand?: MailBrand,
    ) =>
      message(
        language,
        to,
        i18n.t('mail.ownershipReceived.subject', language, { organizationName }),
        [
          i18n.t('mail.greeting', language, { firstName }),
          i18n.t('mail.ownershipReceived.body', language, { organizationName, previousOwnerName }),
        ],
        undefined,
        brand,
      ),
    /** To the owner who handed the organisation over (now an admin of it). */
    ownershipHandedOver: (
      to: string,
      firstName: string,
      organizationName: string,
      newOwnerName: string,
      language = FALLBACK_LANGUAGE,
      brand?: MailBrand,
    ) =>
      message(
        language,
        to,
        i18n.t('mail.ownershipHandedOver.subject', language, { organizationName }),
        [
          i18n.t('mail.greeting', language, { firstName }),
          i18n.t('mail.ownershipHandedOver.body', language, { organizationName, newOwnerName }),
        ],
        undefined,
        brand,
      ),
    loginCode: (to: string, firstName: string, code: string, language = FALLBACK_LANGUAGE) =>
      message(language, to, i18n.t('mail.loginCode.subject', language), [
        i18n.t('mail.greeting', language, { firstName }),
        i18n.t('mail.loginCode.body', language, { code }),
      ]),
    /** To an account whose second step locked after wrong codes (server/modules/auth/login-limits.ts). */
    secondFactorLocked: (lock: {
      to: string;
      firstName: string;
      attempts: number;
      minutes: number;
      resetUrl: string;
      language?: string;
    }) => {
      const language = lock.language ?? FALLBACK_LANGUAGE;
      return message(
        language,
        lock.to,
        i18n.t('mail.secondFactorLocked.subject', language),
        [
          i18n.t('mail.greeting', language, { firstName: lock.firstName }),
          i18n.t('mail.secondFactorLocked.body', language, {
            attempts: lock.attempts,
            minutes: lock.minutes,
          }),
          i18n.t('mail.secondFactorLocked.advice', language),
        ],
        { label: i18n.t('mail.secondFactorLocked.action', language), url: lock.resetUrl },
      );
    },
    /**
     * A sensitive change of the account (docs/two-factor.md#recent-authentication), to the account's own address:
     * what changed, when (UTC), and what to do when it was not the user.
     */
    securityNotice: (notice: {
      to: string;
      firstName: string;
      change: SecurityChange;
      /** Values the change's sentence names (how many recovery codes are left). */
      changeParams?: Record<string, string | number>;
      at: Date;
      resetUrl: string;
      language?: string;
    }) => {
      const language = notice.language ?? FALLBACK_LANGUAGE;
      const time = `${notice.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
      return message(
        language,
        notice.to,
        i18n.t('mail.securityNotice.subject', language),
        [
          i18n.t('mail.greeting', language, { firstName: notice.firstName }),
          i18n.t(`mail.securityNotice.changes.${notice.change}`, language, notice.changeParams),
          i18n.t('mail.securityNotice.when', language, { time }),
          i18n.t('mail.securityNotice.notYou', language),
        ],
        { label: i18n.t('mail.securityNotice.action', language), url: notice.resetUrl },
      );
    },
  };
}

/** The sensitive changes a security notice names (`mail.securityNotice.changes.*`). */
export type SecurityChange =
  | 'twoFactorDisabled'
  | 'authenticatorAdded'
  | 'authenticatorRemoved'
  | 'mobileAdded'
  | 'mobileRemoved'
  | 'passkeyAdded'
  | 'passkeyRemoved'
  | 'recoveryCodesGenerated'
  | 'recoveryCodeUsed'
  | 'recoveryEmailChanged'
  | 'phoneChanged'
  | 'passwordChanged';

export type MailTemplates = ReturnType<typeof createMailTemplates>;

export function createSmsTemplates(i18n: ServerI18n) {
  return {
    loginCode: (code: string, language = FALLBACK_LANGUAGE) => i18n.t('sms.loginCode', language, { code }),
    phoneSetupCode: (code: string, language = FALLBACK_LANGUAGE) =>
      i18n.t('sms.phoneSetupCode', language, { code }),
  };
}

/** Templates over the shipped locale files (`localesFolder` in server/paths.ts). */
export const mailTemplates = createMailTemplates(serverI18n());
export const smsTemplates = createSmsTemplates(serverI18n());
