import { validateConfig } from 'virtual:portal-config-validator';
import { BootError } from '../plugin/plugin-host';
import { withoutInvalidThemeColors } from '../theme/theme-colors';
import type { PortalConfig } from './portal-config';
import { formatSchemaErrors } from '@contract/portal-config/schema-errors';

/** Validates a parsed `portal.config.json` and fills in every default. Throws a config {@link BootError}. */
export function parseConfig(raw: unknown): PortalConfig {
  // An invalid theme colour falls back to the preset with a warning instead of stopping the portal (docs/theming.md).
  const copy = withoutInvalidThemeColors(structuredClone(raw));
  if (!validateConfig(copy)) throw new BootError(formatSchemaErrors(validateConfig.errors, copy), 'config');
  return copy as PortalConfig;
}
