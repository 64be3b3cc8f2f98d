/**
 * Compile-time checks of the auth screens' API, run by `npm run typecheck`: its bodies and answers are the
 * endpoint table's, so a screen that sends a wrong body or reads a field the server does not send fails to
 * compile. Each `@ts-expect-error` line must fail; TypeScript reports one that compiles.
 */
import type { ApiResult } from '@core';
import type { EndpointBody } from '@contract/v1/endpoint';
import type { Endpoints } from '@contract/v1/endpoints';
import type { TotpSetupData, UserData } from '@contract/v1/index';
import { expectTypeOf } from 'vitest';
import type { AuthApi } from './auth-api';

declare const auth: AuthApi;

/** Never called: only compiled. */
export async function authApiTypes(): Promise<void> {
  // Bodies come from the table.
  expectTypeOf<Parameters<AuthApi['login']>[0]>().toEqualTypeOf<EndpointBody<Endpoints['login']>>();
  expectTypeOf<Parameters<AuthApi['register']>[0]>().toEqualTypeOf<EndpointBody<Endpoints['register']>>();
  // @ts-expect-error the login body needs a password
  await auth.login({ email: 'ada@example.com' });
  // @ts-expect-error the code is a string of six digits, not a number
  await auth.confirmTwoFactor({ code: 123456 });

  // The two-factor changes answer the profile (the server sends it), as the two-factor plugin reads it.
  expectTypeOf(await auth.confirmTwoFactor({ code: '123456' })).toEqualTypeOf<ApiResult<UserData>>();
  expectTypeOf(await auth.configureTwoFactor({ enable: true })).toEqualTypeOf<ApiResult<UserData>>();
  expectTypeOf(await auth.startAuthenticatorSetup()).toEqualTypeOf<ApiResult<TotpSetupData>>();

  const { data } = await auth.login({ email: 'ada@example.com', password: 'S3cret!x' });
  expectTypeOf(data.tokenId).toEqualTypeOf<string | undefined>();
  // @ts-expect-error the login answer carries no user id
  void data.userId;
  // @ts-expect-error a message-only answer has no data to read
  void (await auth.resendEmail({ email: 'ada@example.com' })).data.email;
}
