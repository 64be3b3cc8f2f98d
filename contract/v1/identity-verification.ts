/**
 * Identity verification (docs/identity-verification.md): a person's KYC (personal details, address, two identity
 * proofs of different types) and a business organisation's KYB (contact, entity, ABN/ACN, offices, listing,
 * registry extract and registration document), the server-side draft that keeps a form's progress between
 * visits, document uploads and their short-lived links, and the status events a verification provider produces.
 *
 * The field rules are the shared rule set's (contract/rules: business-numbers.ts, identity.ts, identity-lists.ts),
 * so the portal's forms refuse the same input with the same message. Rules that need today's date (adulthood,
 * expiry) and those that span fields (post code and state by country, two different proofs, names on a
 * document) run in the server's service with the same functions.
 */
import { Type, type Static, type TSchema } from 'typebox';
import {
  AUSTRALIAN_STATES,
  DOCUMENT_MAX_BYTES,
  ENTITY_TYPES,
  GENDERS,
  IDENTITY_PROOF_TYPES,
  IDENTITY_TEXT_MAX_LENGTH,
  MEDICARE_CARD_COLOURS,
  NAME_MAX_LENGTH,
  REGISTRATION_DOCUMENT_TYPES,
  STREET_TYPES,
} from '../rules';
import { Envelope, Nullable, messages, ruleString } from './common';
import { endpoint } from './endpoint';

const strict = { additionalProperties: false } as const;

/** A closed list of strings with one message for anything else. */
const oneOf = <const T extends readonly string[]>(values: T, message: string) =>
  Type.Unsafe<T[number]>(
    Type.String({ enum: [...values], ...messages({ enum: message, required: message }) }),
  );

// ---------------------------------------------------------------------------------------------------------------
// Statuses and events

/**
 * A verification's status: `notSubmitted` until details are submitted, then the latest status event's. `expired`
 * is a verified KYC whose earliest identity proof has passed its expiry date.
 */
export const VERIFICATION_STATUSES = [
  'notSubmitted',
  'submitted',
  'inReview',
  'verified',
  'rejected',
  'expired',
] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
export const VerificationStatusSchema = Type.Unsafe<VerificationStatus>(
  Type.String({ enum: [...VERIFICATION_STATUSES] }),
);

/** One change of status, as mailed to the user and written to the audit trail. */
export const StatusEvent = Type.Object({
  status: VerificationStatusSchema,
  /** Why, for a rejection (in the request's language); null otherwise. */
  reason: Nullable(Type.String()),
  occurredAt: Type.String({ format: 'date-time' }),
});
export type StatusEvent = Static<typeof StatusEvent>;

/** GET /v1/kyc/status, GET /v1/kyb/status, and the answer of a submission. Events oldest first. */
export const VerificationStatusData = Type.Object({
  status: VerificationStatusSchema,
  reason: Nullable(Type.String()),
  updatedAt: Nullable(Type.String({ format: 'date-time' })),
  events: Type.Array(StatusEvent),
});
export type VerificationStatusData = Static<typeof VerificationStatusData>;
export const VerificationStatusResponse = Envelope(VerificationStatusData);

// ---------------------------------------------------------------------------------------------------------------
// Documents

/** The file types a document may be, detected from its bytes (the name and the browser's type are not trusted). */
export const DOCUMENT_MIME_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type DocumentMimeType = (typeof DOCUMENT_MIME_TYPES)[number];

/** What an uploaded document is for. KYC: the identity proofs' images; KYB: the extract and registration document. */
export const KYC_DOCUMENT_KINDS = [
  'passport',
  'driverLicenceFront',
  'driverLicenceBack',
  'medicare',
] as const;
export type KycDocumentKind = (typeof KYC_DOCUMENT_KINDS)[number];
export const KYB_DOCUMENT_KINDS = ['registryExtract', 'registrationDocument'] as const;
export type KybDocumentKind = (typeof KYB_DOCUMENT_KINDS)[number];

/** The longest base64 text of a file of DOCUMENT_MAX_BYTES. */
export const DOCUMENT_BASE64_MAX_LENGTH = 4 * Math.ceil(DOCUMENT_MAX_BYTES / 3);
/**
 * The body limit of an upload: the base64 file and its few other fields. Every other endpoint keeps the usual
 * 1 MiB.
 */
export const DOCUMENT_UPLOAD_BODY_LIMIT = DOCUMENT_BASE64_MAX_LENGTH + 64 * 1024;

