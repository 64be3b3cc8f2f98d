import { Type, type Static } from 'typebox';
import { Envelope, OpaqueId, messages } from './common';

const strict = { additionalProperties: false } as const;

/** A WebAuthn value as the browser's JSON form carries it (base64url, no padding). */
const Base64Url = (maxLength: number) =>
  Type.String({
    minLength: 1,
    maxLength,
    pattern: '^[A-Za-z0-9_-]+$',
    ...messages({
      required: 'server:validation.passkey.invalid',
      minLength: 'server:validation.passkey.invalid',
      maxLength: 'server:validation.passkey.invalid',
      pattern: 'server:validation.passkey.invalid',
    }),
  });

const Transport = Type.Union(
  ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'].map((name) => Type.Literal(name)),
);
const Attachment = Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')]);
/** Extension outputs the browser reports; the server asks for none and reads none. */
const ExtensionResults = Type.Object({}, { additionalProperties: true });

/** What `navigator.credentials.create()` answered, in the JSON form of @simplewebauthn/browser's startRegistration. */
export const PasskeyRegistrationCredential = Type.Object(
  {
    id: Base64Url(1366),
    rawId: Base64Url(1366),
    type: Type.Literal('public-key'),
    authenticatorAttachment: Type.Optional(Attachment),
    clientExtensionResults: ExtensionResults,
    response: Type.Object(
      {
        clientDataJSON: Base64Url(4096),
        attestationObject: Base64Url(32768),
        authenticatorData: Type.Optional(Base64Url(32768)),
        transports: Type.Optional(Type.Array(Transport, { maxItems: 8 })),
        publicKeyAlgorithm: Type.Optional(Type.Integer()),
        publicKey: Type.Optional(Base64Url(8192)),
      },
      strict,
    ),
  },
  strict,
);
export type PasskeyRegistrationCredential = Static<typeof PasskeyRegistrationCredential>;

/** What `navigator.credentials.get()` answered, in the JSON form of @simplewebauthn/browser's startAuthentication. */
export const PasskeyAuthenticationCredential = Type.Object(
  {
    id: Base64Url(1366),
    rawId: Base64Url(1366),
    type: Type.Literal('public-key'),
    authenticatorAttachment: Type.Optional(Attachment),
    clientExtensionResults: ExtensionResults,
    response: Type.Object(
      {
        clientDataJSON: Base64Url(4096),
        authenticatorData: Base64Url(32768),
        signature: Base64Url(8192),
        userHandle: Type.Optional(Base64Url(512)),
      },
      strict,
    ),
  },
  strict,
);
export type PasskeyAuthenticationCredential = Static<typeof PasskeyAuthenticationCredential>;

/**
 * The options `navigator.credentials.create()` / `.get()` take, in WebAuthn's JSON form (the browser library turns
 * them into the binary form). `challengeId` names this ceremony: the answer is sent back with it, once, before it
 * expires (docs/passkeys.md).
 */
const CeremonyData = Type.Object({
  challengeId: Type.String(),
  options: Type.Object(
    {},
    {
      additionalProperties: true,
      description: 'PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON',
    },
  ),
});
export type PasskeyCeremonyData<Options> = { challengeId: string; options: Options };
export const PasskeyCeremonyResponse = Envelope(CeremonyData);

const ChallengeId = Type.String({
  minLength: 1,
  maxLength: 128,
  ...messages({
    required: 'server:validation.passkey.expired',
    minLength: 'server:validation.passkey.expired',
  }),
});

/** A passkey's name as its owner calls it ("Work laptop"). */
export const PasskeyName = Type.String({
  minLength: 1,
  maxLength: 64,
  ...messages({
    required: 'server:validation.passkeyName.required',
    minLength: 'server:validation.passkeyName.required',
    maxLength: 'server:validation.passkeyName.length',
  }),
});

/** POST /v1/passkeys: the browser's answer to the registration options, and the name to show. */
export const RegisterPasskeyBody = Type.Object(
  { challengeId: ChallengeId, name: PasskeyName, credential: PasskeyRegistrationCredential },
  strict,
);
export type RegisterPasskeyBody = Static<typeof RegisterPasskeyBody>;

/** One passkey of the signed-in user; `deviceType` and `backedUp` come from the authenticator's own data. */
export const PasskeyInfo = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** `multiDevice`: a synced passkey (a password manager or platform account); `singleDevice`: bound to one device. */
  deviceType: Type.Union([Type.Literal('singleDevice'), Type.Literal('multiDevice')]),
  backedUp: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type PasskeyInfo = Static<typeof PasskeyInfo>;
export const PasskeyResponse = Envelope(PasskeyInfo);
export const PasskeyListResponse = Envelope(Type.Object({ passkeys: Type.Array(PasskeyInfo) }));
export type PasskeyListData = Static<typeof PasskeyListResponse>['data'];

export const PasskeyParams = Type.Object(
  {
    passkeyId: Type.String({
      minLength: 1,
      maxLength: 64,
      ...messages({ required: 'server:passkeys.notFound' }),
    }),
  },
  strict,
);
export type PasskeyParams = Static<typeof PasskeyParams>;

/** PATCH /v1/passkeys/:passkeyId */
export const RenamePasskeyBody = Type.Object({ name: PasskeyName }, strict);
export type RenamePasskeyBody = Static<typeof RenamePasskeyBody>;

/** POST /v1/passkey-login: sign in with a passkey and no password; answers like /v1/login with tokens. */
export const PasskeyLoginBody = Type.Object(
  { challengeId: ChallengeId, credential: PasskeyAuthenticationCredential },
  strict,
);
export type PasskeyLoginBody = Static<typeof PasskeyLoginBody>;

/** POST /v1/two-factor/passkey/options: the login waiting for its second factor. */
export const PasskeySecondStepOptionsBody = Type.Object({ tokenId: OpaqueId('tokenId') }, strict);
export type PasskeySecondStepOptionsBody = Static<typeof PasskeySecondStepOptionsBody>;

/** POST /v1/two-factor/passkey: a passkey as the second step of a password login; answers like two-factor/verify. */
export const PasskeySecondStepBody = Type.Object(
  { tokenId: OpaqueId('tokenId'), challengeId: ChallengeId, credential: PasskeyAuthenticationCredential },
  strict,
);
export type PasskeySecondStepBody = Static<typeof PasskeySecondStepBody>;
