import { HttpClient, inject, injectable } from '@core';
import type { EndpointBody } from '@contract/v1/endpoint';
import { endpoints, type Endpoints } from '@contract/v1/endpoints';

/** The password step of partner single sign-on: a plain login body; the API marks it as an SSO login. */
export type SsoPasswordLoginBody = Omit<EndpointBody<Endpoints['login']>, 'isSSOLogin'>;

/**
 * The /v1 calls of partner single sign-on and its password step (a login with `isSSOLogin`), one line per
 * endpoint of the contract's table. Errors are shown by the HTTP client unless a method says it is silent.
 * @example
 * const sso = useService(SsoApi);
 * const { data } = await sso.login({ token, applicationId }, signal);
 */
@injectable()
export class HttpSsoApi {
  constructor(@inject(HttpClient) private readonly http: HttpClient) {}

  login(body: EndpointBody<Endpoints['ssoLogin']>, signal?: AbortSignal) {
    return this.http.call(endpoints.ssoLogin, { body }, { signal });
  }

  /** Silent: a refused password stays in the dialog; the caller shows every other error itself. */
  register(body: EndpointBody<Endpoints['ssoRegister']>, signal?: AbortSignal) {
    return this.http.call(endpoints.ssoRegister, { body }, { signal, silent: true });
  }

  /** Silent: the form shows the refusal (`showServerError`). */
  passwordLogin(body: SsoPasswordLoginBody, signal?: AbortSignal) {
    return this.http.call(endpoints.login, { body: { ...body, isSSOLogin: true } }, { signal, silent: true });
  }

  /** Silent and best effort: ends a previous session on the server before a partner link replaces it. */
  logout(signal?: AbortSignal) {
    return this.http.call(endpoints.logout, undefined, { signal, silent: true });
  }
}

/** What the SSO screens call: {@link HttpSsoApi}'s methods, typed by the endpoint table. */
export { SsoApi } from './sso-api-token';
