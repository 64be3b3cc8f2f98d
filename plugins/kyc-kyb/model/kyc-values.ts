import type { IdentityProofType } from '@contract/rules/identity-lists';
import type { UploadedDocument } from '../components/document-upload';
import { fromIso, toIsoDate, toIsoMonth } from './dates';

/** What the steps of the KYC form hold, each step its own form: values as the fields keep them (dayjs dates). */
export type StepValues = Record<string, unknown>;

/**
 * The answers of the KYC form as plain data (ISO dates, upload references): what the draft keeps and the
 * submission is built from. Steps not reached yet are empty objects.
 */
export interface KycAnswers {
  personal: Record<string, unknown>;
  address: Record<string, unknown>;
  proofs: [Record<string, unknown>, Record<string, unknown>];
}

export const EMPTY_ANSWERS: KycAnswers = { personal: {}, address: {}, proofs: [{}, {}] };

/** Date pickers: a day for these, a month for a Medicare card's expiry. */
const DAY_FIELDS = ['dob', 'expiryDate'] as const;
const MONTH_FIELDS = ['expiryMonth'] as const;

/** Drops empty fields, trims text and turns picker dates into ISO strings. */
function plain(values: StepValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    if ((DAY_FIELDS as readonly string[]).includes(key)) out[key] = toIsoDate(value);
    else if ((MONTH_FIELDS as readonly string[]).includes(key)) out[key] = toIsoMonth(value);
    else out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}

/** Back into field values: ISO strings become picker dates. */
function fields(values: Record<string, unknown>): StepValues {
  const out: StepValues = { ...values };
  for (const key of [...DAY_FIELDS, ...MONTH_FIELDS]) if (key in out) out[key] = fromIso(out[key]);
  return out;
}

/** The four forms' values (personal, address, proof 1, proof 2) as answers. */
export function answersFromSteps(steps: StepValues[]): KycAnswers {
  return {
    personal: plain(steps[0] ?? {}),
    address: plain(steps[1] ?? {}),
    proofs: [plain(steps[2] ?? {}), plain(steps[3] ?? {})],
  };
}

/** The answers as the four forms' initial values. */
export function stepsFromAnswers(answers: KycAnswers): StepValues[] {
  return [
    fields(answers.personal),
    fields(answers.address),
    fields(answers.proofs[0]),
    fields(answers.proofs[1]),
  ];
}

export function proofType(values: Record<string, unknown>): IdentityProofType | undefined {
  return values.documentType as IdentityProofType | undefined;
}

/** The fields of a proof that hold an upload (the form keeps `{ id, fileName }`, the server the id). */
export const UPLOAD_FIELDS = ['documentId', 'frontDocumentId', 'backDocumentId'] as const;

export function isUpload(value: unknown): value is UploadedDocument {
  return typeof value === 'object' && value !== null && typeof (value as UploadedDocument).id === 'string';
}
