import { Type, type Static } from 'typebox';
import { TwoFactorOtpData } from './auth';
import { Envelope, LoginPassword, SixDigitCode, messages } from './common';

const strict = { additionalProperties: false } as const;

/** The second factors a signed-in user can prove again; email codes come from `POST /v1/reauth/code`. */
export const ReauthMethod = Type.Union([Type.Literal('totp'), Type.Literal('email')], {
  ...messages({
    anyOf: 'server:validation.twoFactorType.invalid',
    required: 'server:validation.twoFactorType.required',
  }),
});
export type ReauthMethod = Static<typeof ReauthMethod>;

/**
 * POST /v1/reauth: the signed-in user proves it is them again, with the password or, when 2FA is on, a code of
 * one of their methods (`method` + `code`). One of the two, never both (docs/two-factor.md#recent-authentication).
 */
export const ReauthBody = Type.Object(
  {
    password: Type.Optional(LoginPassword),
    method: Type.Optional(ReauthMethod),
    code: Type.Optional(SixDigitCode),
  },
  strict,
);
export type ReauthBody = Static<typeof ReauthBody>;

/** How long sensitive changes are now allowed without asking again (REAUTH_WINDOW on the server). */
export const ReauthData = Type.Object({ validForSeconds: Type.Integer() });
export type ReauthData = Static<typeof ReauthData>;
export const ReauthResponse = Envelope(ReauthData);

/** POST /v1/reauth/code: mails a code for `method: 'email'`; `otp` only where the server exposes codes. */
export const ReauthCodeResponse = Envelope(TwoFactorOtpData);
