import type { UpdateUserBody } from '@contract/v1/index';
import { makeAutoObservable, runInAction } from 'mobx';
import type { UserSecurityApi } from '../api/user-security-api';
import type { UserProfileStore } from './user-profile-store';

export interface ProfileFormValues {
  phoneNumber?: string;
  recoveryMail?: string;
}

/**
 * The Profile details form (docs/account-settings.md): names and email are shown, phone and recovery email are saved.
 * A new phone number while mobile OTP is on waits in {@link pending} for the 'Reset mobile OTP' confirmation.
 */
export class ProfileDetailsStore {
  saving = false;
  pending: ProfileFormValues | null = null;

  constructor(
    readonly profile: UserProfileStore,
    private readonly api: UserSecurityApi,
  ) {
    makeAutoObservable<ProfileDetailsStore, 'api'>(this, { api: false, profile: false });
  }

  /** Changing the number resets mobile OTP on the server, so the user is asked first. */
  needsOtpResetConfirmation(values: ProfileFormValues): boolean {
    const info = this.profile.userInfo;
    if (!info?.twoFactorAuthentication.otp.enabled) return false;
    return (values.phoneNumber ?? '') !== (info.phone.phoneNumber ?? '');
  }

  async submit(values: ProfileFormValues, signal?: AbortSignal): Promise<void> {
    if (this.needsOtpResetConfirmation(values)) {
      this.pending = values;
      return;
    }
    await this.save(values, signal);
  }

  async confirmPending(signal?: AbortSignal): Promise<void> {
    if (this.pending) await this.save(this.pending, signal);
  }

  cancelPending(): void {
    if (!this.saving) this.pending = null;
  }

  private async save(values: ProfileFormValues, signal?: AbortSignal): Promise<void> {
    const info = this.profile.userInfo;
    if (!info || this.saving) return;
    this.saving = true;
    const recoveryMail = values.recoveryMail?.trim();
    // docs/api-contract.md: the names go back as they are; the recovery email only when there is one.
    const body: UpdateUserBody = {
      firstName: info.name.first,
      lastName: info.name.last,
      ...(values.phoneNumber ? { phoneNumber: values.phoneNumber } : {}),
      ...(recoveryMail ? { recovery_mail: recoveryMail } : {}),
    };
    try {
      const { data } = await this.api.updateProfile(body, signal);
      runInAction(() => {
        this.pending = null;
        this.profile.apply(data.userInfo);
      });
    } catch {
      // The HTTP client showed why; the form keeps what was typed. The confirmation closes so the message is seen.
      runInAction(() => (this.pending = null));
    } finally {
      runInAction(() => (this.saving = false));
    }
  }
}
