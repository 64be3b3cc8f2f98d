import { makeAutoObservable, runInAction } from 'mobx';
import type { KycDocumentKind } from '@contract/v1/identity-verification';
import type { UploadedDocument } from '../components/document-upload';
import { EMPTY_ANSWERS, type KycAnswers } from '../model/kyc-values';
import { isEditable, type VerificationStatus } from '../model/status';

/** The KYC as the page starts from: its status and the answers to show or continue from. */
export interface KycState {
  status: VerificationStatus;
  /** A rejection's reason. */
  reason: string | null;
  /** The draft, or the last submission (a resubmission starts from it). */
  answers: KycAnswers;
  /** The step the draft was left at. */
  step: number;
}

/** What the KYC screen needs from the server (HttpKycApi adapts the contract's endpoints to it). */
export interface KycBackend {
  loadKyc(signal?: AbortSignal): Promise<KycState>;
  saveKycDraft(answers: KycAnswers, step: number, signal?: AbortSignal): Promise<void>;
  submitKyc(answers: KycAnswers, signal?: AbortSignal): Promise<KycState>;
  uploadDocument(file: File, kind: KycDocumentKind, signal?: AbortSignal): Promise<UploadedDocument>;
}

export type KycPhase = 'loading' | 'failed' | 'form' | 'view';

/**
 * The KYC page: a form in steps whose progress the server keeps as a draft (each step finished, and a pause in
 * typing), so a user who leaves comes back to the same step with the same answers; once submitted, the answers
 * are shown read-only until a rejection or expiry allows a resubmission, which starts from them.
 * @example
 * const store = new KycStore(api);
 * useEffect(() => store.start(), [store]);
 */
export class KycStore {
  phase: KycPhase = 'loading';
  status: VerificationStatus = 'notSubmitted';
  reason: string | null = null;
  answers: KycAnswers = EMPTY_ANSWERS;
  step = 0;
  submitting = false;
  draftState: 'idle' | 'saving' | 'saved' | 'failed' = 'idle';

  private controller = new AbortController();

  constructor(private readonly api: KycBackend) {
    makeAutoObservable<KycStore, 'api' | 'controller'>(
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
      const state = await this.api.loadKyc(signal);
      runInAction(() => this.apply(state));
    } catch {
      if (!signal.aborted) runInAction(() => (this.phase = 'failed'));
    }
  }

  private apply(state: KycState): void {
    this.status = state.status;
    this.reason = state.reason;
    this.answers = state.answers;
    this.step = state.step;
    this.phase = isEditable(state.status) ? 'form' : 'view';
  }

  setStep(step: number): void {
    this.step = step;
  }

  /** Keeps the answers so far; a failure is only noted (the next save tries again), never in the way. */
  async saveDraft(answers: KycAnswers, step: number): Promise<void> {
    this.answers = answers;
    this.draftState = 'saving';
    try {
      await this.api.saveKycDraft(answers, step, this.controller.signal);
      runInAction(() => (this.draftState = 'saved'));
    } catch {
      runInAction(() => (this.draftState = 'failed'));
    }
  }

  /** Resolves true once the server has the submission; false leaves the form as it is (the reason was shown). */
  async submit(answers: KycAnswers): Promise<boolean> {
    this.submitting = true;
    this.answers = answers;
    try {
      const state = await this.api.submitKyc(answers, this.controller.signal);
      runInAction(() => this.apply(state));
      return true;
    } catch {
      return false;
    } finally {
      runInAction(() => (this.submitting = false));
    }
  }

  upload(file: File, kind: KycDocumentKind): Promise<UploadedDocument> {
    return this.api.uploadDocument(file, kind, this.controller.signal);
  }
}
