import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The server's texts of one language: `server.json`, then each feature's `<feature>.server.json`, sorted by name. */
export const SERVER_TEXTS_FILE = 'server.json';
const FEATURE_FILE = /^[a-z0-9]+(-[a-z0-9]+)*\.server\.json$/;

type Texts = Record<string, unknown>;

function isTexts(value: unknown): value is Texts {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Adds `texts` into `into`, key by key. A text already given by another file is refused rather than overwritten:
 * two features must not silently fight over one message.
 */
function addTexts(into: Texts, texts: Texts, file: string, seen: Map<string, string>, prefix = ''): void {
  for (const [key, value] of Object.entries(texts)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const existing = into[key];
    if (isTexts(value) && (existing === undefined || isTexts(existing))) {
      const branch = (into[key] ??= {}) as Texts;
      addTexts(branch, value, file, seen, path);
      continue;
    }
    if (existing !== undefined)
      throw new Error(`'${path}' is given by both ${seen.get(path) ?? 'another file'} and ${file}`);
    into[key] = value;
    seen.set(path, file);
  }
}

/** The names of the files holding one language's server texts: server.json first, then the features' files. */
export function serverTextFiles(languageDir: string): string[] {
  const features = readdirSync(languageDir)
    .filter((file) => FEATURE_FILE.test(file))
    .sort();
  return [...(existsSync(join(languageDir, SERVER_TEXTS_FILE)) ? [SERVER_TEXTS_FILE] : []), ...features];
}

/**
 * One language's server namespace: server.json merged with every `<feature>.server.json` beside it, so a feature
 * keeps its answers and mails in its own file while every lookup stays `t('billing.cardAdded')`.
 * @example
 * readServerTexts('locales/fr'); // server.json + billing.server.json + …, one tree
 */
export function readServerTexts(languageDir: string): Texts {
  const merged: Texts = {};
  const seen = new Map<string, string>();
  for (const file of serverTextFiles(languageDir)) {
    const texts: unknown = JSON.parse(readFileSync(join(languageDir, file), 'utf8'));
    if (!isTexts(texts)) throw new Error(`${join(languageDir, file)} must hold an object of texts`);
    addTexts(merged, texts, file, seen);
  }
  return merged;
}
