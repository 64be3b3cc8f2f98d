import type { i18n as I18n } from 'i18next';
import { token } from '../di/container';

/**
 * What services need from i18n: a lookup at the moment a message is shown, so a language change
 * applies to the next message. Keys carry their namespace (`core:http.tryAgain`).
 * @example
 * container.constant(Translator, i18nTranslator(i18n));
 * notifier.error(translator.t('core:http.tryAgain'));
 */
export interface Translator {
  t(key: string, options?: object): string;
  /** The language the user reads; the HTTP client sends it as Accept-Language so the server answers in it. */
  language(): string;
}
export const Translator = token<Translator>('core.translator');

/** Adapts the portal's i18next instance; its overloaded `t` is wider than services need. */
export function i18nTranslator(i18n: I18n): Translator {
  return {
    t: (key, options) => String(i18n.t(key, options as Record<string, unknown>)),
    language: () => i18n.resolvedLanguage ?? i18n.language,
  };
}
