import { Type, type Static } from 'typebox';
import { TwoFactorOtpData, TwoFactorType } from './auth';
import {
  CurrentPassword,
  Envelope,
  MessageOnly,
  messages,
  MobilePhoneNumber,
  NewPassword,
  SixDigitCode,
} from './common';
import { UserData } from './user';
import {
  PasskeyCeremonyResponse,
  PasskeyListResponse,
  PasskeyParams,
  PasskeyResponse,
  RegisterPasskeyBody,
  RenamePasskeyBody,
} from './passkeys';
import { ReauthBody, ReauthCodeResponse, ReauthResponse } from './reauth';
import { endpoint } from './endpoint';

const strict = { additionalProperties: false } as const;

/**
 * PATCH /v1/change-password (docs/account-settings.md, docs/api-contract.md). The confirmation field stays in the portal.
 * The current password follows the change form's looser rule, so accounts older than today's rules can type theirs.
 */
export const ChangePasswordBody = Type.Object(
  {
    currentPassword: CurrentPassword,
    newPassword: NewPassword,
  },
  strict,
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/** The two methods a user sets up here; email is always configured (docs/sign-in-and-accounts.md). */
export const TwoFactorSetupType = Type.Union([Type.Literal('totp'), Type.Literal('otp')], {
  ...messages({
    anyOf: 'server:validation.twoFactorType.invalid',
    required: 'server:validation.twoFactorType.required',
  }),
});
export type TwoFactorSetupType = Static<typeof TwoFactorSetupType>;

/**
 * POST /v1/two-factor/setup.
 * - `totp`: starts authenticator setup; answers {@link TotpSetupData}; finish with `two-factor/confirmation`.
 * - `otp`: finishes mobile setup with the code `PATCH /v1/otp` sent to `phoneNumber`; answers {@link UserData}.
 */
export const TwoFactorSetupBody = Type.Object(
  {
    type: TwoFactorSetupType,
    code: Type.Optional(SixDigitCode),
    phoneNumber: Type.Optional(MobilePhoneNumber),
  },
  strict,
);
export type TwoFactorSetupBody = Static<typeof TwoFactorSetupBody>;

/** What an authenticator app needs: the Base32 secret, and the `otpauth://totp/...` URL the QR code encodes. */
export const TotpSetupData = Type.Object({ secret: Type.String(), url: Type.String() });
export type TotpSetupData = Static<typeof TotpSetupData>;
export const TwoFactorSetupResponse = Envelope(Type.Union([TotpSetupData, UserData]));

/** POST /v1/two-factor/confirmation: the first authenticator code proves the app holds the secret. */
export const TwoFactorConfirmationBody = Type.Object({ code: SixDigitCode }, strict);
export type TwoFactorConfirmationBody = Static<typeof TwoFactorConfirmationBody>;

/** POST /v1/two-factor/reset: clears `enabled` and `setupCompleted` of one method; `email` is refused. */
export const TwoFactorResetBody = Type.Object({ type: TwoFactorType }, strict);
export type TwoFactorResetBody = Static<typeof TwoFactorResetBody>;

/** PATCH /v1/two-factor/config: the overall switch. Turning it off is refused while an organisation enforces 2FA. */
export const TwoFactorConfigBody = Type.Object(
  {
    enable: Type.Boolean({
      ...messages({ required: 'server:validation.enable.required', type: 'server:validation.enable.type' }),
    }),
  },
  strict,
);
export type TwoFactorConfigBody = Static<typeof TwoFactorConfigBody>;

/** PATCH /v1/otp: texts a code to the number being set up for mobile 2FA; one per 60 s. */
export const PhoneOtpBody = Type.Object({ phoneNumber: MobilePhoneNumber }, strict);
export type PhoneOtpBody = Static<typeof PhoneOtpBody>;
/** `otp` only where the server exposes codes (development): the portal shows it in a chip (docs/two-factor.md). */
export type PhoneOtpData = TwoFactorOtpData;
export const PhoneOtpResponse = Envelope(TwoFactorOtpData);

/** The answer of every two-factor change: the profile as it now is, so the screen needs no second call. */
export const UserSecurityResponse = Envelope(UserData);

const OPENAPI_TAG = 'User security';

/**
 * Password and two-factor settings
 */
export const userSecurityEndpoints = {
  changePassword: endpoint(
    { method: 'PATCH', path: '/v1/change-password', auth: 'session', scope: 'account', tag: OPENAPI_TAG },
    { body: ChangePasswordBody, response: MessageOnly },
  ),
  setupTwoFactor: endpoint(
    { method: 'POST', path: '/v1/two-factor/setup', auth: 'session', scope: 'account', tag: OPENAPI_TAG },
    { body: TwoFactorSetupBody, response: TwoFactorSetupResponse },
  ),
  confirmTwoFactor: endpoint(
    {
      method: 'POST',
      path: '/v1/two-factor/confirmation',
      auth: 'session',
      scope: 'account',
      tag: OPENAPI_TAG,
    },
    { body: TwoFactorConfirmationBody, response: UserSecurityResponse },
  ),
  resetTwoFactor: endpoint(
    { method: 'POST', path: '/v1/two-factor/reset', auth: 'session', scope: 'account', tag: OPENAPI_TAG },
    { body: TwoFactorResetBody, response: UserSecurityResponse },
  ),
  configureTwoFactor: endpoint(
    { method: 'PATCH', path: '/v1/two-factor/config', auth: 'session', scope: 'account', tag: OPENAPI_TAG },
    { body: TwoFactorConfigBody, response: UserSecurityResponse },
  ),
  sendPhoneOtp: endpoint(
    { method: 'PATCH', path: '/v1/otp', auth: 'session', scope: 'account', tag: OPENAPI_TAG },
    { body: PhoneOtpBody, response: PhoneOtpResponse },
  ),
  reauthenticate: endpoint(
    {
      method: 'POST',
      path: '/v1/reauth',
      auth: 'session',
      scope: 'account',
      tag: OPENAPI_TAG,
      description:
        "Proves it is still the user (password, or a code of a second factor that is on) and allows sensitive changes for the server's REAUTH_WINDOW (300 s by default). Sensitive changes answer 403 REAUTH_REQUIRED without it.",
    },
    { body: ReauthBody, response: ReauthResponse },
  ),
  requestReauthCode: endpoint(
    {
      method: 'POST',
      path: '/v1/reauth/code',
      auth: 'session',
      scope: 'account',
      tag: OPENAPI_TAG,
      description:
        'Mails a 6-digit code for POST /v1/reauth to a user whose two-factor authentication is on.',
    },
    { response: ReauthCodeResponse },
  ),
  passkeys: endpoint(
    { method: 'GET', path: '/v1/passkeys', auth: 'session', scope: 'account', tag: OPENAPI_TAG },
    { response: PasskeyListResponse },
  ),
  passkeyRegistrationOptions: endpoint(
    {
      method: 'POST',
      path: '/v1/passkeys/registration-options',
      auth: 'session',
      scope: 'account',
      tag: OPENAPI_TAG,
      description:
        'WebAuthn creation options for a new passkey of the signed-in user; needs recent authentication (403 REAUTH_REQUIRED).',
    },
    { response: PasskeyCeremonyResponse },
  ),
  registerPasskey: endpoint(
    {
      method: 'POST',
      path: '/v1/passkeys',
      auth: 'session',
      scope: 'account',
      tag: OPENAPI_TAG,
      description:
        "Stores the browser's answer to the registration options, from the session that asked for them; needs recent authentication.",
    },
    { body: RegisterPasskeyBody, response: PasskeyResponse },
  ),
  renamePasskey: endpoint(
    { method: 'PATCH', path: '/v1/passkeys/:passkeyId', auth: 'session', scope: 'account', tag: OPENAPI_TAG },
    { params: PasskeyParams, body: RenamePasskeyBody, response: PasskeyResponse },
  ),
  removePasskey: endpoint(
    {
      method: 'DELETE',
      path: '/v1/passkeys/:passkeyId',
      auth: 'session',
      scope: 'account',
      tag: OPENAPI_TAG,
      description: 'Removes a passkey of the signed-in user; needs recent authentication.',
    },
    { params: PasskeyParams, response: MessageOnly },
  ),
} as const;
