import { HttpClient, inject, injectable, token, type ApiResult } from '@core';
import type { LoginData } from '@contract/v1/auth';
import type { SsoLoginBody, SsoLoginData, SsoRegisterBody } from '@contract/v1/sso';

export interface SsoPasswordLoginBody {
  email: string;
  password: string;
  captcha?: string;
}

/**
 * The /v1 calls of partner single sign-on (spec §7.3) and its password step (§7.1 login with isSSOLogin).
 * Errors are shown by the HTTP client per spec §8 unless a method says it is silent.
 * @example
 * const sso = useService(SsoApi);
 * const { data } = await sso.login({ token, applicationId }, signal);
 */
export interface SsoApi {
  login(body: SsoLoginBody, signal?: AbortSignal): Promise<ApiResult<SsoLoginData>>;
  /** Silent: a refused password stays in the dialog; the caller shows every other error itself. */
  register(body: SsoRegisterBody, signal?: AbortSignal): Promise<ApiResult<SsoLoginData>>;
  /** `POST /v1/login` with `isSSOLogin: true`. */
  passwordLogin(body: SsoPasswordLoginBody, signal?: AbortSignal): Promise<ApiResult<LoginData>>;
  /** Silent and best effort: ends a previous session on the server before a partner link replaces it. */
  logout(signal?: AbortSignal): Promise<ApiResult<null>>;
}
export const SsoApi = token<SsoApi>('sso.api');

@injectable()
export class HttpSsoApi implements SsoApi {
  constructor(@inject(HttpClient) private readonly http: HttpClient) {}

  login(body: SsoLoginBody, signal?: AbortSignal) {
    return this.http.post<SsoLoginData>('/v1/sso/login', body, { signal });
  }

  register(body: SsoRegisterBody, signal?: AbortSignal) {
    return this.http.post<SsoLoginData>('/v1/sso/register', body, { signal, silent: true });
  }

  passwordLogin(body: SsoPasswordLoginBody, signal?: AbortSignal) {
    return this.http.post<LoginData>('/v1/login', { ...body, isSSOLogin: true }, { signal });
  }

  logout(signal?: AbortSignal) {
    return this.http.post<null>('/v1/logout', undefined, { signal, silent: true });
  }
}