const DocumentContent = Type.String({
  minLength: 1,
  maxLength: DOCUMENT_BASE64_MAX_LENGTH,
  contentEncoding: 'base64',
  description: 'The file, base64 (standard alphabet, no data: prefix); at most 5 MB before encoding.',
  ...messages({
    required: 'server:validation.identity.fileRequired',
    minLength: 'server:validation.identity.fileRequired',
    maxLength: 'server:validation.identity.fileTooLarge',
  }),
});
const FileName = Type.String({
  minLength: 1,
  maxLength: 200,
  ...messages({
    required: 'server:validation.identity.fileNameRequired',
    minLength: 'server:validation.identity.fileNameRequired',
    maxLength: 'server:validation.identity.fileNameTooLong',
  }),
});

/**
 * POST /v1/kyc/documents and /v1/kyb/documents: one file as base64 JSON (body limit DOCUMENT_UPLOAD_BODY_LIMIT).
 * JPEG, PNG or PDF by its bytes, at most 5 MB; images are re-encoded without their metadata. The answer's
 * `documentId` is what the draft and the submission refer to; uploading again for a field replaces nothing by
 * itself: the form refers to the new id.
 */
export const UploadKycDocumentBody = Type.Object(
  {
    kind: oneOf(KYC_DOCUMENT_KINDS, 'server:validation.identity.documentKind'),
    fileName: FileName,
    content: DocumentContent,
  },
  strict,
);
export type UploadKycDocumentBody = Static<typeof UploadKycDocumentBody>;
export const UploadKybDocumentBody = Type.Object(
  {
    kind: oneOf(KYB_DOCUMENT_KINDS, 'server:validation.identity.documentKind'),
    fileName: FileName,
    content: DocumentContent,
  },
  strict,
);
export type UploadKybDocumentBody = Static<typeof UploadKybDocumentBody>;

/** An uploaded document as the portal lists it (never its bytes: those come through a link). */
export const DocumentInfo = Type.Object({
  documentId: Type.String(),
  kind: Type.String(),
  fileName: Type.String(),
  mimeType: Type.Unsafe<DocumentMimeType>(Type.String({ enum: [...DOCUMENT_MIME_TYPES] })),
  /** Bytes as stored (after re-encoding an image). */
  size: Type.Integer(),
  uploadedAt: Type.String({ format: 'date-time' }),
});
export type DocumentInfo = Static<typeof DocumentInfo>;
export const DocumentResponse = Envelope(Type.Object({ document: DocumentInfo }));

export const DocumentParams = Type.Object(
  {
    documentId: Type.String({
      minLength: 1,
      maxLength: 64,
      ...messages({
        required: 'server:validation.identity.documentId',
        minLength: 'server:validation.identity.documentId',
      }),
    }),
  },
  strict,
);
export type DocumentParams = Static<typeof DocumentParams>;

/**
 * POST /v1/kyc/documents/:documentId/link (its owner) and /v1/kyb/documents/:documentId/link (`kyb.submit`): a
 * link to the file that works for DOCUMENT_LINK_TTL_SECONDS, for an `<img src>` or a new tab. `url` is relative
 * to the API's base (`/v1/documents/file?token=…`).
 */
