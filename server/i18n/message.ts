import type coreLocale from '../../locales/en/core.json';
import type serverLocale from '../../locales/en/server.json';

/** "a.b.c" for every string leaf of a locale file, so a misspelt key is a type error, not an untranslated answer. */
type LeafKeys<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${LeafKeys<T[K]>}`;
}[keyof T & string];

/**
 * Each feature's server texts, `locales/en/<feature>.server.json`, merged into the server namespace at start-up
 * (./server-texts.ts). A feature's module adds its file here, so no shared list grows with the features:
 * @example
 * import type texts from '../../../locales/en/billing.server.json';
 * declare module '../../i18n/message' {
 *   interface FeatureServerTexts { billing: typeof texts }
 * }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging, one feature at a time
export interface FeatureServerTexts {}

/** A text of the server's own namespace (locales/<lang>/server.json and the features' `<feature>.server.json`). */
export type ServerMessageKey =
  | LeafKeys<typeof serverLocale>
  | { [F in keyof FeatureServerTexts]: LeafKeys<FeatureServerTexts[F]> }[keyof FeatureServerTexts];

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
