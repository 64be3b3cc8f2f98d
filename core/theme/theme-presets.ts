import { parseThemePreset } from '../config/load-config';
import type { PortalConfig } from '../config/portal-config';
import { sanitizeThemeColors, type ThemeColors } from './theme-colors';

type PresetLoaders = Record<string, () => Promise<unknown>>;

// Each preset is its own small chunk, fetched only when configured; the schema file is not a preset.
const shippedPresets: PresetLoaders = import.meta.glob(['/themes/*.json', '!/themes/*.schema.json'], {
  import: 'default',
});

function presetName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
}

/** Names of the presets in `themes/`, sorted. */
export function themePresetNames(loaders: PresetLoaders = shippedPresets): string[] {
  return Object.keys(loaders).map(presetName).sort();
}

/**
 * Loads `themes/<name>.json`. A slot that is missing or not a hex colour takes the default's value.
 * An unknown name is a deployment mistake, so it fails loudly with the names that exist.
 * @example
 * const colors = await loadThemePreset('ocean');
 */
export async function loadThemePreset(
  name: string,
  loaders: PresetLoaders = shippedPresets,
): Promise<ThemeColors> {
  const path = Object.keys(loaders).find((candidate) => presetName(candidate) === name);
  if (!path) {
    throw new Error(
      `Unknown theme preset "${name}" (theme.preset). Available presets: ${themePresetNames(loaders).join(', ')}.`,
    );
  }
  // A broken preset is a deployment mistake: it stops the start with its path and reason, like the config.
  return parseThemePreset(await loaders[path]!(), name);
}

/**
 * The configured look: `theme.preset` with `theme.colors` laid over it, slot by slot.
 * @example
 * const theme = new ThemeStore(await loadConfiguredTheme(config.theme));
 */
export async function loadConfiguredTheme(
  theme: PortalConfig['theme'],
  loaders: PresetLoaders = shippedPresets,
): Promise<ThemeColors> {
  const preset = await loadThemePreset(theme.preset, loaders);
  return sanitizeThemeColors(theme.colors ?? {}, preset);
}
