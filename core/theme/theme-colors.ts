import type { ThemeColors } from '../config/portal-config';
import {
  isHexColor,
  THEME_COLOR_SLOTS,
  withoutInvalidThemeColors as dropInvalidThemeColors,
} from '@contract/portal-config/theme-colour-rules';
import { warnOnce } from './warn-once';

export type { ThemeColors };
export { isHexColor, THEME_COLOR_SLOTS };

/** {@link dropInvalidThemeColors} with its warnings in the browser's console, once each. */
export function withoutInvalidThemeColors<T>(raw: T): T {
  return dropInvalidThemeColors(raw, warnOnce);
}

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
