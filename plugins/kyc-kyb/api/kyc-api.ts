import { HttpClient, inject, injectable } from '@core';
import { endpoints } from '@contract/v1/endpoints';
import type {
  KybDocumentKind,
  KybDetails,
  KycDocumentKind,
  VerificationStatusData,
} from '@contract/v1/identity-verification';
import type { UploadedDocument } from '../components/document-upload';
import { answersFrom, kycDetailsFrom, kycDraftFrom, kycStartFrom } from '../model/kyc-wire';
import type { KycAnswers } from '../model/kyc-values';
import { kybAnswersFrom, kybDetailsFrom } from '../model/kyb-wire';
import type { KybAnswers, KybState } from '../stores/kyb-store';
import type { KycState } from '../stores/kyc-store';
import type { StatusInfo } from '../stores/overview-store';
import { fileToBase64 } from './file-to-base64';

function statusInfo(data: VerificationStatusData, hasDraft = false): StatusInfo {
  return { status: data.status, reason: data.reason, updatedAt: data.updatedAt, hasDraft };
}

/**
 * The verification plugin's /v1 calls (KYC for the caller, KYB for the organisation of the caller's access
 * token), adapted to what the screens keep: answers by step, uploads with their file names. Failures are shown
 * by the HTTP client (docs/api-errors.md); draft saves and status reads are silent.
 */
@injectable()
export class HttpKycApi {
  constructor(@inject(HttpClient) private readonly http: HttpClient) {}

  // KYC

  /** The status; before any submission, whether a draft is kept decides between 'start' and 'continue'. */
  async kycStatus(signal?: AbortSignal): Promise<StatusInfo> {
    const { data } = await this.http.call(endpoints.kycStatus, undefined, { signal, silent: true });
    if (data.status !== 'notSubmitted') return statusInfo(data);
    const full = await this.http.call(endpoints.kyc, undefined, { signal, silent: true });
    return statusInfo(data, full.data.draft !== null);
  }

  async loadKyc(signal?: AbortSignal): Promise<KycState> {
    const { data } = await this.http.call(endpoints.kyc, undefined, { signal });
    const start = kycStartFrom(data);
    // Once submitted, the page shows what was sent (not a draft).
    const shown = data.status === 'notSubmitted' || data.status === 'rejected' || data.status === 'expired';
    return {
      status: data.status,
      reason: data.reason,
      answers: shown ? start.answers : answersFrom(data.details, data.documents),
      step: shown ? start.step : 0,
    };
  }

  async saveKycDraft(answers: KycAnswers, step: number, signal?: AbortSignal): Promise<void> {
    await this.http.call(
      endpoints.saveKycDraft,
      { body: { step, details: kycDraftFrom(answers) } },
      { signal, silent: true },
    );
  }

  async submitKyc(answers: KycAnswers, signal?: AbortSignal): Promise<KycState> {
    const { data } = await this.http.call(
      endpoints.submitKyc,
      { body: kycDetailsFrom(answers) },
      { signal, showSuccess: true },
    );
    return { status: data.status, reason: data.reason, answers, step: 0 };
  }

  async uploadDocument(file: File, kind: KycDocumentKind, signal?: AbortSignal): Promise<UploadedDocument> {
    const content = await fileToBase64(file);
    const { data } = await this.http.call(
      endpoints.uploadKycDocument,
      { body: { kind, fileName: file.name, content } },
      { signal },
    );
    return { id: data.document.documentId, fileName: data.document.fileName };
  }

  // KYB

  async kybStatus(signal?: AbortSignal): Promise<StatusInfo> {
    const { data } = await this.http.call(endpoints.kybStatus, undefined, { signal, silent: true });
    return statusInfo(data);
  }

  async loadKyb(signal?: AbortSignal): Promise<KybState> {
    const { data } = await this.http.call(endpoints.kyb, undefined, { signal });
    const details = data.draft?.details ?? data.details;
    return { status: data.status, reason: data.reason, answers: kybAnswersFrom(details, data.documents) };
  }

  async submitKyb(answers: KybAnswers, signal?: AbortSignal): Promise<KybState> {
    const body: KybDetails = kybDetailsFrom(answers);
    const { data } = await this.http.call(endpoints.submitKyb, { body }, { signal, showSuccess: true });
    return { status: data.status, reason: data.reason, answers };
  }

  async resetKyb(signal?: AbortSignal): Promise<KybState> {
    const { data } = await this.http.call(endpoints.resetKyb, undefined, { signal, showSuccess: true });
    return { status: data.status, reason: data.reason, answers: {} };
  }

  async uploadKybDocument(
    file: File,
    kind: KybDocumentKind,
    signal?: AbortSignal,
  ): Promise<UploadedDocument> {
    const content = await fileToBase64(file);
    const { data } = await this.http.call(
      endpoints.uploadKybDocument,
      { body: { kind, fileName: file.name, content } },
      { signal },
    );
    return { id: data.document.documentId, fileName: data.document.fileName };
  }
}

/** What the verification screens call: {@link HttpKycApi}'s methods, typed by the endpoint table. */
export { KycApi } from './kyc-api-token';
