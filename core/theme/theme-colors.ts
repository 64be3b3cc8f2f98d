import type { ThemeColors } from '../config/portal-config';

export type { ThemeColors };

/** The five colour slots, in the order presets list them. */
export const THEME_COLOR_SLOTS = ['primary', 'primaryContrast', 'secondary', 'secondaryContrast', 'textPrimary'] as const;

/**
 * The portal's own look: a dark navy primary (spec §3, §9) with white text on it.
 * Every slot of every other colour set falls back to these when its value is not a hex colour.
 */
export const DEFAULT_THEME_COLORS: Readonly<ThemeColors> = Object.freeze({
  primary: '#0B1F44',
  primaryContrast: '#FFFFFF',
  secondary: '#E8A33D',
  secondaryContrast: '#0B1F44',
  textPrimary: '#1B2233',
});

// Same rule as `$defs.hexColor` in portal-config.schema.json and themes/theme-preset.schema.json.
const HEX_COLOR = /^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

/** `#RRGGBB` or `#RRGGBBAA`; shorthand `#RGB` and named colours are refused (spec §5). */
export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOR.test(value);
}

/**
 * Keeps each slot that holds a hex colour and takes the fallback's value for every other slot.
 * @example
 * sanitizeThemeColors({ primary: 'navy' }) // primary: '#0B1F44' (the default)
 */
export function sanitizeThemeColors(candidate: unknown, fallback: Readonly<ThemeColors> = DEFAULT_THEME_COLORS): ThemeColors {
  const source = (candidate && typeof candidate === 'object' ? candidate : {}) as Record<string, unknown>;
  const result = { ...fallback };
  for (const slot of THEME_COLOR_SLOTS) {
    const value = source[slot];
    if (isHexColor(value)) result[slot] = value.toUpperCase();
  }
  return result;
}

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255) as [number, number, number];
}

/** WCAG 2 relative luminance of the colour's RGB part (alpha is ignored). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio, from 1 (same colour) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * Organisation branding gives a background colour but no text colour for it, so pick whichever of
 * white or the dark candidate reads better on it.
 */
export function readableOn(background: string, dark = '#1B2233'): string {
  const white = '#FFFFFF';
  return contrastRatio(background, white) >= contrastRatio(background, dark) ? white : dark;
}
