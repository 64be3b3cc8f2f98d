import type { RecoveryCodeStatus } from '@contract/v1/recovery-codes';
import { RECOVERY_CODES_LOW } from '@contract/v1/recovery-code-format';
import { makeAutoObservable, runInAction } from 'mobx';
import type { UserSecurityApi } from '../api/user-security-api';

export type RecoveryCodesPhase = 'loading' | 'ready' | 'failed';

/**
 * The Recovery codes panel (docs/recovery-codes.md): how many codes are left, a new set after confirming it is the
 * user (the HTTP pipeline asks when the login is not recent), and the set just made, shown once. The first set is
 * made as soon as the user turns on their first second factor on this page ({@link secondFactorChanged}).
 */
export class RecoveryCodesStore {
  phase: RecoveryCodesPhase = 'loading';
  status: RecoveryCodeStatus | null = null;
  /** The codes of the set just made: shown until the user closes them, never fetched again. */
  shownCodes: string[] | null = null;
  /** The "make a new set" confirmation is open. */
  confirming = false;
  busy = false;

  constructor(private readonly api: UserSecurityApi) {
    makeAutoObservable<RecoveryCodesStore, 'api'>(this, { api: false });
  }

  /** A set was made and codes are left, but few: the page warns. */
  get low(): boolean {
    return this.status !== null && this.status.total > 0 && this.status.remaining <= RECOVERY_CODES_LOW;
  }

  async load(signal?: AbortSignal): Promise<void> {
    if (!this.status) this.phase = 'loading';
    try {
      const { data } = await this.api.recoveryCodes(signal);
      runInAction(() => {
        this.status = data;
        this.phase = 'ready';
      });
    } catch {
      if (signal?.aborted) return;
      runInAction(() => (this.phase = this.status ? 'ready' : 'failed'));
    }
  }

  /**
   * Another panel turned a second factor on or off. When the account now has its first one and never had codes,
   * the first set is made and shown at once: the codes are worth most before the device is lost.
   */
  async secondFactorChanged(signal?: AbortSignal): Promise<void> {
    await this.load(signal);
    if (this.status?.secondFactor && this.status.total === 0) await this.generate(signal);
  }

  open(): void {
    this.confirming = true;
  }

  close(): void {
    if (!this.busy) this.confirming = false;
  }

  async generate(signal?: AbortSignal): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const { data } = await this.api.generateRecoveryCodes(signal);
      runInAction(() => {
        this.status = data.status;
        this.shownCodes = data.codes;
        this.confirming = false;
      });
    } catch {
      // Refused or cancelled at "Confirm it's you": the pipeline said why; the old set stays.
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  /** The user closed the codes: they are gone from the page for good. */
  hideCodes(): void {
    this.shownCodes = null;
  }
}
