/**
 * The colour rules of `portal.config.json`'s theme, shared by the browser (core/theme/theme-colors.ts) and the API
 * server, which validates the config before putting it into index.html (server/web/portal-document.ts).
 */

/** The five colour slots, in the order presets list them. */
export const THEME_COLOR_SLOTS = [
  'primary',
  'primaryContrast',
  'secondary',
  'secondaryContrast',
  'textPrimary',
] as const;

// Same rule as `$defs.hexColor` in portal-config.schema.json and `definitions.hexColor` in themes/theme-preset.schema.json.
const HEX_COLOR = /^#[0-9a-fA-F]{6,}$/;

/**
 * A hex colour of 6 or more digits (`#RRGGBB`, `#RRGGBBAA`, …); shorthand `#RGB` and named colours are refused.
 * @example
 * isHexColor('#0B1F44') // true
 * isHexColor('navy') // false
 */
export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOR.test(value);
}

/**
 * Takes every `theme.colors` slot of a raw `portal.config.json` that is not a hex colour out of it, with a
 * warning for each (the browser's console; the API server collects them for the page), so the preset's
 * colour applies instead of the whole portal refusing to start (docs/theming.md). Returns a copy; everything else
 * (unknown slots included) is left to the schema.
 * @example
 * withoutInvalidThemeColors({ theme: { colors: { primary: 'navy' } } }) // { theme: { colors: {} } }, and a warning
 */
export function withoutInvalidThemeColors<T>(raw: T, warn: (message: string) => void): T {
  const colors = (raw as { theme?: { colors?: unknown } } | null)?.theme?.colors;
  if (!colors || typeof colors !== 'object' || Array.isArray(colors)) return raw;
  const kept: Record<string, unknown> = { ...colors };
  for (const slot of THEME_COLOR_SLOTS) {
    if (!(slot in kept) || isHexColor(kept[slot])) continue;
    warn(
      `portal.config.json /theme/colors/${slot}: ${JSON.stringify(kept[slot])} is not a hex colour of 6 or more digits (like #0B1F44); the preset's ${slot} is used instead.`,
    );
    delete kept[slot];
  }
  const theme = (raw as { theme: Record<string, unknown> }).theme;
  return { ...raw, theme: { ...theme, colors: kept } };
}
