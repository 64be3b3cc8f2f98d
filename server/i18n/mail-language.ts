import type { FastifyRequest } from 'fastify';
import { replyLanguage } from './localise-replies';
import type { ServerI18n } from './server-i18n';

/**
 * The language of a mail: the one remembered on the recipient's account, else (a new address, an account from
 * before languages were remembered) the language of the request that caused the mail, e.g. the inviter's.
 * See docs/server-messages.md.
 */
export function mailLanguage(
  i18n: ServerI18n,
  recipientLanguage: string | null | undefined,
  request: FastifyRequest,
): string {
  if (recipientLanguage && i18n.languages.includes(recipientLanguage)) return recipientLanguage;
  return replyLanguage(i18n, request);
}

/** The language to remember on an account created by this request, or null when the request names none. */
export function requestedLanguage(i18n: ServerI18n, request: FastifyRequest): string | null {
  return i18n.requestedLanguage(request.headers['accept-language']) ?? null;
}
