import type { DocumentInfo, KybDetails, KybDraftDetails } from '@contract/v1/identity-verification';
import type { UploadedDocument } from '../components/document-upload';
import type { KybAnswers } from '../stores/kyb-store';
import { isUpload } from './kyc-values';

const UPLOAD_FIELDS = ['extractDocumentId', 'registrationDocumentId'] as const;

/**
 * POST /v1/kyb's body from the form: empty fields left out, uploads by id, the ACN only for a company and the
 * exchange and ticker only when listed (a field the form hides is not sent).
 */
export function kybDetailsFrom(answers: KybAnswers): KybDetails {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(answers)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'acn' && answers.entityType !== 'company') continue;
    if ((key === 'exchange' || key === 'ticker') && !answers.listed) continue;
    out[key] = isUpload(value) ? value.id : typeof value === 'string' ? value.trim() : value;
  }
  out.listed = Boolean(answers.listed);
  return out as KybDetails;
}

/** The last submission (or a draft) back into the form, uploads named from the documents the server lists. */
export function kybAnswersFrom(
  details: Partial<KybDetails> | KybDraftDetails | null | undefined,
  documents: DocumentInfo[],
): KybAnswers {
  if (!details) return {};
  const out: KybAnswers = { ...details };
  for (const key of UPLOAD_FIELDS) {
    const id = details[key];
    if (typeof id !== 'string' || id === '') continue;
    const known = documents.find((document) => document.documentId === id);
    out[key] = { id, fileName: known?.fileName ?? id } satisfies UploadedDocument;
  }
  return out;
}
