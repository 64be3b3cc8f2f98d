import { HttpClient, inject, injectable, token, type ApiResult } from '@core';
import type {
  ChangePasswordBody,
  PhoneOtpBody,
  PhoneOtpData,
  TotpSetupData,
  TwoFactorConfigBody,
  TwoFactorConfirmationBody,
  TwoFactorResetBody,
  UpdateUserBody,
  UserData,
} from '@contract/v1/index';

/** The mobile half of `POST /v1/two-factor/setup`: the number the code was texted to, and that code. */
export interface MobileSetupBody {
  phoneNumber: string;
  code: string;
}

/**
 * The signed-in user's profile, password and second factors (spec §7.2), one method per call. Errors are
 * shown by the HTTP client (spec §8); changes show the server's success message.
 * @example
 * const api = useService(UserSecurityApi);
 * const { data } = await api.profile(signal);
 */
export interface UserSecurityApi {
  profile(signal?: AbortSignal): Promise<ApiResult<UserData>>;
  updateProfile(body: UpdateUserBody, signal?: AbortSignal): Promise<ApiResult<UserData>>;
  changePassword(body: ChangePasswordBody, signal?: AbortSignal): Promise<ApiResult<null>>;
  /** A fresh secret and the otpauth URL for the QR code; nothing is enabled until {@link confirmAuthenticator}. */
  startAuthenticatorSetup(signal?: AbortSignal): Promise<ApiResult<TotpSetupData>>;
  confirmAuthenticator(body: TwoFactorConfirmationBody, signal?: AbortSignal): Promise<ApiResult<UserData>>;
  /** Texts a code to the number; `otp` comes back where the server exposes codes (development). */
  requestPhoneOtp(body: PhoneOtpBody, signal?: AbortSignal): Promise<ApiResult<PhoneOtpData>>;
  verifyMobile(body: MobileSetupBody, signal?: AbortSignal): Promise<ApiResult<UserData>>;
  resetTwoFactor(body: TwoFactorResetBody, signal?: AbortSignal): Promise<ApiResult<UserData>>;
  configureTwoFactor(body: TwoFactorConfigBody, signal?: AbortSignal): Promise<ApiResult<UserData>>;
}
export const UserSecurityApi = token<UserSecurityApi>('two-factor.api');

@injectable()
export class HttpUserSecurityApi implements UserSecurityApi {
  constructor(@inject(HttpClient) private readonly http: HttpClient) {}

  profile(signal?: AbortSignal) {
    return this.http.get<UserData>('/v1/user', { signal });
  }

  updateProfile(body: UpdateUserBody, signal?: AbortSignal) {
    return this.http.patch<UserData>('/v1/user', body, { signal, showSuccess: true });
  }

  changePassword(body: ChangePasswordBody, signal?: AbortSignal) {
    return this.http.patch<null>('/v1/change-password', body, { signal, showSuccess: true });
  }

  startAuthenticatorSetup(signal?: AbortSignal) {
    return this.http.post<TotpSetupData>('/v1/two-factor/setup', { type: 'totp' }, { signal });
  }

  confirmAuthenticator(body: TwoFactorConfirmationBody, signal?: AbortSignal) {
    return this.http.post<UserData>('/v1/two-factor/confirmation', body, { signal, showSuccess: true });
  }

  requestPhoneOtp(body: PhoneOtpBody, signal?: AbortSignal) {
    return this.http.patch<PhoneOtpData>('/v1/otp', body, { signal, showSuccess: true });
  }

  verifyMobile(body: MobileSetupBody, signal?: AbortSignal) {
    return this.http.post<UserData>('/v1/two-factor/setup', { type: 'otp', ...body }, { signal, showSuccess: true });
  }

  resetTwoFactor(body: TwoFactorResetBody, signal?: AbortSignal) {
    return this.http.post<UserData>('/v1/two-factor/reset', body, { signal, showSuccess: true });
  }

  configureTwoFactor(body: TwoFactorConfigBody, signal?: AbortSignal) {
    return this.http.patch<UserData>('/v1/two-factor/config', body, { signal, showSuccess: true });
  }
}
