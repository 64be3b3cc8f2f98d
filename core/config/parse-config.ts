import { validateConfig } from 'virtual:portal-config-validator';
import { BootError } from '../plugin/plugin-host';
import { withoutInvalidThemeColors } from '../theme/theme-colors';
import type { PortalConfig } from './portal-config';
import { formatSchemaErrors } from '@contract/portal-config/schema-errors';
import { describeJsonError, parseJsonText } from '@contract/portal-config/json-text';
import { languageProblems } from '@contract/portal-config/language-rules';

/** The file's text as JSON; a config BootError naming the line and column where it is not. */
export function parseConfigText(text: string, name: string): unknown {
  const parsed = parseJsonText(text);
  if (!parsed.ok) throw new BootError([describeJsonError(name, parsed)], 'config');
  return parsed.value;
}

/** Validates a parsed `portal.config.json` and fills in every default. Throws a config {@link BootError}. */
export function parseConfig(raw: unknown): PortalConfig {
  // An invalid theme colour falls back to the preset with a warning instead of stopping the portal (docs/theming.md).
  const copy = withoutInvalidThemeColors(structuredClone(raw));
  if (!validateConfig(copy)) throw new BootError(formatSchemaErrors(validateConfig.errors, copy), 'config');
  const problems = languageProblems(copy as PortalConfig);
  if (problems.length > 0) throw new BootError(problems, 'config');
  return copy as PortalConfig;
}
