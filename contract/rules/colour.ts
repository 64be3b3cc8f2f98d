import type { RuleResult } from './messages';
import { text } from './text';

/**
 * A brand colour: `#` and 6 hex digits (`#RRGGBB`) or 8 (`#RRGGBBAA`, the last two its opacity), either case.
 * "6 or more digits" in the spec names exactly these two forms: they are the only lengths of 6 or more that CSS
 * understands, so a stored colour always applies as it was typed (7 digits would lose one, 9 would mean nothing).
 * Shorthand (`#abc`), 5 or 7 digits and colour names (`red`) are refused (docs/branding.md, docs/validation-rules.md).
 * @example
 * isBrandColour('#0B1F44') // true
 * isBrandColour('#0b1f44cc') // true
 * isBrandColour('#abc') // false
 */
export const BRAND_COLOUR_PATTERN = /^#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

export const BRAND_COLOUR_MIN_LENGTH = 7;
export const BRAND_COLOUR_MAX_LENGTH = 9;

export function isBrandColour(value: unknown): value is string {
  return typeof value === 'string' && BRAND_COLOUR_PATTERN.test(value);
}

/**
 * The form's and the server's check of a brand colour field.
 * @example validateBrandColour('red') // 'validation.colour.format'
 */
export function validateBrandColour(value: unknown): RuleResult {
  const colour = text(value).trim();
  if (colour === '') return 'validation.colour.required';
  return isBrandColour(text(value)) ? null : 'validation.colour.format';
}
