/**
 * Error codes of the /v1 contract that the portal acts on, not only shows (docs/api-errors.md). No schema library
 * here: the portal bundles this file.
 */

/**
 * 403 on a sensitive change (2FA off, reset or new method, recovery email, phone) when the login has not proven a
 * password or second factor within the server's window: the portal asks for one (`POST /v1/reauth`) and retries
 * the call once (docs/two-factor.md#recent-authentication).
 */
export const REAUTH_REQUIRED = 'REAUTH_REQUIRED';

/**
 * 403 on `POST /v1/organization/access` when the organisation enforces two-factor authentication and the user has
 * it off: the portal shows the notice, and the user's answer sends `enableTwoFactor: true`
 * (docs/organisation-selection.md#entering-an-organisation).
 */
export const TWO_FACTOR_REQUIRED = 'TWO_FACTOR_REQUIRED';
