import { makeAutoObservable, runInAction } from 'mobx';
import type { KybDocumentKind } from '@contract/v1/identity-verification';
import type { UploadedDocument } from '../components/document-upload';
import { isEditable, type VerificationStatus } from '../model/status';

/** The KYB answers as plain data (upload references for the documents). */
export type KybAnswers = Record<string, unknown>;

export interface KybState {
  status: VerificationStatus;
  reason: string | null;
  /** The last submission (a resubmission starts from it), empty before any. */
  answers: KybAnswers;
}

/** What the KYB screen needs from the server (HttpKycApi adapts the contract's endpoints to it). */
export interface KybBackend {
  loadKyb(signal?: AbortSignal): Promise<KybState>;
  submitKyb(answers: KybAnswers, signal?: AbortSignal): Promise<KybState>;
  resetKyb(signal?: AbortSignal): Promise<KybState>;
  uploadKybDocument(file: File, kind: KybDocumentKind, signal?: AbortSignal): Promise<UploadedDocument>;
}

export type KybPhase = 'loading' | 'failed' | 'form' | 'view';

/**
 * The KYB page: the business's details for verification, read-only once submitted until a rejection or expiry
 * allows a resubmission (from the previous answers); a reset clears everything to start again.
 */
export class KybStore {
  phase: KybPhase = 'loading';
  status: VerificationStatus = 'notSubmitted';
  reason: string | null = null;
  answers: KybAnswers = {};
  submitting = false;
  resetting = false;
  /** Bumped by a reset, so the form remounts empty. */
  version = 0;

  private controller = new AbortController();

  constructor(private readonly api: KybBackend) {
    makeAutoObservable<KybStore, 'api' | 'controller'>(
      this,
      { api: false, controller: false },
      { autoBind: true },
    );
  }

  start(): () => void {
    this.controller = new AbortController();
    void this.load();
    return () => this.controller.abort();
  }

  async load(): Promise<void> {
    const { signal } = this.controller;
    this.phase = 'loading';
    try {
      const state = await this.api.loadKyb(signal);
      runInAction(() => this.apply(state));
    } catch {
      if (!signal.aborted) runInAction(() => (this.phase = 'failed'));
    }
  }

  private apply(state: KybState): void {
    this.status = state.status;
    this.reason = state.reason;
    this.answers = state.answers;
    this.phase = isEditable(state.status) ? 'form' : 'view';
  }

  /** True once submitted; false keeps the form as typed (the server's reason was shown). */
  async submit(answers: KybAnswers): Promise<boolean> {
    this.submitting = true;
    try {
      const state = await this.api.submitKyb(answers, this.controller.signal);
      runInAction(() => this.apply(state));
      return true;
    } catch {
      return false;
    } finally {
      runInAction(() => (this.submitting = false));
    }
  }

  async reset(): Promise<boolean> {
    this.resetting = true;
    try {
      const state = await this.api.resetKyb(this.controller.signal);
      runInAction(() => {
        this.apply(state);
        this.version += 1;
      });
      return true;
    } catch {
      return false;
    } finally {
      runInAction(() => (this.resetting = false));
    }
  }

  upload(file: File, kind: KybDocumentKind): Promise<UploadedDocument> {
    return this.api.uploadKybDocument(file, kind, this.controller.signal);
  }
}
