import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { describeJsonError, parseJsonText } from '../../contract/portal-config/json-text';
import { languageProblems } from '../../contract/portal-config/language-rules';
import { formatSchemaErrors } from '../../contract/portal-config/schema-errors';
import { withoutInvalidThemeColors } from '../../contract/portal-config/theme-colour-rules';
import { enabledPluginsOf } from '../simulations';

/** The pseudo-locale has no files: its texts are the English ones, transformed in the browser (docs/translating.md). */
const COMPUTED_LANGUAGES: ReadonlySet<string> = new Set(['en-XA']);

export interface ConfigReport {
  /** What breaks a page: a config the portal refuses, raw keys instead of texts. */
  errors: string[];
  /** What the portal works around (an invalid colour dropped, an unreadable one replaced). */
  warnings: string[];
  /** The config as parsed, with the schema's defaults filled in; null when it is not valid JSON. */
  config: Record<string, unknown> | null;
}

interface CheckedConfig {
  i18n?: { languages?: string[]; defaultLanguage?: string };
}

/**
 * Every check of a deployment's `portal.config.json` that can be made before a browser opens it: JSON syntax (with
 * line and column), the composed schema (core's and each plugin's settings), the language rules, and the locale
 * files each listed language needs. `name` prefixes each line (a file path); problems name their JSON path. Shared
 * by the server's log (portal-config-monitor.ts) and `npm run check-config` (scripts/check-config.ts).
 */
export function checkPortalConfig(
  text: string,
  { name, validate, localesDirs }: { name: string; validate: ValidateFunction; localesDirs: readonly string[] },
): ConfigReport {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return { errors: [describeJsonError(name, parsed)], warnings: [], config: null };
  const warnings: string[] = [];
  const config = withoutInvalidThemeColors(structuredClone(parsed.value), (warning) =>
    warnings.push(warning.replace(/^portal\.config\.json /, `${name} `)),
  ) as Record<string, unknown>;
  if (!validate(config))
    return { errors: formatSchemaErrors(validate.errors, config).map((line) => `${name} ${line}`), warnings, config };
  const errors = [
    ...languageProblems(config as CheckedConfig),
    ...localeFileProblems(config as CheckedConfig, localesDirs),
    // A JSON path is the config's; a locale file's problem names that file.
  ].map((line) => (line.startsWith('/i18n/') ? `${name} ${line}` : line));
  return { errors, warnings, config };
}

/**
 * Each listed language needs `core.json` and the namespace of every enabled plugin that has texts (one whose
 * `<id>.json` exists in some language): without it the portal shows English at best, raw keys at worst. A locale
 * file that is not a JSON object breaks its whole namespace.
 */
export function localeFileProblems(config: CheckedConfig, localesDirs: readonly string[]): string[] {
  const languages = config.i18n?.languages ?? [];
  const existing = (language: string, namespace: string) =>
    localesDirs.map((dir) => join(dir, language, `${namespace}.json`)).find((file) => existsSync(file));
  const withTexts = new Set(
    localesDirs.flatMap((dir) =>
      listDirectory(dir).flatMap((language) =>
        listDirectory(join(dir, language))
          .filter((file) => file.endsWith('.json'))
          .map((file) => file.slice(0, -'.json'.length)),
      ),
    ),
  );
  const namespaces = ['core', ...[...enabledPluginsOf(config)].filter((id) => withTexts.has(id))];
  const problems: string[] = [];
  languages.forEach((language, index) => {
    if (COMPUTED_LANGUAGES.has(language)) return;
    const missing = namespaces.filter((namespace) => !existing(language, namespace));
    if (missing.length === namespaces.length)
      problems.push(`/i18n/languages/${index}: "${language}" has no locale files (${localesDirs[0]}/${language}/)`);
    else if (missing.length > 0)
      problems.push(
        `/i18n/languages/${index}: "${language}" has no ${missing.map((ns) => `${ns}.json`).join(', ')} for ${missing.map((ns) => (ns === 'core' ? 'the portal itself' : `the enabled plugin "${ns}"`)).join(', ')}`,
      );
    for (const namespace of namespaces) {
      const file = existing(language, namespace);
      if (!file) continue;
      const parsed = parseJsonText(readFileSync(file, 'utf8'));
      if (!parsed.ok) problems.push(describeJsonError(file, parsed));
      else if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value))
        problems.push(`${file}: must hold a JSON object of texts`);
    }
  });
  return problems;
}

function listDirectory(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
