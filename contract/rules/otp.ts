import { OTP_LENGTH } from './limits';
import type { RuleResult } from './messages';
import { text } from './text';

const OTP = new RegExp(`^\\d{${OTP_LENGTH}}$`);

/**
 * One-time and authenticator codes: exactly 6 digits.
 * @example validateOtp('12345a') // 'validation.otp.format'
 */
export function validateOtp(value: unknown): RuleResult {
  const code = text(value);
  if (code === '') return 'validation.otp.required';
  return OTP.test(code) ? null : 'validation.otp.format';
}
