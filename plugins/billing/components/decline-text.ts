import { CARD_DECLINE_CODES } from '@contract/v1/billing-test-cards';
import type { TFunction } from 'i18next';

const KNOWN_CODES: readonly string[] = Object.values(CARD_DECLINE_CODES);

/**
 * What a refused card or charge says: a provider decline by its code in the page's language (the server words the
 * same reasons, but the page may have switched language since); anything else as the server's message.
 */
export function refusalText(t: TFunction, error: { code?: string; message: string }): string {
  return error.code && KNOWN_CODES.includes(error.code) ? t(`decline.${error.code}`) : error.message;
}
