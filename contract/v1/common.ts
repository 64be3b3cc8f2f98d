import { Type, type Static, type TLiteral, type TSchema } from 'typebox';
import { PAGE_OFFSET_MAX, PORTAL_KEYS } from './constants';
import { qualifiedRuleMessage, type RuleMessageKey } from '../rules/messages';
import { ruleSet, type RuleName } from '../rules/rule-set';
import { RULE_KEYWORD } from '../rules/schema-keyword';

/**
 * Messages shown to the user for a failed rule, keyed by JSON-schema keyword (or, beside `x-rule`, by a rule
 * message key to reword that outcome). The server's validation error handler reads them, so each rule and its
 * wording live in one place (docs/validation-rules.md).
 */
export function messages(byKeyword: Record<string, string>): { 'x-messages': Record<string, string> } {
  return { 'x-messages': byKeyword };
}

/**
 * The `offset` of a paged list: a page number from 1 to PAGE_OFFSET_MAX, with one message for every way to miss it.
 * Without the maximum, an offset such as 922337203685477580 passed validation and overflowed the database's row
 * offset (a 500).
 */
export const PageOffset = (message: string) =>
  Type.Integer({
    minimum: 1,
    maximum: PAGE_OFFSET_MAX,
    default: 1,
    ...messages({ minimum: message, maximum: message, type: message }),
  });

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

/**
 * A string field checked by one rule of the shared rule set (contract/rules): the `x-rule` keyword runs the
 * very check the portal's forms run and answers its message key (`core:validation.*`), so client and server
 * refuse the same input with the same message. `minLength`/`maxLength` publish the bounds in OpenAPI;
 * `x-messages.required` words a missing field. Pass `overrides` to reword one outcome for an endpoint.
 * @example Type.Object({ firstName: ruleString('firstName') })
 */
export function ruleString(rule: RuleName, overrides: Partial<Record<RuleMessageKey, string>> = {}) {
  const { required, minLength, maxLength, boundMessages } = ruleSet[rule];
  return Type.String({
    minLength,
    maxLength,
    [RULE_KEYWORD]: rule,
    ...messages({
      required: overrides[required] ?? qualifiedRuleMessage(required),
      minLength: overrides[boundMessages.minLength] ?? qualifiedRuleMessage(boundMessages.minLength),
      maxLength: overrides[boundMessages.maxLength] ?? qualifiedRuleMessage(boundMessages.maxLength),
      ...overrides,
    }),
  });
}

/** The one email rule of the product (the portal's forms run the same check). */
export const EmailAddress = ruleString('email');

/** The password rules, for every password a user chooses. */
export const NewPassword = ruleString('password');

/** A password typed to log in: any existing password, so no strength rules, only present and bounded. */
export const LoginPassword = ruleString('loginPassword');

/** The current password of the change form: 7 to 30 characters with upper and lower case and a digit. */
export const CurrentPassword = ruleString('currentPassword');

/**
 * First or last name: letters, apostrophe, hyphen and dot, one space between two parts, at most 50 characters;
 * so no markup, control characters or emoji are ever stored.
 */
export const PersonName = (label: 'First name' | 'Last name') => ruleString(label === 'First name' ? 'firstName' : 'lastName');

/** An optional leading "+" then 7 to 15 digits. */
export const PhoneNumber = ruleString('phone');

/** The mobile number of two-factor authentication: the leading "+" and country code are required. */
export const MobilePhoneNumber = ruleString('mobilePhone');

/** One-time and authenticator codes: exactly 6 digits. */
export const SixDigitCode = ruleString('otp');

/**
 * An opaque id or token echoed back from a link or an earlier response. Its message is a key of the server's own
 * texts (locales/<lang>/server.json, docs/server-messages.md): only a malformed request can miss it.
 */
export const OpaqueId = (label: 'Token' | 'tokenId' | 'appId' | 'orgId' | 'invitationId') =>
  Type.String({
    minLength: 1,
    maxLength: 512,
    ...messages({ required: `server:validation.idRequired.${label}`, minLength: `server:validation.idRequired.${label}` }),
  });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The schema of the one portal-key list in `./constants` (the portal imports that list without TypeBox). */
type Literals<T extends readonly string[]> = { -readonly [K in keyof T]: TLiteral<T[K]> };
const literals = <const T extends readonly string[]>(values: T) =>
  values.map((value) => Type.Literal(value)) as unknown as Literals<T>;
export const PortalKey = Type.Union(literals(PORTAL_KEYS));
export type PortalKey = Static<typeof PortalKey>;
export { PORTAL_KEYS };

export const MessageOnly = Envelope(Type.Null());
export type MessageOnly = Static<typeof MessageOnly>;
