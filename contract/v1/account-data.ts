/**
 * "Your data and leaving" (docs/account-settings.md): the signed-in user's copy of their data (GDPR art. 15 and 20),
 * prepared on the server and downloadable while it lasts, and the deletion of their account (art. 17).
 */
import { Type, type Static } from 'typebox';
import { Envelope, MessageOnly, Nullable, messages } from './common';
import { endpoint } from './endpoint';

const strict = { additionalProperties: false } as const;
const OPENAPI_TAG = 'Your data and account';

/** Days a prepared copy can be downloaded before the server deletes it. */
export const DATA_EXPORT_LIFETIME_DAYS = 7;

export const DataExportStatus = Type.Union([
  Type.Literal('preparing'),
  Type.Literal('ready'),
  Type.Literal('failed'),
]);
export type DataExportStatus = Static<typeof DataExportStatus>;

/** One requested copy of the user's data; its files exist while `status` is `ready`, until `expiresAt`. */
export const DataExportInfo = Type.Object({
  id: Type.String(),
  status: DataExportStatus,
  requestedAt: Type.String({ format: 'date-time' }),
  readyAt: Nullable(Type.String({ format: 'date-time' })),
  expiresAt: Nullable(Type.String({ format: 'date-time' })),
});
export type DataExportInfo = Static<typeof DataExportInfo>;

/** The user's latest copy, or null when there is none (never asked, or expired). */
export const DataExportResponse = Envelope(Type.Object({ export: Nullable(DataExportInfo) }));
export type DataExportData = Static<typeof DataExportResponse>['data'];

export const DataExportParams = Type.Object(
  {
    exportId: Type.String({
      minLength: 1,
      maxLength: 64,
      ...messages({ required: 'server:accountData.exportNotFound' }),
    }),
  },
  strict,
);
export type DataExportParams = Static<typeof DataExportParams>;

/** `json`: everything, machine-readable (art. 20); `summary`: the same as readable text in the user's language. */
export const DataExportFormat = Type.Union([Type.Literal('json'), Type.Literal('summary')], {
  ...messages({
    anyOf: 'server:accountData.formatInvalid',
    required: 'server:accountData.formatInvalid',
  }),
});
export type DataExportFormat = Static<typeof DataExportFormat>;
export const DataExportFileQuery = Type.Object({ format: DataExportFormat }, strict);
export type DataExportFileQuery = Static<typeof DataExportFileQuery>;

/** The 200 is the file itself (an attachment), not an envelope. */
export const DataExportFile = Type.Unsafe<unknown>({
  type: 'string',
  format: 'binary',
  description: 'application/json (format=json) or text/plain (format=summary) attachment, UTF-8',
});

/** A business organisation the user alone owns: it keeps the account from being deleted. */
export const OwnedOrganization = Type.Object({ id: Type.String(), name: Type.String() });
export type OwnedOrganization = Static<typeof OwnedOrganization>;

/** What deleting the account would meet now: the organisations to transfer or delete first. */
export const AccountDeletionCheckResponse = Envelope(
  Type.Object({ ownedOrganizations: Type.Array(OwnedOrganization) }),
);
export type AccountDeletionCheckData = Static<typeof AccountDeletionCheckResponse>['data'];

/** POST /v1/account/deletion: the user types their own email address to confirm. */
export const DeleteAccountBody = Type.Object(
  {
    confirmation: Type.String({
      minLength: 1,
      maxLength: 320,
      ...messages({
        required: 'server:accountData.confirmationMismatch',
        minLength: 'server:accountData.confirmationMismatch',
        maxLength: 'server:accountData.confirmationMismatch',
      }),
    }),
  },
  strict,
);
export type DeleteAccountBody = Static<typeof DeleteAccountBody>;

export const accountDataEndpoints = {
  dataExport: endpoint(
    {
      method: 'GET',
      path: '/v1/account/data-export',
      auth: 'session',
      scope: 'account',
      tag: OPENAPI_TAG,
      description: "The signed-in user's latest copy of their data and its state.",
    },
    { response: DataExportResponse },
  ),
  requestDataExport: endpoint(
    {
      method: 'POST',
      path: '/v1/account/data-export',
      auth: 'session',
      scope: 'account',
      tag: OPENAPI_TAG,
      description: `Starts preparing a copy of the user's data (or answers the one already being prepared); the account is mailed when it is ready. It can be downloaded for ${DATA_EXPORT_LIFETIME_DAYS} days.`,
    },
    { response: DataExportResponse },
  ),
  dataExportFile: endpoint(
    {
      method: 'GET',
      path: '/v1/account/data-export/:exportId/file',
      auth: 'session',
      scope: 'account',
      tag: OPENAPI_TAG,
      description: "A ready copy of the caller's own data as a file; another account's copy answers 404.",
    },
    { params: DataExportParams, query: DataExportFileQuery, response: DataExportFile },
  ),
  accountDeletionCheck: endpoint(
    {
      method: 'GET',
      path: '/v1/account/deletion',
      auth: 'session',
      scope: 'account',
      tag: OPENAPI_TAG,
      description: 'The business organisations the user owns, which must be transferred or deleted first.',
    },
    { response: AccountDeletionCheckResponse },
  ),
  deleteAccount: endpoint(
    {
      method: 'POST',
      path: '/v1/account/deletion',
      auth: 'session',
      scope: 'account',
      tag: OPENAPI_TAG,
      description:
        'Deletes the signed-in account: needs recent authentication (403 REAUTH_REQUIRED) and the account\'s email typed as confirmation; refused (409 ACCOUNT_OWNS_ORGANIZATIONS) while it owns a business organisation. Every session ends.',
    },
    { body: DeleteAccountBody, response: MessageOnly },
  ),
} as const;
