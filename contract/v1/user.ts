import { Type, type Static } from 'typebox';
import { EmailAddress, Envelope, Nullable, PersonName, PhoneNumber } from './common';
import { endpoint } from './endpoint';

export const TwoFactorMethodState = Type.Object({ setupCompleted: Type.Boolean(), enabled: Type.Boolean() });

export const UserInfo = Type.Object({
  name: Type.Object({ first: Type.String(), last: Type.String() }),
  email: Type.String(),
  phone: Type.Object({ phoneNumber: Nullable(Type.String()) }),
  recovery_mail: Nullable(Type.String()),
  /** ISO 8601. */
  registeredOn: Type.String(),
  userId: Type.String(),
  isSSORegistration: Type.Boolean(),
  twoFactorEnabledInOrg: Type.Boolean(),
  twoFactorAuthentication: Type.Object({
    enabled: Type.Boolean(),
    email: TwoFactorMethodState,
    otp: TwoFactorMethodState,
    totp: TwoFactorMethodState,
  }),
});
export type UserInfo = Static<typeof UserInfo>;

/** GET /v1/user, and the answer of PATCH /v1/user. */
export const UserData = Type.Object({ userInfo: UserInfo });
export type UserData = Static<typeof UserData>;
export const UserResponse = Envelope(UserData);

/** PATCH /v1/user: `recovery_mail` only when not empty (docs/api-contract.md). */
export const UpdateUserBody = Type.Object(
  {
    firstName: Type.Optional(PersonName('First name')),
    lastName: Type.Optional(PersonName('Last name')),
    phoneNumber: Type.Optional(PhoneNumber),
    // The portal sends it only when not empty, so a value that is sent must be a valid address.
    recovery_mail: Type.Optional(EmailAddress),
  },
  { additionalProperties: false },
);
export type UpdateUserBody = Static<typeof UpdateUserBody>;

const OPENAPI_TAG = 'Users';

/**
 * The signed-in user
 */
export const userEndpoints = {
  user: endpoint(
    { method: 'GET', path: '/v1/user', auth: 'session', scope: 'account', tag: OPENAPI_TAG },
    { response: UserResponse },
  ),
  updateUser: endpoint(
    { method: 'PATCH', path: '/v1/user', auth: 'session', scope: 'account', tag: OPENAPI_TAG },
    { body: UpdateUserBody, response: UserResponse },
  ),
} as const;
