/** The limits live in the contract's rule set, shared with the server's schemas. */
export {
  EMAIL_MAX_LENGTH,
  EXAMPLE_LAST_NAME,
  LOGIN_PASSWORD_MAX_LENGTH,
  NAME_MAX_LENGTH,
  NIST_SINGLE_FACTOR_MIN_LENGTH,
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
} from '@contract/rules/limits';
