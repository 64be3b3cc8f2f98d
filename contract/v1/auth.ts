import { Type, type Static } from 'typebox';
import {
  EmailAddress,
  Envelope,
  LoginPassword,
  MessageOnly,
  messages,
  NewPassword,
  Nullable,
  OpaqueId,
  PersonName,
  ruleString,
  SixDigitCode,
} from './common';
import {
  PasskeyCeremonyResponse,
  PasskeyLoginBody,
  PasskeySecondStepBody,
  PasskeySecondStepOptionsBody,
} from './passkeys';
import { endpoint } from './endpoint';

const strict = { additionalProperties: false } as const;
const OptionalRef = Type.Optional(Nullable(Type.String({ maxLength: 200 })));
/** The configured captcha's token (docs/security.md): login, sign-up, forgot-password and resend-email send it. */
const CaptchaToken = Type.Optional(Nullable(Type.String({ maxLength: 8192 })));

/** POST /v1/login */
export const LoginBody = Type.Object(
  {
    email: EmailAddress,
    password: LoginPassword,
    captcha: CaptchaToken,
    isSSOLogin: Type.Optional(Type.Boolean()),
  },
  strict,
);
export type LoginBody = Static<typeof LoginBody>;

export const TwoFactorMethodInfo = Type.Object({ show: Type.Boolean(), label: Type.String() });
export const TwoFactorConfigInfo = Type.Object({
  authenticator: Type.Optional(TwoFactorMethodInfo),
  email: Type.Optional(TwoFactorMethodInfo),
  mobile: Type.Optional(TwoFactorMethodInfo),
  /** A passkey of the account (POST /v1/two-factor/passkey/options, then /v1/two-factor/passkey). */
  passkey: Type.Optional(TwoFactorMethodInfo),
  /** A recovery code of the account's set, when one is left (POST /v1/two-factor/recovery-code; docs/recovery-codes.md). */
  recoveryCode: Type.Optional(TwoFactorMethodInfo),
});
export type TwoFactorConfigInfo = Static<typeof TwoFactorConfigInfo>;

/**
 * The login result (docs/api-contract.md). Tokens are present only when the email is verified and no second factor is pending;
 * with 2FA the client gets `tokenId` and `twoFactorConfigInfo` and continues with `two-factor/verify`.
 */
export const LoginData = Type.Object({
  tokenId: Type.Optional(Type.String()),
  twoFactorEnabled: Type.Boolean(),
  twoFactorConfigInfo: Type.Optional(TwoFactorConfigInfo),
  email: Type.Object({ id: Type.String(), verified: Type.Boolean() }),
  accessToken: Type.Optional(Type.String()),
  refreshToken: Type.Optional(Type.String()),
  logo: Type.Optional(Nullable(Type.String())),
  twoFactorEnabledInOrg: Type.Boolean(),
});
export type LoginData = Static<typeof LoginData>;
export const LoginResponse = Envelope(LoginData);
export type LoginResponse = Static<typeof LoginResponse>;

/** POST /v1/register */
export const RegisterBody = Type.Object(
  {
    firstName: PersonName('First name'),
    lastName: PersonName('Last name'),
    email: EmailAddress,
    password: NewPassword,
    invitationId: OptionalRef,
    orgId: OptionalRef,
    portal: OptionalRef,
    captcha: CaptchaToken,
  },
  strict,
);
export type RegisterBody = Static<typeof RegisterBody>;
/** `isVerified` is true when an invitation proved the address: the user can log in at once. */
export const RegisterData = Type.Object({ isVerified: Type.Boolean() });
export type RegisterData = Static<typeof RegisterData>;
export const RegisterResponse = Envelope(RegisterData);

/** POST /v1/forget-password */
export const ForgetPasswordBody = Type.Object(
  {
    email: EmailAddress,
    portal: OptionalRef,
    captcha: CaptchaToken,
  },
  strict,
);
export type ForgetPasswordBody = Static<typeof ForgetPasswordBody>;

/** POST /v1/resend-email */
export const ResendEmailBody = Type.Object(
  {
    email: ruleString('email', { 'validation.email.required': 'server:validation.emailMissing' }),
    portal: OptionalRef,
    captcha: CaptchaToken,
  },
  strict,
);
export type ResendEmailBody = Static<typeof ResendEmailBody>;

/** PATCH /v1/reset-password */
export const ResetPasswordBody = Type.Object({ password: NewPassword, token: OpaqueId('Token') }, strict);
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

/** POST /v1/verify-email */
export const VerifyEmailBody = Type.Object({ token: OpaqueId('Token'), organizationId: OptionalRef }, strict);
export type VerifyEmailBody = Static<typeof VerifyEmailBody>;

/** Which second factor a code belongs to: authenticator = totp, email = email, mobile = otp (docs/sign-in-and-accounts.md). */
export const TwoFactorType = Type.Union([Type.Literal('totp'), Type.Literal('email'), Type.Literal('otp')], {
  ...messages({
    anyOf: 'server:validation.twoFactorType.invalid',
    required: 'server:validation.twoFactorType.required',
  }),
});
export type TwoFactorType = Static<typeof TwoFactorType>;

