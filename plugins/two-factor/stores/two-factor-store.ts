import type { UserInfo } from '@contract/v1/index';
import { makeAutoObservable, runInAction } from 'mobx';
import type { UserSecurityApi } from '../api/user-security-api';
import type { UserProfileStore } from './user-profile-store';

/** The methods a user can set up and reset; email is always there (docs/two-factor.md). */
export type ManagedMethod = 'totp' | 'otp';

export type TwoFactorDialog =
  | { kind: 'none' }
  | { kind: 'toggle'; enable: boolean }
  | { kind: 'authenticator' }
  | { kind: 'mobile' }
  | { kind: 'reset'; method: ManagedMethod };

/**
 * The two-factor authentication panel (docs/two-factor.md): the overall switch, the three methods and which dialog is open.
 * Each change answers with the new profile, so the panel never refetches.
 */
export class TwoFactorStore {
  dialog: TwoFactorDialog = { kind: 'none' };
  /** True while the overall switch or a reset is being saved. */
  busy = false;

  constructor(
    readonly profile: UserProfileStore,
    private readonly api: UserSecurityApi,
    /** Called after each change the server accepted: the page's recovery codes follow the second factors. */
    private readonly onChange?: () => void,
  ) {
    makeAutoObservable<TwoFactorStore, 'api' | 'onChange'>(this, {
      api: false,
      profile: false,
      onChange: false,
    });
  }

  get state(): UserInfo['twoFactorAuthentication'] | null {
    return this.profile.userInfo?.twoFactorAuthentication ?? null;
  }

  get enabled(): boolean {
    return this.state?.enabled ?? false;
  }

  /** An organisation forces 2FA: the overall switch is locked (docs/organisation-selection.md). */
  get enforced(): boolean {
    return this.profile.userInfo?.twoFactorEnabledInOrg ?? false;
  }

  configured(method: ManagedMethod): boolean {
    return this.state?.[method].setupCompleted ?? false;
  }

  open(dialog: TwoFactorDialog): void {
    this.dialog = dialog;
  }

  close(): void {
    if (!this.busy) this.dialog = { kind: 'none' };
  }

  /** A setup dialog finished: the server has switched the method and overall 2FA on. */
  completed(userInfo: UserInfo): void {
    this.profile.apply(userInfo);
    this.dialog = { kind: 'none' };
    this.onChange?.();
  }

  async setEnabled(enable: boolean, signal?: AbortSignal): Promise<void> {
    await this.run(() => this.api.configureTwoFactor({ enable }, signal));
  }

  async reset(method: ManagedMethod, signal?: AbortSignal): Promise<void> {
    await this.run(() => this.api.resetTwoFactor({ type: method }, signal));
  }

  private async run(call: () => Promise<{ data: { userInfo: UserInfo } }>): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const { data } = await call();
      runInAction(() => {
        this.busy = false;
        this.completed(data.userInfo);
      });
    } catch {
      // The HTTP client showed why; the dialog stays open so the user can try again or cancel.
      runInAction(() => (this.busy = false));
    }
  }
}
