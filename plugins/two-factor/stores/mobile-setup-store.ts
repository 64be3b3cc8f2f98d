import { ApiError } from '@core';
import type { UserInfo } from '@contract/v1/index';
import { makeAutoObservable, runInAction } from 'mobx';
import type { UserSecurityApi } from '../api/user-security-api';
import { Countdown } from './countdown';

/** docs/limits-and-timing.md: one code per 60 seconds. */
export const RESEND_WAIT_SECONDS = 60;

/** The seconds the server still holds a new code back (429 `OTP_RESEND_TOO_SOON`, `Retry-After`), else null. */
function resendWaitOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429 || error.code !== 'OTP_RESEND_TOO_SOON') return null;
  return error.retryAfterSeconds;
}

/**
 * The 'Configure mobile for 2FA' dialog (docs/two-factor.md): Get OTP starts the 60 s resend lock, the code the server
 * returns in development is shown in a chip, and Verify enables mobile 2FA.
 */
export class MobileSetupStore {
  requesting = false;
  verifying = false;
  /** At least one code was sent: the button now reads Resend. */
  sent = false;
  /** The code as the server returned it (development only), shown in a chip. */
  returnedOtp: string | null = null;
  readonly resend: Countdown;

  constructor(
    private readonly api: UserSecurityApi,
    now?: () => number,
  ) {
    this.resend = new Countdown(now);
    makeAutoObservable<MobileSetupStore, 'api'>(this, { api: false, resend: false });
  }

  /** Get OTP is refused while the phone is empty, a request runs or the countdown runs (docs/validation-rules.md). */
  canRequest(phone: string | undefined): boolean {
    const digits = (phone ?? '').replace(/^\+/, '');
    return digits !== '' && !this.requesting && !this.verifying && !this.resend.running;
  }

  async requestOtp(phoneNumber: string, signal?: AbortSignal): Promise<boolean> {
    if (!this.canRequest(phoneNumber)) return false;
    this.requesting = true;
    try {
      const { data } = await this.api.requestPhoneOtp({ phoneNumber }, signal);
      runInAction(() => {
        this.sent = true;
        this.returnedOtp = data.otp ?? null;
        this.resend.start(RESEND_WAIT_SECONDS);
      });
      return true;
    } catch (error) {
      // Inside the resend wait (the dialog was reopened or the page reloaded, which forgot the countdown):
      // the code sent before still works, and the server says how long until a new one (Retry-After).
      const wait = resendWaitOf(error);
      if (wait !== null)
        runInAction(() => {
          this.sent = true;
          this.resend.start(wait);
        });
      return false;
    } finally {
      runInAction(() => (this.requesting = false));
    }
  }

  /** The new profile once the code is accepted, or null (the HTTP client has shown why). */
  async verify(phoneNumber: string, code: string, signal?: AbortSignal): Promise<UserInfo | null> {
    if (this.verifying) return null;
    this.verifying = true;
    try {
      const { data } = await this.api.verifyMobile({ phoneNumber, code }, signal);
      return data.userInfo;
    } finally {
      runInAction(() => (this.verifying = false));
    }
  }

  dispose(): void {
    this.resend.stop();
  }
}
