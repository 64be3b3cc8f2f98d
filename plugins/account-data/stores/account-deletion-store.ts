import type { OwnedOrganization } from '@contract/v1/account-data';
import { ApiError } from '@core';
import { makeAutoObservable, runInAction } from 'mobx';
import type { AccountDataApi } from '../api/account-data-api';

export type DeletionPhase = 'loading' | 'ready' | 'failed';

/** The server's refusal while the user owns a business organisation (contract/v1/account-data.ts). */
const OWNS_ORGANIZATIONS = 'ACCOUNT_OWNS_ORGANIZATIONS';

/**
 * "Delete my account" (docs/account-settings.md): what stands in the way (the business organisations the user
 * owns), the account's address the user types to confirm, and the deletion itself. Recent authentication is the
 * HTTP pipeline's: a 403 REAUTH_REQUIRED opens "Confirm it's you" and the deletion is sent again.
 */
export class AccountDeletionStore {
  phase: DeletionPhase = 'loading';
  email = '';
  ownedOrganizations: OwnedOrganization[] = [];
  asking = false;
  deleting = false;

  constructor(private readonly api: AccountDataApi) {
    makeAutoObservable<AccountDeletionStore, 'api'>(this, { api: false });
  }

  get blocked(): boolean {
    return this.ownedOrganizations.length > 0;
  }

  /** What the user typed is the account's address (as the server compares it: trimmed, any case). */
  confirms(typed: string): boolean {
    return this.email !== '' && typed.trim().toLowerCase() === this.email.toLowerCase();
  }

  async load(signal?: AbortSignal): Promise<void> {
    this.phase = 'loading';
    try {
      const [profile, check] = await Promise.all([this.api.profile(signal), this.api.deletionCheck(signal)]);
      runInAction(() => {
        this.email = profile.data.userInfo.email;
        this.ownedOrganizations = check.data.ownedOrganizations;
        this.phase = 'ready';
      });
    } catch {
      if (signal?.aborted) return;
      runInAction(() => (this.phase = 'failed'));
    }
  }

  ask(): void {
    this.asking = true;
  }

  cancel(): void {
    if (!this.deleting) this.asking = false;
  }

  /** True once the account is gone; a refusal was shown by the pipeline (and an owner's refusal lists why). */
  async delete(confirmation: string, signal?: AbortSignal): Promise<boolean> {
    if (this.deleting) return false;
    this.deleting = true;
    try {
      await this.api.deleteAccount(confirmation, signal);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.code === OWNS_ORGANIZATIONS) {
        runInAction(() => (this.asking = false));
        await this.load(signal);
      }
      return false;
    } finally {
      runInAction(() => (this.deleting = false));
    }
  }
}
