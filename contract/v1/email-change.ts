import { Type, type Static } from 'typebox';
import { EmailAddress, Envelope, OpaqueId } from './common';
import { endpoint } from './endpoint';

const strict = { additionalProperties: false } as const;
const OPENAPI_TAG = 'Email change';

/** POST /v1/user/email-change: where the confirmation link goes, and whether other logins end once it is opened. */
export const EmailChangeRequestBody = Type.Object(
  { newEmail: EmailAddress, endOtherSessions: Type.Optional(Type.Boolean()) },
  strict,
);
export type EmailChangeRequestBody = Static<typeof EmailChangeRequestBody>;

/** The address the link was sent to, as the server will use it (trimmed, lower case). */
export const EmailChangeRequestData = Type.Object({ newEmail: Type.String() });
export const EmailChangeRequestResponse = Envelope(EmailChangeRequestData);

/** POST /v1/email-change/confirm and /v1/email-change/undo: the token of the mailed link. */
export const EmailChangeLinkBody = Type.Object({ token: OpaqueId('Token') }, strict);
export type EmailChangeLinkBody = Static<typeof EmailChangeLinkBody>;

/** The account's login address after the link was used. */
export const EmailChangeLinkData = Type.Object({ email: Type.String() });
export type EmailChangeLinkData = Static<typeof EmailChangeLinkData>;
export const EmailChangeLinkResponse = Envelope(EmailChangeLinkData);

/** Changing the login address (docs/account-settings.md#changing-the-email-address). */
export const emailChangeEndpoints = {
  requestEmailChange: endpoint(
    {
      method: 'POST',
      path: '/v1/user/email-change',
      auth: 'session',
      scope: 'account',
      tag: OPENAPI_TAG,
      description:
        'Needs recent authentication. Mails a confirmation link to the new address; answers the same whether or not ' +
        'the address is free (a taken address is mailed a notice instead).',
    },
    { body: EmailChangeRequestBody, response: EmailChangeRequestResponse },
  ),
  confirmEmailChange: endpoint(
    {
      method: 'POST',
      path: '/v1/email-change/confirm',
      auth: 'public',
      tag: OPENAPI_TAG,
      description: 'The link mailed to the new address: makes it the login address (single use, expires).',
    },
    { body: EmailChangeLinkBody, response: EmailChangeLinkResponse },
  ),
  undoEmailChange: endpoint(
    {
      method: 'POST',
      path: '/v1/email-change/undo',
      auth: 'public',
      tag: OPENAPI_TAG,
      description: 'The link mailed to the old address: puts it back and ends every session of the account.',
    },
    { body: EmailChangeLinkBody, response: EmailChangeLinkResponse },
  ),
} as const;