export const DOCUMENT_LINK_TTL_SECONDS = 60;
export const DocumentLinkData = Type.Object({
  url: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type DocumentLinkData = Static<typeof DocumentLinkData>;
export const DocumentLinkResponse = Envelope(DocumentLinkData);

/**
 * GET /v1/documents/file?token=…: the file itself (its own Content-Type, `Cache-Control: no-store`); 404 for an
 * unknown or expired token. The token is the credential, so an image tag can show it without a bearer header.
 */
export const DocumentFileQuery = Type.Object(
  {
    token: Type.String({
      minLength: 1,
      maxLength: 512,
      ...messages({
        required: 'server:validation.idRequired.Token',
        minLength: 'server:validation.idRequired.Token',
      }),
    }),
  },
  strict,
);
export type DocumentFileQuery = Static<typeof DocumentFileQuery>;
/** The 200 is the file's bytes, not an envelope. */
export const DocumentFileResponse = Type.Unsafe<unknown>({ type: 'string', format: 'binary' });

// ---------------------------------------------------------------------------------------------------------------
// Field schemas, strict (a submission) or loose (a draft: any prefix of what the user typed, bounded)

const looseText = (maxLength: number) => Type.String({ maxLength });
const text = (field: string, maxLength = IDENTITY_TEXT_MAX_LENGTH) =>
  Type.String({
    minLength: 1,
    maxLength,
    pattern: '\\S',
    ...messages({
      required: `server:validation.identity.required.${field}`,
      minLength: `server:validation.identity.required.${field}`,
      pattern: `server:validation.identity.required.${field}`,
      maxLength: `server:validation.identity.tooLong.${field}`,
    }),
  });
const IsoDate = (field: string) =>
  Type.String({
    pattern: '^\\d{4}-\\d{2}-\\d{2}$',
    ...messages({
      required: `server:validation.identity.required.${field}`,
      pattern: 'server:validation.identity.dateFormat',
    }),
  });
const IsoMonth = Type.String({
  pattern: '^\\d{4}-\\d{2}$',
  ...messages({
    required: 'server:validation.identity.required.expiry',
    pattern: 'server:validation.identity.monthFormat',
  }),
});
/** ISO 3166-1 alpha-2, checked against the country library on the server. */
const CountryCode = Type.String({
  pattern: '^[A-Z]{2}$',
  ...messages({
    required: 'server:validation.identity.country',
    pattern: 'server:validation.identity.country',
  }),
});
const DocumentRef = (field: string) =>
  Type.String({
    minLength: 1,
    maxLength: 64,
    ...messages({
      required: `server:validation.identity.required.${field}`,
      minLength: `server:validation.identity.required.${field}`,
    }),
  });

/** A request object that refuses unknown fields. */
function shape<P extends Record<string, TSchema>>(properties: P) {
  return Type.Object(properties, strict);
}

// KYC ------------------------------------------------------------------------------------------------------------

/**
 * One identity proof. `documentType` says which fields apply:
 * - passport: issuingCountry, number, firstName, middleName?, lastName, expiryDate, dob, documentId (its image);
 * - driverLicence: number, issuingState, cardNumber (required in CARD_NUMBER_STATES), firstName, middleName?,
 *   lastName, expiryDate, frontDocumentId, backDocumentId;
 * - medicare: number (10 digits with its check digit), cardColour, individualReference (1-9), expiryMonth
 *   ('YYYY-MM'), nameOnCard, dob, documentId.
 * Fields of another type are refused.
 */
export const IdProof = shape({
  documentType: oneOf(IDENTITY_PROOF_TYPES, 'server:validation.identity.documentType'),
  number: Type.Optional(text('documentNumber', 20)),
  issuingCountry: Type.Optional(CountryCode),
  issuingState: Type.Optional(oneOf(AUSTRALIAN_STATES, 'core:validation.state.australia')),
  cardNumber: Type.Optional(text('cardNumber', 20)),
  firstName: Type.Optional(ruleString('firstName')),
  middleName: Type.Optional(ruleString('middleName')),
  lastName: Type.Optional(ruleString('lastName')),
  nameOnCard: Type.Optional(text('nameOnCard', 27)),
  expiryDate: Type.Optional(IsoDate('expiry')),
  expiryMonth: Type.Optional(IsoMonth),
  dob: Type.Optional(IsoDate('dob')),
  cardColour: Type.Optional(oneOf(MEDICARE_CARD_COLOURS, 'server:validation.identity.cardColour')),
  individualReference: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 9,
      ...messages({
        type: 'core:validation.medicare.reference',
        minimum: 'core:validation.medicare.reference',
        maximum: 'core:validation.medicare.reference',
      }),
    }),
  ),
  documentId: Type.Optional(DocumentRef('documentId')),
  frontDocumentId: Type.Optional(DocumentRef('frontDocumentId')),
  backDocumentId: Type.Optional(DocumentRef('backDocumentId')),
});
export type IdProof = Static<typeof IdProof>;

/** POST /v1/kyc: the whole form. Exactly two proofs, of different types. */
export const KycDetails = shape({
  firstName: ruleString('firstName'),
  middleName: Type.Optional(ruleString('middleName')),
  lastName: ruleString('lastName'),
  gender: oneOf(GENDERS, 'server:validation.identity.gender'),
  dob: IsoDate('dob'),
  unitNumber: Type.Optional(looseText(10)),
  streetNumber: text('streetNumber', 10),
  streetName: text('streetName'),
  streetType: oneOf(STREET_TYPES, 'server:validation.identity.streetType'),
  suburb: text('suburb'),
  state: text('state', 50),
  postCode: text('postCode', 10),
  country: CountryCode,
  idProofs: Type.Array(IdProof, {
    minItems: 2,
    maxItems: 2,
    ...messages({
      required: 'server:validation.identity.twoProofs',
      minItems: 'server:validation.identity.twoProofs',
      maxItems: 'server:validation.identity.twoProofs',
    }),
  }),
});
export type KycDetails = Static<typeof KycDetails>;

