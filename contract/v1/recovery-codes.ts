import { Type, type Static } from 'typebox';
import { LoginResponse } from './auth';
import { Envelope, OpaqueId, messages } from './common';
import { endpoint } from './endpoint';
import { RECOVERY_CODE_MAX_LENGTH } from './recovery-code-format';

const strict = { additionalProperties: false } as const;
const OPENAPI_TAG = 'Recovery codes';

/**
 * A recovery code as the user types it: `k7m2p-x9qdw`, with or without the hyphen, spaces or capitals (the server
 * reads them all the same: docs/recovery-codes.md).
 */
export const RecoveryCode = Type.String({
  minLength: 1,
  maxLength: RECOVERY_CODE_MAX_LENGTH,
  pattern: '^[A-Za-z0-9 -]+$',
  ...messages({
    required: 'server:validation.recoveryCode.required',
    minLength: 'server:validation.recoveryCode.required',
    maxLength: 'server:validation.recoveryCode.invalid',
    pattern: 'server:validation.recoveryCode.invalid',
  }),
});

/** How many codes the user's set has and how many are left; `total` is 0 while no set was ever made. */
export const RecoveryCodeStatus = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  remaining: Type.Integer({ minimum: 0 }),
  createdAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** The account has a second factor (two-factor authentication on, or a passkey): codes are of use, and can be made. */
  secondFactor: Type.Boolean(),
});
export type RecoveryCodeStatus = Static<typeof RecoveryCodeStatus>;
export const RecoveryCodeStatusResponse = Envelope(RecoveryCodeStatus);

/** A new set: the codes themselves, shown once (only their keyed hashes are stored), and the new status. */
export const RecoveryCodeSet = Type.Object({ codes: Type.Array(Type.String()), status: RecoveryCodeStatus });
export type RecoveryCodeSet = Static<typeof RecoveryCodeSet>;
export const RecoveryCodeSetResponse = Envelope(RecoveryCodeSet);

/** POST /v1/two-factor/recovery-code: a recovery code as the second step of a password login. */
export const RecoveryCodeSecondStepBody = Type.Object(
  { tokenId: OpaqueId('tokenId'), code: RecoveryCode },
  strict,
);
export type RecoveryCodeSecondStepBody = Static<typeof RecoveryCodeSecondStepBody>;

/** Recovery codes (docs/recovery-codes.md): their status, a new set, and one used as the second step of a login. */
export const recoveryCodeEndpoints = {
  recoveryCodes: endpoint(
    { method: 'GET', path: '/v1/recovery-codes', auth: 'session', scope: 'account', tag: OPENAPI_TAG },
    { response: RecoveryCodeStatusResponse },
  ),
  generateRecoveryCodes: endpoint(
    {
      method: 'POST',
      path: '/v1/recovery-codes',
      auth: 'session',
      scope: 'account',
      tag: OPENAPI_TAG,
      description: 'A new set of codes (needs recent authentication); the previous set stops working.',
    },
    { response: RecoveryCodeSetResponse },
  ),
  verifyTwoFactorRecoveryCode: endpoint(
    { method: 'POST', path: '/v1/two-factor/recovery-code', auth: 'public', tag: OPENAPI_TAG },
    { body: RecoveryCodeSecondStepBody, response: LoginResponse },
  ),
} as const;
