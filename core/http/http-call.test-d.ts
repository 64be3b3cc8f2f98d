/**
 * Compile-time checks of `http.call`, run by `npm run typecheck` (part of `npm test`). Every line marked
 * `@ts-expect-error` must fail to compile; TypeScript reports a marker whose line compiles, so this file breaks
 * the typecheck as soon as the endpoint table stops catching a wrong body or a field the server does not send.
 */
import type { EndpointData } from '@contract/v1/endpoint';
import { endpoints, type Endpoints } from '@contract/v1/endpoints';
import { expectTypeOf } from 'vitest';
import type { ApiResult, HttpClient } from './http-client';

declare const http: HttpClient;

/** Never called: only compiled. */
export async function endpointCallTypes(): Promise<void> {
  // The body, query and path parameters are the endpoint's own.
  const login = await http.call(endpoints.login, {
    body: { email: 'ada@example.com', password: 'S3cret!x' },
  });
  expectTypeOf(login).toEqualTypeOf<ApiResult<EndpointData<Endpoints['login']>>>();
  // @ts-expect-error a number where the schema wants a string
  await http.call(endpoints.login, { body: { email: 42, password: 'S3cret!x' } });
  // @ts-expect-error the password is required
  await http.call(endpoints.login, { body: { email: 'ada@example.com' } });
  // @ts-expect-error a field the endpoint does not take
  await http.call(endpoints.login, { body: { email: 'ada@example.com', password: 'x', rememberMe: true } });
  // @ts-expect-error an endpoint with a body cannot be called without one
  await http.call(endpoints.login);
  // @ts-expect-error login has no query string
  await http.call(endpoints.login, { body: { email: 'ada@example.com', password: 'x' }, query: {} });
  // @ts-expect-error both path parameters are needed
  await http.call(endpoints.checkInvitation, { params: { orgId: 'org-1' } });
  // @ts-expect-error the query is typed too
  await http.call(endpoints.portals, { query: { account_setting: 'no' } });

  // An endpoint that takes nothing is called without input, and refuses any.
  await http.call(endpoints.apps);
  await http.call(endpoints.logout, undefined, { silent: true });
  // @ts-expect-error logout takes no body
  await http.call(endpoints.logout, { body: { everywhere: true } });

  // The answer is what the response schema says, and nothing else.
  const { data } = await http.call(endpoints.user);
  expectTypeOf(data.userInfo.email).toEqualTypeOf<string>();
  // @ts-expect-error the profile has no password field
  void data.userInfo.password;
  // @ts-expect-error a message-only endpoint answers `data: null`
  void (await http.call(endpoints.forgetPassword, { body: { email: 'ada@example.com' } })).data.sent;

  // Options are the pipeline's, not axios's.
  // @ts-expect-error no raw headers: the pipeline owns authorisation
  await http.call(endpoints.apps, undefined, { headers: { Authorization: 'Bearer x' } });
}
