import { Type, type Static, type TSchema } from 'typebox';

/**
 * Messages shown to the user for a failed rule, keyed by JSON-schema keyword. The server's validation
 * error handler reads them, so each rule and its wording live in one place (spec §5).
 */
export function messages(byKeyword: Record<string, string>): { 'x-messages': Record<string, string> } {
  return { 'x-messages': byKeyword };
}

/** Every success: `{ data, msg }`. */
export const Envelope = <T extends TSchema>(data: T) => Type.Object({ data, msg: Type.String() });
export interface ApiEnvelope<T> {
  data: T;
  msg: string;
}

export const FieldError = Type.Object({ field: Type.String(), msg: Type.String() });
export type FieldError = Static<typeof FieldError>;

/** Every failure: `{ msg, code }`, plus per-field `errors` on a 400 from validation. */
export const ErrorBody = Type.Object({
  msg: Type.String(),
  code: Type.String(),
  errors: Type.Optional(Type.Array(FieldError)),
});
export type ErrorBody = Static<typeof ErrorBody>;

export const EmailAddress = Type.String({
  minLength: 1,
  maxLength: 256,
  format: 'email',
  ...messages({
    required: 'Email is required',
    minLength: 'Email is required',
    maxLength: 'Email can have a maximum of 256 characters',
    format: 'Invalid email format',
  }),
});

/** The password rules of spec §5, for every password a user chooses. */
export const NewPassword = Type.String({
  minLength: 7,
  maxLength: 30,
  pattern: '^(?=.*\\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[^A-Za-z0-9\\s])\\S+$',
  ...messages({
    required: 'Password is required',
    minLength: 'Password must be 7 characters at minimum!',
    maxLength: 'Password must be 30 characters at maximum!',
    pattern: 'Password must contain uppercase, lowercase, number, special character and ranging from 7-30 characters',
  }),
});

/** A password typed to prove identity: any existing password, so no strength rules here. */
export const CurrentPassword = Type.String({
  minLength: 1,
  maxLength: 256,
  ...messages({ required: 'Password is required', minLength: 'Password is required', maxLength: 'Invalid email or password' }),
});

/**
 * Names are stored and returned verbatim (the portal escapes on display); the format hint of spec §5 is
 * the portal's job, the server only bounds them.
 */
export const PersonName = (label: 'First name' | 'Last name') =>
  Type.String({
    minLength: 1,
    maxLength: 50,
    pattern: '\\S',
    ...messages({
      required: `${label} is required`,
      minLength: `${label} is required`,
      pattern: `${label} is required`,
      maxLength: `${label} can have a maximum of 50 characters`,
    }),
  });

export const PhoneNumber = Type.String({
  pattern: '^\\+?\\d{7,15}$',
  ...messages({
    required: 'Phone Number is required',
    pattern: 'Phone number must have minimum of 7 digits and maximum of 15 digits',
  }),
});

export const SixDigitCode = Type.String({
  pattern: '^\\d{6}$',
  ...messages({ required: 'Code is required', pattern: 'Code must be 6 digits' }),
});

/** An opaque id or token echoed back from a link or an earlier response. */
export const OpaqueId = (label: string) =>
  Type.String({ minLength: 1, maxLength: 512, ...messages({ required: `${label} is required`, minLength: `${label} is required` }) });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const PortalKey = Type.Union([
  Type.Literal('kreanoAccount'),
  Type.Literal('kreanoMods'),
  Type.Literal('kreanoRedact'),
  Type.Literal('kreanoSign'),
  Type.Literal('kreanoId'),
  Type.Literal('kreanoExtract'),
  Type.Literal('dataExchange'),
]);
export type PortalKey = Static<typeof PortalKey>;
export const PORTAL_KEYS: readonly PortalKey[] = [
  'kreanoAccount',
  'kreanoMods',
  'kreanoRedact',
  'kreanoSign',
  'kreanoId',
  'kreanoExtract',
  'dataExchange',
];

export const MessageOnly = Envelope(Type.Null());
export type MessageOnly = Static<typeof MessageOnly>;