/** A KYC draft's details: any of the form's fields as typed so far (checked only for size). */
export const KycDraftDetails = Type.Object(
  {
    firstName: Type.Optional(looseText(NAME_MAX_LENGTH)),
    middleName: Type.Optional(looseText(NAME_MAX_LENGTH)),
    lastName: Type.Optional(looseText(NAME_MAX_LENGTH)),
    gender: Type.Optional(looseText(20)),
    dob: Type.Optional(looseText(10)),
    unitNumber: Type.Optional(looseText(10)),
    streetNumber: Type.Optional(looseText(10)),
    streetName: Type.Optional(looseText(IDENTITY_TEXT_MAX_LENGTH)),
    streetType: Type.Optional(looseText(20)),
    suburb: Type.Optional(looseText(IDENTITY_TEXT_MAX_LENGTH)),
    state: Type.Optional(looseText(50)),
    postCode: Type.Optional(looseText(10)),
    country: Type.Optional(looseText(2)),
    idProofs: Type.Optional(
      Type.Array(
        Type.Object(
          {
            documentType: Type.Optional(looseText(20)),
            number: Type.Optional(looseText(20)),
            issuingCountry: Type.Optional(looseText(2)),
            issuingState: Type.Optional(looseText(3)),
            cardNumber: Type.Optional(looseText(20)),
            firstName: Type.Optional(looseText(NAME_MAX_LENGTH)),
            middleName: Type.Optional(looseText(NAME_MAX_LENGTH)),
            lastName: Type.Optional(looseText(NAME_MAX_LENGTH)),
            nameOnCard: Type.Optional(looseText(27)),
            expiryDate: Type.Optional(looseText(10)),
            expiryMonth: Type.Optional(looseText(7)),
            dob: Type.Optional(looseText(10)),
            cardColour: Type.Optional(looseText(10)),
            individualReference: Type.Optional(Type.Integer({ minimum: 0, maximum: 9 })),
            documentId: Type.Optional(looseText(64)),
            frontDocumentId: Type.Optional(looseText(64)),
            backDocumentId: Type.Optional(looseText(64)),
          },
          strict,
        ),
        { maxItems: 2 },
      ),
    ),
  },
  strict,
);
export type KycDraftDetails = Static<typeof KycDraftDetails>;

/** The step the form was on (0-based; the portal decides what each step is). */
const DraftStep = Type.Integer({
  minimum: 0,
  maximum: 20,
  ...messages({
    type: 'server:validation.identity.step',
    minimum: 'server:validation.identity.step',
    maximum: 'server:validation.identity.step',
  }),
});

/** PUT /v1/kyc/draft: keeps the form's progress on the server (replaces the previous draft). */
export const KycDraftBody = Type.Object({ step: DraftStep, details: KycDraftDetails }, strict);
export type KycDraftBody = Static<typeof KycDraftBody>;
export const KycDraft = Type.Object({
  step: Type.Integer(),
  details: KycDraftDetails,
  savedAt: Type.String({ format: 'date-time' }),
});
export type KycDraft = Static<typeof KycDraft>;
export const KycDraftResponse = Envelope(Type.Object({ draft: KycDraft }));

/**
 * GET /v1/kyc: the status, the last submitted details (also after a rejection, so a resubmission starts from
 * them), the draft if one is kept, and the documents either refers to.
 */
export const KycData = Type.Object({
  status: VerificationStatusSchema,
  reason: Nullable(Type.String()),
  events: Type.Array(StatusEvent),
  details: Nullable(KycDetails),
  draft: Nullable(KycDraft),
  documents: Type.Array(DocumentInfo),
});
export type KycData = Static<typeof KycData>;
export const KycResponse = Envelope(KycData);

// KYB ------------------------------------------------------------------------------------------------------------

/**
 * POST /v1/kyb: the business's details. `abn` is required for an Australian business, `acn` for an Australian
 * company (the ABN's last 9 digits usually equal the ACN: the form warns, the server accepts); `exchange` and
 * `ticker` are required when `listed`. `extractDocumentId` (kind `registryExtract`) and `registrationDocumentId`
 * (kind `registrationDocument`) are uploads of this organisation.
 */
