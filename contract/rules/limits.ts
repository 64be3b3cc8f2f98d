/**
 * The limits of the product's validation rules (docs/validation-rules.md), shared by the portal's forms,
 * the server's schemas, the messages that quote them and the controls, so none of them can drift apart.
 */
export const PASSWORD_MIN_LENGTH = 7;
export const PASSWORD_MAX_LENGTH = 30;
/**
 * The `nist` password policy (portal.config.json `passwordPolicy`, NIST SP 800-63B and OWASP ASVS 5.0): at least
 * 8 characters where another factor also protects the account, 15 where the password is the only one, and room
 * for passphrases up to 128 (the standards ask to allow at least 64).
 */
export const NIST_PASSWORD_MIN_LENGTH = 8;
export const NIST_SINGLE_FACTOR_MIN_LENGTH = 15;
export const NIST_PASSWORD_MAX_LENGTH = 128;
/** A password typed to log in is any existing password; this only bounds the request. */
export const LOGIN_PASSWORD_MAX_LENGTH = 256;
export const EMAIL_MAX_LENGTH = 256;
/** A mailbox name (before the "@") is at most 64 characters (RFC 5321). */
export const EMAIL_LOCAL_MAX_LENGTH = 64;
export const NAME_MAX_LENGTH = 50;
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 15;
export const OTP_LENGTH = 6;

/** The example last name shown in 'Enter your last name in format: {name}'. */
export const EXAMPLE_LAST_NAME = 'Smith';

/** A business organisation's name (docs/access-control.md): unique case-insensitively across the product. */
export const ORGANIZATION_NAME_MIN_LENGTH = 2;
export const ORGANIZATION_NAME_MAX_LENGTH = 100;
/** A custom role's name, unique case-insensitively in its organisation (built-in names included). */
export const ROLE_NAME_MIN_LENGTH = 2;
export const ROLE_NAME_MAX_LENGTH = 50;

/** Identity verification (docs/identity-verification.md): an adult is at least this old on the day of the check. */
export const ADULT_AGE = 18;
/** The oldest date of birth accepted, in years before today. */
export const MAX_AGE = 120;
/** Free-text fields of the identity forms (street name, suburb, company name, offices…). */
export const IDENTITY_TEXT_MAX_LENGTH = 100;
/** A document's uploaded file, before base64: JPEG, PNG or PDF of at most 5 MB. */
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