/** POST /v1/two-factor/verify: answers like login, with tokens. */
export const TwoFactorVerifyBody = Type.Object(
  { code: SixDigitCode, tokenId: OpaqueId('tokenId'), type: TwoFactorType },
  strict,
);
export type TwoFactorVerifyBody = Static<typeof TwoFactorVerifyBody>;

/** PATCH /v1/two-factor/otp: sends an email or SMS code for a pending login. */
export const TwoFactorOtpBody = Type.Object(
  {
    type: Type.Union([Type.Literal('email'), Type.Literal('otp')], {
      ...messages({
        anyOf: 'server:validation.twoFactorType.invalid',
        required: 'server:validation.twoFactorType.required',
      }),
    }),
    tokenId: OpaqueId('tokenId'),
  },
  strict,
);
export type TwoFactorOtpBody = Static<typeof TwoFactorOtpBody>;
/** `otp` is returned only where the server is configured to expose codes (development). */
export const TwoFactorOtpData = Type.Object({ otp: Type.Optional(Type.String()) });
export type TwoFactorOtpData = Static<typeof TwoFactorOtpData>;
export const TwoFactorOtpResponse = Envelope(TwoFactorOtpData);

const OPENAPI_TAG = 'Authentication';

/**
 * Authentication (docs/product-rules.md: sign-in and accounts)
 */
export const authEndpoints = {
  login: endpoint(
    { method: 'POST', path: '/v1/login', auth: 'public', tag: OPENAPI_TAG },
    { body: LoginBody, response: LoginResponse },
  ),
  register: endpoint(
    { method: 'POST', path: '/v1/register', auth: 'public', tag: OPENAPI_TAG },
    { body: RegisterBody, response: RegisterResponse },
  ),
  forgetPassword: endpoint(
    { method: 'POST', path: '/v1/forget-password', auth: 'public', tag: OPENAPI_TAG },
    { body: ForgetPasswordBody, response: MessageOnly },
  ),
  resendEmail: endpoint(
    { method: 'POST', path: '/v1/resend-email', auth: 'public', tag: OPENAPI_TAG },
    { body: ResendEmailBody, response: MessageOnly },
  ),
  resetPassword: endpoint(
    { method: 'PATCH', path: '/v1/reset-password', auth: 'public', tag: OPENAPI_TAG },
    { body: ResetPasswordBody, response: MessageOnly },
  ),
  verifyEmail: endpoint(
    { method: 'POST', path: '/v1/verify-email', auth: 'public', tag: OPENAPI_TAG },
    { body: VerifyEmailBody, response: MessageOnly },
  ),
  logout: endpoint(
    { method: 'POST', path: '/v1/logout', auth: 'session', scope: 'account', tag: OPENAPI_TAG },
    { response: MessageOnly },
  ),
  verifyTwoFactor: endpoint(
    {
      method: 'POST',
      path: '/v1/two-factor/verify',
      auth: 'public',
      tag: OPENAPI_TAG,
      description:
        'The tokenId from login is the credential here: no access token exists until the second factor passes.',
    },
    { body: TwoFactorVerifyBody, response: LoginResponse },
  ),
  requestTwoFactorOtp: endpoint(
    { method: 'PATCH', path: '/v1/two-factor/otp', auth: 'public', tag: OPENAPI_TAG },
    { body: TwoFactorOtpBody, response: TwoFactorOtpResponse },
  ),
  // Passkeys (docs/passkeys.md): sign-in without a password, and a passkey as the second step of a password login.
  passkeyLoginOptions: endpoint(
    {
      method: 'POST',
      path: '/v1/passkey-login/options',
      auth: 'public',
      tag: OPENAPI_TAG,
      description:
        'Starts a passkey sign-in: WebAuthn request options with a single-use challenge that expires.',
    },
    { response: PasskeyCeremonyResponse },
  ),
  passkeyLogin: endpoint(
    {
      method: 'POST',
      path: '/v1/passkey-login',
      auth: 'public',
      tag: OPENAPI_TAG,
      description:
        'Signs in with a passkey and no password; answers like /v1/login with tokens. A passkey counts as two factors.',
    },
    { body: PasskeyLoginBody, response: LoginResponse },
  ),
  passkeySecondStepOptions: endpoint(
    { method: 'POST', path: '/v1/two-factor/passkey/options', auth: 'public', tag: OPENAPI_TAG },
    { body: PasskeySecondStepOptionsBody, response: PasskeyCeremonyResponse },
  ),
  verifyTwoFactorPasskey: endpoint(
    {
      method: 'POST',
      path: '/v1/two-factor/passkey',
      auth: 'public',
      tag: OPENAPI_TAG,
      description:
        'A passkey of the account as the second step of a password login (the tokenId from login); answers like two-factor/verify.',
    },
    { body: PasskeySecondStepBody, response: LoginResponse },
  ),
} as const;
