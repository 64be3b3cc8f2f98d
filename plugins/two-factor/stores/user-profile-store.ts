import type { SessionStore } from '@core';
import type { UserInfo } from '@contract/v1/index';
import { makeAutoObservable, runInAction } from 'mobx';
import type { UserSecurityApi } from '../api/user-security-api';

export type LoadPhase = 'loading' | 'ready' | 'failed';

/** Aborts are the screen going away, not failures worth showing. */
export function isAbort(error: unknown): boolean {
  return (error as { aborted?: boolean } | null)?.aborted === true;
}

/**
 * The signed-in user's profile (`userInfo`, docs/api-contract.md) as one screen sees it. Every change the server answers
 * with the new profile goes through {@link apply}, which also keeps the session's 2FA flags in step.
 */
export class UserProfileStore {
  userInfo: UserInfo | null = null;
  phase: LoadPhase = 'loading';

  constructor(
    private readonly api: UserSecurityApi,
    private readonly session: SessionStore,
  ) {
    makeAutoObservable<UserProfileStore, 'api' | 'session'>(this, { api: false, session: false });
  }

  async load(signal?: AbortSignal): Promise<void> {
    this.phase = 'loading';
    try {
      const { data } = await this.api.profile(signal);
      this.apply(data.userInfo);
    } catch (error) {
      if (!isAbort(error)) runInAction(() => (this.phase = 'failed'));
    }
  }

  apply(userInfo: UserInfo): void {
    this.userInfo = userInfo;
    this.phase = 'ready';
    this.session.setTwoFactorEnabled(userInfo.twoFactorAuthentication.enabled);
    this.session.setTwoFactorEnabledInOrg(userInfo.twoFactorEnabledInOrg);
  }
}
