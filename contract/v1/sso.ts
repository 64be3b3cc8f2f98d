import { Type, type Static } from 'typebox';
import { Envelope, NewPassword, Nullable, messages } from './common';
import { endpoint } from './endpoint';

const strict = { additionalProperties: false } as const;

/** The partner's signed token (a JWT; RS256 tokens run to ~1 KiB, so the generic 512-character id limit is too small). */
export const PartnerToken = Type.String({
  minLength: 1,
  maxLength: 8192,
  ...messages({
    required: 'server:validation.idRequired.Token',
    minLength: 'server:validation.idRequired.Token',
    maxLength: 'server:validation.signInRequestInvalid',
  }),
});

export const ApplicationId = Type.String({
  minLength: 1,
  maxLength: 100,
  ...messages({
    required: 'server:validation.idRequired.applicationId',
    minLength: 'server:validation.idRequired.applicationId',
    maxLength: 'server:sso.unknownApplication',
  }),
});

/** POST /v1/sso/login (unauthenticated): what a partner application's link carries (docs/api-contract.md). */
export const SsoLoginBody = Type.Object({ token: PartnerToken, applicationId: ApplicationId }, strict);
export type SsoLoginBody = Static<typeof SsoLoginBody>;

/** POST /v1/sso/register (unauthenticated): the set-password step of a new user, with the same token (docs/api-contract.md). */
export const SsoRegisterBody = Type.Object(
  { password: NewPassword, token: PartnerToken, applicationId: ApplicationId },
  strict,
);
export type SsoRegisterBody = Static<typeof SsoRegisterBody>;

/**
 * The SSO login response (docs/api-contract.md), also the answer of a registration. Exactly one situation holds:
 * - `isBlocked`: the account is blocked; `redirectUrl` is where the user goes back to; no tokens.
 * - `existingAccount` and not `passwordRequired`: tokens of a user session (no organisation selected).
 * - `existingAccount` and `passwordRequired`: no tokens; the password step (`/v1/login` with `isSSOLogin`) gives them.
 * - not `existingAccount`: a new user; register with a password. `showTermsAndConditions` when the
 *   application asks for terms acceptance.
 */
export const SsoLoginData = Type.Object({
  accessToken: Type.Optional(Type.String()),
  refreshToken: Type.Optional(Type.String()),
  showTermsAndConditions: Type.Boolean(),
  isBlocked: Type.Boolean(),
  redirectUrl: Type.Optional(Nullable(Type.String())),
  existingAccount: Type.Boolean(),
  passwordRequired: Type.Boolean(),
  email: Type.Object({ id: Type.String() }),
});
export type SsoLoginData = Static<typeof SsoLoginData>;
export const SsoLoginResponse = Envelope(SsoLoginData);
export type SsoLoginResponse = Static<typeof SsoLoginResponse>;

const OPENAPI_TAG = 'Single sign-on';

/**
 * Partner single sign-on
 */
export const ssoEndpoints = {
  ssoLogin: endpoint(
    { method: 'POST', path: '/v1/sso/login', auth: 'public', tag: OPENAPI_TAG },
    { body: SsoLoginBody, response: SsoLoginResponse },
  ),
  ssoRegister: endpoint(
    { method: 'POST', path: '/v1/sso/register', auth: 'public', tag: OPENAPI_TAG },
    { body: SsoRegisterBody, response: SsoLoginResponse },
  ),
} as const;
