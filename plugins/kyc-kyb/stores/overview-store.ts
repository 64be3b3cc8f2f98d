import { makeAutoObservable, runInAction } from 'mobx';
import type { VerificationStatus } from '../model/status';

/** One verification on the overview: its latest status event. */
export interface StatusInfo {
  status: VerificationStatus;
  reason: string | null;
  /** When the latest status event happened (null before any). */
  updatedAt: string | null;
  /** A draft is kept (the action reads 'Continue'). */
  hasDraft: boolean;
}

export interface StatusBackend {
  kycStatus(signal?: AbortSignal): Promise<StatusInfo>;
  kybStatus(signal?: AbortSignal): Promise<StatusInfo>;
}

/** How often the overview asks again while a submission is with the provider (submitted or in review). */
export const STATUS_POLL_MS = 3_000;

export type Load<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; value: T };

/** A status the provider still works on: the overview asks again until it is decided. */
const inProgress = (status: VerificationStatus) => status === 'submitted' || status === 'inReview';

/**
 * The account overview: the user's KYC status and, in a business organisation, its KYB status. Each loads on
 * its own, so one failing leaves the other shown. While a submission is with the provider (submitted, in
 * review), each asks again every STATUS_POLL_MS: the provider decides in the background and nothing pushes its
 * answer to the page. A re-read keeps the shown status until the new one arrives (no spinner flashing), and a
 * re-read that fails keeps it too and tries again later.
 */
export class OverviewStore {
  kyc: Load<StatusInfo> = { state: 'loading' };
  kyb: Load<StatusInfo> = { state: 'loading' };

  private controller = new AbortController();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(
    private readonly api: StatusBackend,
    private readonly business: boolean,
  ) {
    makeAutoObservable<OverviewStore, 'api' | 'controller' | 'business' | 'timers'>(
      this,
      { api: false, controller: false, business: false, timers: false },
      { autoBind: true },
    );
  }

  start(): () => void {
    this.controller = new AbortController();
    void this.loadKyc();
    if (this.business) void this.loadKyb();
    return () => {
      this.controller.abort();
      for (const timer of this.timers) clearTimeout(timer);
      this.timers.clear();
    };
  }

  loadKyc(): Promise<void> {
    return this.fetch(
      (signal) => this.api.kycStatus(signal),
      () => this.kyc,
      (value) => (this.kyc = value),
      this.loadKyc,
    );
  }

  loadKyb(): Promise<void> {
    return this.fetch(
      (signal) => this.api.kybStatus(signal),
      () => this.kyb,
      (value) => (this.kyb = value),
      this.loadKyb,
    );
  }

  private async fetch(
    call: (signal: AbortSignal) => Promise<StatusInfo>,
    get: () => Load<StatusInfo>,
    set: (value: Load<StatusInfo>) => void,
    again: () => Promise<void>,
  ) {
    const { signal } = this.controller;
    const shown = get();
    const polling = shown.state === 'ready' && inProgress(shown.value.status);
    if (!polling) set({ state: 'loading' });
    try {
      const value = await call(signal);
      if (signal.aborted) return;
      runInAction(() => set({ state: 'ready', value }));
      if (inProgress(value.status)) this.schedule(again, signal);
    } catch {
      if (signal.aborted) return;
      if (polling) this.schedule(again, signal);
      else runInAction(() => set({ state: 'failed' }));
    }
  }

  private schedule(load: () => Promise<void>, signal: AbortSignal) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!signal.aborted) void load();
    }, STATUS_POLL_MS);
    this.timers.add(timer);
  }
}
