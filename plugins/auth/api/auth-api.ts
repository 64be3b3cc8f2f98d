import { HttpClient, inject, injectable, token, type ApiResult } from '@core';
import type {
  ForgetPasswordBody,
  InvitationCheckData,
  LoginBody,
  LoginData,
  OrganizationAccessBody,
  OrganizationAccessData,
  OrganizationListData,
  PortalListData,
  RegisterBody,
  RegisterData,
  ResendEmailBody,
  ResetPasswordBody,
  TwoFactorOtpBody,
  TwoFactorOtpData,
  TwoFactorVerifyBody,
  VerifyEmailBody,
} from '@contract/v1/index';

// The launch-token exchange and the two-factor and password calls (spec §7.2) live in their features' contract files.
export type { LaunchTokenBody, LaunchTokenData } from '@contract/v1/apps';
export type {
  ChangePasswordBody,
  TotpSetupData as TwoFactorSetupData,
  TwoFactorConfigBody,
  TwoFactorConfirmationBody,
  TwoFactorSetupBody,
} from '@contract/v1/user-security';
import type { LaunchTokenBody, LaunchTokenData } from '@contract/v1/apps';
import type {
  ChangePasswordBody,
  TotpSetupData as TwoFactorSetupData,
  TwoFactorConfigBody,
  TwoFactorConfirmationBody,
  TwoFactorSetupBody,
} from '@contract/v1/user-security';

/**
 * Every /v1 call of the authentication screens (spec §7.1, §7.2), one method per endpoint.
 * Errors are shown by the HTTP client per spec §8 unless a method says it is silent; each method
 * resolves with `{ data, msg }` so a screen can show the server's success message.
 * @example
 * const auth = useService(AuthApi);
 * const { data } = await auth.login({ email, password, captcha }, signal);
 */
export interface AuthApi {
  login(body: LoginBody, signal?: AbortSignal): Promise<ApiResult<LoginData>>;
  register(body: RegisterBody, signal?: AbortSignal): Promise<ApiResult<RegisterData>>;
  /** The server answers the same for unknown addresses (no account enumeration). */
  forgetPassword(body: ForgetPasswordBody, signal?: AbortSignal): Promise<ApiResult<null>>;
  resendEmail(body: ResendEmailBody, signal?: AbortSignal): Promise<ApiResult<null>>;
  resetPassword(body: ResetPasswordBody, signal?: AbortSignal): Promise<ApiResult<null>>;
  /** Silent: the screen shows 'Link is expired' itself (spec §8). */
  verifyEmail(body: VerifyEmailBody, signal?: AbortSignal): Promise<ApiResult<null>>;
  logout(signal?: AbortSignal): Promise<ApiResult<null>>;
  verifyTwoFactor(body: TwoFactorVerifyBody, signal?: AbortSignal): Promise<ApiResult<LoginData>>;
  requestTwoFactorOtp(body: TwoFactorOtpBody, signal?: AbortSignal): Promise<ApiResult<TwoFactorOtpData>>;
  checkInvitation(
    orgId: string,
    invitationId: string,
    signal?: AbortSignal,
  ): Promise<ApiResult<InvitationCheckData>>;
  acceptInvitation(orgId: string, invitationId: string, signal?: AbortSignal): Promise<ApiResult<null>>;
  organizationList(signal?: AbortSignal): Promise<ApiResult<OrganizationListData>>;
  /** The portals of this product family (`account_setting=false`). */
  portals(signal?: AbortSignal): Promise<ApiResult<PortalListData>>;
  organizationAccess(
    body: OrganizationAccessBody,
    signal?: AbortSignal,
  ): Promise<ApiResult<OrganizationAccessData>>;
  /** The token-auth screen trades a launch token for a user session. */
  exchangeLaunchToken(body: LaunchTokenBody, signal?: AbortSignal): Promise<ApiResult<LaunchTokenData>>;
  setupTwoFactor(body: TwoFactorSetupBody, signal?: AbortSignal): Promise<ApiResult<TwoFactorSetupData>>;
  confirmTwoFactor(body: TwoFactorConfirmationBody, signal?: AbortSignal): Promise<ApiResult<null>>;
  configureTwoFactor(body: TwoFactorConfigBody, signal?: AbortSignal): Promise<ApiResult<null>>;
  changePassword(body: ChangePasswordBody, signal?: AbortSignal): Promise<ApiResult<null>>;
}
export const AuthApi = token<AuthApi>('auth.api');

