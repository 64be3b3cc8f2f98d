import type coreLocale from '../../locales/en/core.json';
import type serverLocale from '../../locales/en/server.json';

/** "a.b.c" for every string leaf of a locale file, so a misspelt key is a type error, not an untranslated answer. */
type LeafKeys<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${LeafKeys<T[K]>}`;
}[keyof T & string];

/** A text of the server's own namespace (locales/<lang>/server.json). */
export type ServerMessageKey = LeafKeys<typeof serverLocale>;

/** A validation text the portal's forms show too (locales/<lang>/core.json, `validation.*`): reused, never copied. */
export type ValidationMessageKey = `core:validation.${LeafKeys<(typeof coreLocale)['validation']>}`;

export type MessageKey = ServerMessageKey | ValidationMessageKey;

export type MessageParams = Record<string, string | number>;

/** A text the server sends, translated into the request's language when the answer is written. */
export type Message = MessageKey | { key: MessageKey; params: MessageParams };

/**
 * A message whose text needs values.
 * @example
 * throw tooManyRequests(message('codes.wait', { seconds: 30 }), 30, 'OTP_RESEND_TOO_SOON');
 */
export function message(key: MessageKey, params: MessageParams): Message {
  return { key, params };
}
