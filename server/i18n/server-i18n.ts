import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type i18n as I18n } from 'i18next';
import { localesFolder } from '../paths';
import { matchLanguage } from './accept-language';
import type { Message, MessageParams } from './message';
import { readServerTexts } from './server-texts';

/**
 * The namespaces the server reads: its own texts (server.json with the features' `<feature>.server.json`, see
 * ./server-texts.ts), and the portal's `core` for the shared validation messages.
 */
const NAMESPACES = ['server', 'core'] as const;
export const FALLBACK_LANGUAGE = 'en';

export interface ServerI18n {
  /** Every language with a locale folder, the fallback first. */
  readonly languages: readonly string[];
  /** The language to answer in: the first supported one of the Accept-Language header, else English. */
  languageOf(acceptLanguage: string | string[] | undefined): string;
  /** The supported language the header asks for, or undefined when it names none (nothing to remember). */
  requestedLanguage(acceptLanguage: string | string[] | undefined): string | undefined;
  /**
   * The message in that language. A string that is not a known key (a Fastify text, a message not yet given a
   * key) is returned unchanged rather than mangled.
   */
  t(message: Message | string, language: string, params?: MessageParams): string;
  /** Whether the string is a message key the server can translate. */
  isKey(value: string): boolean;
}

function readJson(file: string): Record<string, unknown> {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
}

/**
 * Loads the locale files the server uses (`<localesDir>/<lang>/server.json` with every `<feature>.server.json`,
 * and `core.json`) into an i18next instance of the server's own. The folder is a parameter because a bundled
 * server does not sit next to its sources.
 * @example
 * const i18n = createServerI18n();
 * i18n.t('login.invalidCredentials', i18n.languageOf('fr-CA,fr;q=0.9')); // 'Adresse e-mail ou mot de passe incorrect'
 */
export function createServerI18n(localesDir: string = localesFolder): ServerI18n {
  const found = readdirSync(localesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(localesDir, entry.name, 'server.json')))
    .map((entry) => entry.name);
  if (!found.includes(FALLBACK_LANGUAGE))
    throw new Error(`no ${FALLBACK_LANGUAGE}/server.json under ${localesDir}`);
  const languages = [FALLBACK_LANGUAGE, ...found.filter((language) => language !== FALLBACK_LANGUAGE).sort()];

  const resources = Object.fromEntries(
    languages.map((language) => [
      language,
      {
        server: readServerTexts(join(localesDir, language)),
        core: readJson(join(localesDir, language, 'core.json')),
      },
    ]),
  );
  const instance: I18n = i18next.createInstance();
  void instance.init({
    resources,
    lng: FALLBACK_LANGUAGE,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: languages,
    ns: [...NAMESPACES],
    defaultNS: 'server',
    // Mail templates escape what they put into HTML; JSON answers need no escaping.
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });

  const isKey = (value: string) => instance.exists(value, { lng: FALLBACK_LANGUAGE });
  return {
    languages,
    requestedLanguage: (header) => matchLanguage(header, languages),
    languageOf: (header) => matchLanguage(header, languages) ?? FALLBACK_LANGUAGE,
    isKey,
    t(message, language, extra) {
      const { key, params } = typeof message === 'string' ? { key: message, params: undefined } : message;
      if (!isKey(key)) return key;
      return instance.t(key, { ...params, ...extra, lng: language });
    },
  };
}

const loaded = new Map<string, ServerI18n>();

/** One instance per locale folder for the process (the files do not change while it runs). */
export function serverI18n(localesDir: string = localesFolder): ServerI18n {
  let i18n = loaded.get(localesDir);
  if (!i18n) {
    i18n = createServerI18n(localesDir);
    loaded.set(localesDir, i18n);
  }
  return i18n;
}
