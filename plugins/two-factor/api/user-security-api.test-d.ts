/**
 * Compile-time checks of the security screens' API, run by `npm run typecheck`: bodies and answers are the
 * endpoint table's. Each `@ts-expect-error` line must fail; TypeScript reports one that compiles.
 */
import type { ApiResult } from '@core';
import type { EndpointBody } from '@contract/v1/endpoint';
import type { Endpoints } from '@contract/v1/endpoints';
import type { PhoneOtpData, TotpSetupData, UserData } from '@contract/v1/index';
import { expectTypeOf } from 'vitest';
import type { UserSecurityApi } from './user-security-api';

declare const api: UserSecurityApi;

/** Never called: only compiled. */
export async function userSecurityApiTypes(): Promise<void> {
  expectTypeOf<Parameters<UserSecurityApi['updateProfile']>[0]>().toEqualTypeOf<
    EndpointBody<Endpoints['updateUser']>
  >();
  // @ts-expect-error the profile has no email to change here
  await api.updateProfile({ email: 'ada@example.com' });
  // @ts-expect-error the overall switch is `enable`, a boolean
  await api.configureTwoFactor({ enabled: true });

  expectTypeOf(await api.profile()).toEqualTypeOf<ApiResult<UserData>>();
  expectTypeOf(await api.confirmAuthenticator({ code: '123456' })).toEqualTypeOf<ApiResult<UserData>>();
  expectTypeOf(await api.configureTwoFactor({ enable: false })).toEqualTypeOf<ApiResult<UserData>>();
  expectTypeOf(await api.verifyMobile({ phoneNumber: '+61400000000', code: '123456' })).toEqualTypeOf<
    ApiResult<UserData>
  >();
  expectTypeOf(await api.startAuthenticatorSetup()).toEqualTypeOf<ApiResult<TotpSetupData>>();
  expectTypeOf(await api.requestPhoneOtp({ phoneNumber: '+61400000000' })).toEqualTypeOf<
    ApiResult<PhoneOtpData>
  >();

  const { data } = await api.profile();
  // @ts-expect-error two-factor state lives under userInfo.twoFactorAuthentication
  void data.twoFactorAuthentication;
}
