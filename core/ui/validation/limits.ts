/** Limits of spec §9, shared by the rules, their messages and the controls so they cannot drift apart. */
export const PASSWORD_MIN_LENGTH = 7;
export const PASSWORD_MAX_LENGTH = 30;
export const EMAIL_MAX_LENGTH = 256;
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 15;
export const OTP_LENGTH = 6;

/** The example last name shown in 'Enter your last name in format: {name}'. */
export const EXAMPLE_LAST_NAME = 'Smith';
