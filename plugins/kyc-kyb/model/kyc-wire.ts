import type {
  DocumentInfo,
  IdProof,
  KycData,
  KycDetails,
  KycDraftDetails,
} from '@contract/v1/identity-verification';
import type { UploadedDocument } from '../components/document-upload';
import { EMPTY_ANSWERS, isUpload, UPLOAD_FIELDS, type KycAnswers } from './kyc-values';

/** The personal step's fields; the address step has the others of the top level. */
const PERSONAL_FIELDS = ['firstName', 'middleName', 'lastName', 'gender', 'dob'];

/** Upload objects become the ids the server refers to. */
function withIds(proof: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(proof)) out[key] = isUpload(value) ? value.id : value;
  return out;
}

/** The answers as the server's flat shape: personal and address fields, then the two proofs. */
function flat(answers: KycAnswers): Record<string, unknown> {
  return { ...answers.personal, ...answers.address, idProofs: answers.proofs.map(withIds) };
}

/** POST /v1/kyc's body. The form's rules have passed; the server checks everything again. */
export function kycDetailsFrom(answers: KycAnswers): KycDetails {
  return flat(answers) as KycDetails;
}

/** PUT /v1/kyc/draft's details: whatever has been typed (a proof not started is an empty object). */
export function kycDraftFrom(answers: KycAnswers): KycDraftDetails {
  return flat(answers) as KycDraftDetails;
}

/** Ids back into upload objects, named from the documents the server lists. */
function withUploads(proof: Record<string, unknown>, documents: DocumentInfo[]): Record<string, unknown> {
  const out: Record<string, unknown> = { ...proof };
  for (const key of UPLOAD_FIELDS) {
    const id = proof[key];
    if (typeof id !== 'string' || id === '') continue;
    const known = documents.find((document) => document.documentId === id);
    out[key] = { id, fileName: known?.fileName ?? id } satisfies UploadedDocument;
  }
  return out;
}

/** Details from the server (a draft's or the last submission's) as the form's answers. */
export function answersFrom(
  details: Partial<KycDetails> | KycDraftDetails | null | undefined,
  documents: DocumentInfo[],
): KycAnswers {
  if (!details) return EMPTY_ANSWERS;
  const personal: Record<string, unknown> = {};
  const address: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(details)) {
    if (key === 'idProofs') continue;
    (PERSONAL_FIELDS.includes(key) ? personal : address)[key] = value;
  }
  const proofs = (details.idProofs ?? []) as Array<Partial<IdProof>>;
  return {
    personal,
    address,
    proofs: [withUploads(proofs[0] ?? {}, documents), withUploads(proofs[1] ?? {}, documents)],
  };
}

/**
 * Where the form starts: the draft when one is kept (its step), else the last submission (a resubmission after
 * a rejection starts from it, at the first step), else empty.
 */
export function kycStartFrom(data: KycData): { answers: KycAnswers; step: number } {
  if (data.draft) return { answers: answersFrom(data.draft.details, data.documents), step: data.draft.step };
  return { answers: answersFrom(data.details, data.documents), step: 0 };
}
