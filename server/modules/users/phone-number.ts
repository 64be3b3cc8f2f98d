import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A phone number in E.164, the form it is stored and texted in ("+61412345678"): the one spelling every way of
 * writing the same number shares ("+610412345678" still carries the national trunk 0), and the form SMS
 * gateways expect. Null when the text is not a possible number for its country code (too short, too long,
 * unknown code, or no "+" to name the country). See docs/two-factor.md.
 * @example toE164('+610412345678') // '+61412345678'
 * @example toE164('+1234567') // null
 */
export function toE164(phoneNumber: string): string | null {
  const parsed = parsePhoneNumberFromString(phoneNumber);
  return parsed?.isPossible() ? parsed.number : null;
}
