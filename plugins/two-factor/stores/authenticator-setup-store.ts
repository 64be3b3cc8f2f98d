import type { TotpSetupData, UserInfo } from '@contract/v1/index';
import { makeAutoObservable, runInAction } from 'mobx';
import type { UserSecurityApi } from '../api/user-security-api';
import { isAbort, type LoadPhase } from './user-profile-store';

/** The 'Two factor code' dialog (docs/two-factor.md): a fresh secret and QR code, then the first code from the app. */
export class AuthenticatorSetupStore {
  phase: LoadPhase = 'loading';
  setup: TotpSetupData | null = null;
  submitting = false;

  constructor(private readonly api: UserSecurityApi) {
    makeAutoObservable<AuthenticatorSetupStore, 'api'>(this, { api: false });
  }

  async start(signal?: AbortSignal): Promise<void> {
    this.phase = 'loading';
    try {
      const { data } = await this.api.startAuthenticatorSetup(signal);
      runInAction(() => {
        this.setup = data;
        this.phase = 'ready';
      });
    } catch (error) {
      if (!isAbort(error)) runInAction(() => (this.phase = 'failed'));
    }
  }

  /** The new profile once the code is accepted, or null while a submit runs; rejects with the server's refusal. */
  async submit(code: string, signal?: AbortSignal): Promise<UserInfo | null> {
    if (this.submitting) return null;
    this.submitting = true;
    try {
      const { data } = await this.api.confirmAuthenticator({ code }, signal);
      return data.userInfo;
    } finally {
      runInAction(() => (this.submitting = false));
    }
  }
}