export const KybDetails = shape({
  firstName: ruleString('firstName'),
  middleName: Type.Optional(ruleString('middleName')),
  lastName: ruleString('lastName'),
  country: CountryCode,
  entityType: oneOf(ENTITY_TYPES, 'server:validation.identity.entityType'),
  companyName: text('companyName'),
  abn: Type.Optional(ruleString('abn')),
  acn: Type.Optional(ruleString('acn')),
  registeredOff: text('registeredOff', 200),
  primaryLocation: text('primaryLocation', 200),
  listed: Type.Boolean(
    messages({
      required: 'server:validation.identity.required.listed',
      type: 'server:validation.identity.required.listed',
    }),
  ),
  exchange: Type.Optional(text('exchange', 50)),
  ticker: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9.]{1,10}$',
      ...messages({
        required: 'server:validation.identity.required.ticker',
        pattern: 'server:validation.identity.ticker',
      }),
    }),
  ),
  extractDocumentId: DocumentRef('extractDocumentId'),
  documentType: oneOf(REGISTRATION_DOCUMENT_TYPES, 'server:validation.identity.registrationDocumentType'),
  registrationDocumentId: DocumentRef('registrationDocumentId'),
});
export type KybDetails = Static<typeof KybDetails>;

export const KybDraftDetails = Type.Object(
  {
    firstName: Type.Optional(looseText(NAME_MAX_LENGTH)),
    middleName: Type.Optional(looseText(NAME_MAX_LENGTH)),
    lastName: Type.Optional(looseText(NAME_MAX_LENGTH)),
    country: Type.Optional(looseText(2)),
    entityType: Type.Optional(looseText(30)),
    companyName: Type.Optional(looseText(IDENTITY_TEXT_MAX_LENGTH)),
    abn: Type.Optional(looseText(20)),
    acn: Type.Optional(looseText(20)),
    registeredOff: Type.Optional(looseText(200)),
    primaryLocation: Type.Optional(looseText(200)),
    listed: Type.Optional(Type.Boolean()),
    exchange: Type.Optional(looseText(50)),
    ticker: Type.Optional(looseText(10)),
    extractDocumentId: Type.Optional(looseText(64)),
    documentType: Type.Optional(looseText(30)),
    registrationDocumentId: Type.Optional(looseText(64)),
  },
  strict,
);
export type KybDraftDetails = Static<typeof KybDraftDetails>;

/** PUT /v1/kyb/draft. */
export const KybDraftBody = Type.Object({ step: DraftStep, details: KybDraftDetails }, strict);
export type KybDraftBody = Static<typeof KybDraftBody>;
export const KybDraft = Type.Object({
  step: Type.Integer(),
  details: KybDraftDetails,
  savedAt: Type.String({ format: 'date-time' }),
});
export type KybDraft = Static<typeof KybDraft>;
export const KybDraftResponse = Envelope(Type.Object({ draft: KybDraft }));

/** GET /v1/kyb: the active business organisation's KYB state (all empty after a reset). */
export const KybData = Type.Object({
  status: VerificationStatusSchema,
  reason: Nullable(Type.String()),
  events: Type.Array(StatusEvent),
  details: Nullable(KybDetails),
  draft: Nullable(KybDraft),
  documents: Type.Array(DocumentInfo),
});
export type KybData = Static<typeof KybData>;
export const KybResponse = Envelope(KybData);

const OPENAPI_TAG = 'Identity verification';

/**
 * Identity verification: KYC of the signed-in person, KYB of the active business organisation
 * (docs/identity-verification.md). Uploads are base64 JSON with their own body limit.
 */
