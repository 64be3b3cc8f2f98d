import type { ThemeColors } from '../config/portal-config';
import { warnOnce } from './warn-once';

export type { ThemeColors };

/** The five colour slots, in the order presets list them. */
export const THEME_COLOR_SLOTS = [
  'primary',
  'primaryContrast',
  'secondary',
  'secondaryContrast',
  'textPrimary',
] as const;

/**
 * The portal's own look: a dark navy primary with white text on it (docs/theming.md).
 * Every slot of every other colour set falls back to these when its value is not a hex colour.
 */
export const DEFAULT_THEME_COLORS: Readonly<ThemeColors> = Object.freeze({
  primary: '#0B1F44',
  primaryContrast: '#FFFFFF',
  secondary: '#E8A33D',
  secondaryContrast: '#0B1F44',
  textPrimary: '#1B2233',
});

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
 * The CSS form of a valid hex colour, upper case: the first six digits are the colour and the next two, when
 * both are there, its opacity. CSS has no form for other lengths, so digits past the eighth (or a lone
 * seventh) are dropped.
 * @example
 * normalizeHexColor('#0b1f44cc') // '#0B1F44CC'
 * normalizeHexColor('#0b1f447') // '#0B1F44'
 */
export function normalizeHexColor(hex: string): string {
  const digits = hex.slice(1);
  return `#${digits.length >= 8 ? digits.slice(0, 8) : digits.slice(0, 6)}`.toUpperCase();
}

/**
 * Keeps each slot that holds a hex colour and takes the fallback's value for every other slot.
 * @example
 * sanitizeThemeColors({ primary: 'navy' }) // primary: '#0B1F44' (the default)
 */
export function sanitizeThemeColors(
  candidate: unknown,
  fallback: Readonly<ThemeColors> = DEFAULT_THEME_COLORS,
): ThemeColors {
  const source = (candidate && typeof candidate === 'object' ? candidate : {}) as Record<string, unknown>;
  const result = { ...fallback };
  for (const slot of THEME_COLOR_SLOTS) {
    const value = source[slot];
    if (isHexColor(value)) result[slot] = normalizeHexColor(value);
  }
  return result;
}

/**
 * Takes every `theme.colors` slot of a raw `portal.config.json` that is not a hex colour out of it, with a
 * console warning for each, so the preset's colour applies instead of the whole portal refusing to start
 * (docs/theming.md). Returns a copy; everything else (unknown slots included) is left to the schema.
 * @example
 * withoutInvalidThemeColors({ theme: { colors: { primary: 'navy' } } }) // { theme: { colors: {} } }, and a warning
 */
export function withoutInvalidThemeColors<T>(raw: T): T {
  const colors = (raw as { theme?: { colors?: unknown } } | null)?.theme?.colors;
  if (!colors || typeof colors !== 'object' || Array.isArray(colors)) return raw;
  const kept: Record<string, unknown> = { ...colors };
  for (const slot of THEME_COLOR_SLOTS) {
    if (!(slot in kept) || isHexColor(kept[slot])) continue;
    warnOnce(
      `portal.config.json /theme/colors/${slot}: ${JSON.stringify(kept[slot])} is not a hex colour of 6 or more digits (like #0B1F44); the preset's ${slot} is used instead.`,
    );
    delete kept[slot];
  }
  const theme = (raw as { theme: Record<string, unknown> }).theme;
  return { ...raw, theme: { ...theme, colors: kept } };
}