@injectable()
export class HttpAuthApi implements AuthApi {
  constructor(@inject(HttpClient) private readonly http: HttpClient) {}

  login(body: LoginBody, signal?: AbortSignal) {
    return this.http.post<LoginData>('/v1/login', body, { signal });
  }

  register(body: RegisterBody, signal?: AbortSignal) {
    return this.http.post<RegisterData>('/v1/register', body, { signal });
  }

  forgetPassword(body: ForgetPasswordBody, signal?: AbortSignal) {
    return this.http.post<null>('/v1/forget-password', body, { signal });
  }

  resendEmail(body: ResendEmailBody, signal?: AbortSignal) {
    return this.http.post<null>('/v1/resend-email', body, { signal });
  }

  resetPassword(body: ResetPasswordBody, signal?: AbortSignal) {
    return this.http.patch<null>('/v1/reset-password', body, { signal });
  }

  verifyEmail(body: VerifyEmailBody, signal?: AbortSignal) {
    return this.http.post<null>('/v1/verify-email', body, { signal, silent: true });
  }

  logout(signal?: AbortSignal) {
    return this.http.post<null>('/v1/logout', undefined, { signal });
  }

  verifyTwoFactor(body: TwoFactorVerifyBody, signal?: AbortSignal) {
    return this.http.post<LoginData>('/v1/two-factor/verify', body, { signal });
  }

  requestTwoFactorOtp(body: TwoFactorOtpBody, signal?: AbortSignal) {
    return this.http.patch<TwoFactorOtpData>('/v1/two-factor/otp', body, { signal });
  }

  checkInvitation(orgId: string, invitationId: string, signal?: AbortSignal) {
    const path = `/v1/user-organization/${encodeURIComponent(orgId)}/invitation/${encodeURIComponent(invitationId)}`;
    return this.http.get<InvitationCheckData>(path, { signal });
  }

  acceptInvitation(orgId: string, invitationId: string, signal?: AbortSignal) {
    return this.http.post<null>('/v1/organization/invite', { orgId, invitationId }, { signal });
  }

  organizationList(signal?: AbortSignal) {
    return this.http.get<OrganizationListData>('/v1/organization-list', { signal });
  }

  portals(signal?: AbortSignal) {
    return this.http.get<PortalListData>('/v1/portal', { signal, params: { account_setting: false } });
  }

  organizationAccess(body: OrganizationAccessBody, signal?: AbortSignal) {
    return this.http.post<OrganizationAccessData>('/v1/organization/access', body, { signal });
  }

  exchangeLaunchToken(body: LaunchTokenBody, signal?: AbortSignal) {
    return this.http.post<LaunchTokenData>('/v1/token', body, { signal });
  }

  setupTwoFactor(body: TwoFactorSetupBody, signal?: AbortSignal) {
    return this.http.post<TwoFactorSetupData>('/v1/two-factor/setup', body, { signal });
  }

  confirmTwoFactor(body: TwoFactorConfirmationBody, signal?: AbortSignal) {
    return this.http.post<null>('/v1/two-factor/confirmation', body, { signal });
  }

  configureTwoFactor(body: TwoFactorConfigBody, signal?: AbortSignal) {
    return this.http.patch<null>('/v1/two-factor/config', body, { signal });
  }

  changePassword(body: ChangePasswordBody, signal?: AbortSignal) {
    return this.http.patch<null>('/v1/change-password', body, { signal });
  }
}