export const identityVerificationEndpoints = {
  kyc: endpoint(
    {
      method: 'GET',
      path: '/v1/kyc',
      auth: 'session',
      scope: 'account',
      tag: OPENAPI_TAG,
      description: "The caller's KYC: status, last submitted details, draft and documents.",
    },
    { response: KycResponse },
  ),
  submitKyc: endpoint(
    {
      method: 'POST',
      path: '/v1/kyc',
      auth: 'session',
      scope: 'account',
      tag: OPENAPI_TAG,
      description:
        'Submits the KYC form (two identity proofs of different types) to the verification provider; refused while one is submitted, in review or verified.',
    },
    { body: KycDetails, response: VerificationStatusResponse },
  ),
  kycStatus: endpoint(
    {
      method: 'GET',
      path: '/v1/kyc/status',
      auth: 'session',
      scope: 'account',
      tag: OPENAPI_TAG,
      description: "The caller's KYC status and its status events.",
    },
    { response: VerificationStatusResponse },
  ),
  saveKycDraft: endpoint(
    {
      method: 'PUT',
      path: '/v1/kyc/draft',
      auth: 'session',
      scope: 'account',
      tag: OPENAPI_TAG,
      description: "Keeps the KYC form's progress (step and fields as typed) until it is submitted.",
    },
    { body: KycDraftBody, response: KycDraftResponse },
  ),
  uploadKycDocument: endpoint(
    {
      method: 'POST',
      path: '/v1/kyc/documents',
      auth: 'session',
      scope: 'account',
      tag: OPENAPI_TAG,
      bodyLimit: DOCUMENT_UPLOAD_BODY_LIMIT,
      description:
        'Uploads an identity proof image: JPEG, PNG or PDF by its bytes, at most 5 MB, base64; stored encrypted.',
    },
    { body: UploadKycDocumentBody, response: DocumentResponse },
  ),
  kycDocumentLink: endpoint(
    {
      method: 'POST',
      path: '/v1/kyc/documents/:documentId/link',
      auth: 'session',
      scope: 'account',
      tag: OPENAPI_TAG,
      description: "A short-lived link to one of the caller's KYC documents.",
    },
    { params: DocumentParams, response: DocumentLinkResponse },
  ),
  kyb: endpoint(
    {
      method: 'GET',
      path: '/v1/kyb',
      auth: 'session',
      permission: 'kyb.submit',
      tag: OPENAPI_TAG,
      description: "The active business organisation's KYB: status, details, draft and documents.",
    },
    { response: KybResponse },
  ),
  submitKyb: endpoint(
    {
      method: 'POST',
      path: '/v1/kyb',
      auth: 'session',
      permission: 'kyb.submit',
      tag: OPENAPI_TAG,
      description:
        "Submits the business's details to the verification provider; refused while one is submitted, in review or verified.",
    },
    { body: KybDetails, response: VerificationStatusResponse },
  ),
  kybStatus: endpoint(
    {
      method: 'GET',
      path: '/v1/kyb/status',
      auth: 'session',
      tag: OPENAPI_TAG,
      description:
        "The active organisation's KYB status and its status events ('notSubmitted' for a personal account).",
    },
    { response: VerificationStatusResponse },
  ),
  saveKybDraft: endpoint(
    {
      method: 'PUT',
      path: '/v1/kyb/draft',
      auth: 'session',
      permission: 'kyb.submit',
      tag: OPENAPI_TAG,
      description: "Keeps the KYB form's progress until it is submitted.",
    },
    { body: KybDraftBody, response: KybDraftResponse },
  ),
  resetKyb: endpoint(
    {
      method: 'POST',
      path: '/v1/kyb/reset',
      auth: 'session',
      permission: 'kyb.submit',
      tag: OPENAPI_TAG,
      description:
        "Clears the organisation's KYB (status, business details, entity type, documents, draft) to start again.",
    },
    { response: VerificationStatusResponse },
  ),
  uploadKybDocument: endpoint(
    {
      method: 'POST',
      path: '/v1/kyb/documents',
      auth: 'session',
      permission: 'kyb.submit',
      tag: OPENAPI_TAG,
      bodyLimit: DOCUMENT_UPLOAD_BODY_LIMIT,
      description:
        'Uploads the registry extract or the registration document: JPEG, PNG or PDF, at most 5 MB, base64; stored encrypted.',
    },
    { body: UploadKybDocumentBody, response: DocumentResponse },
  ),
  kybDocumentLink: endpoint(
    {
      method: 'POST',
      path: '/v1/kyb/documents/:documentId/link',
      auth: 'session',
      permission: 'kyb.submit',
      tag: OPENAPI_TAG,
      description: "A short-lived link to one of the organisation's KYB documents.",
    },
    { params: DocumentParams, response: DocumentLinkResponse },
  ),
  documentFile: endpoint(
    {
      method: 'GET',
      path: '/v1/documents/file',
      auth: 'public',
      tag: OPENAPI_TAG,
      description: 'The file behind a short-lived document link (the token is the credential); never cached.',
    },
    { query: DocumentFileQuery, response: DocumentFileResponse },
  ),
} as const;
