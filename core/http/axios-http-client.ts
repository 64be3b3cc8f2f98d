import axios, { isAxiosError, type AxiosInstance, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { REFRESH_TOKEN_HEADER } from '@contract/v1/constants';
import { PortalConfig } from '../config/portal-config';
import { inject, injectable } from '../di/container';
import { Translator } from '../i18n/translator';
import { SessionStore } from '../session/session-store';
import type { TokenPair } from '../session/session-types';
import { Notifier } from '../ui/notifier';
import { abortedError, toApiError } from './api-error-mapping';
import { ApiError, type ApiResult, type HttpClient, type RequestOptions } from './http-client';
import { scheduleTokenRefresh } from './refresh-schedule';
import type { TokenRefresher } from './token-refresher';

import { REFRESH_PATH } from './refresh-path';

export { REFRESH_PATH };

interface Call {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  url: string;
  data?: unknown;
}

function unwrap<T>(response: AxiosResponse): ApiResult<T> {
  const body: unknown = response.data;
  if (typeof body !== 'object' || body === null) return { data: undefined as T, msg: '' };
  const envelope = body as { data?: T; msg?: unknown };
  return { data: envelope.data as T, msg: typeof envelope.msg === 'string' ? envelope.msg : '' };
}

/** Waiting for a refresh must not outlive the request: an abort (logout, unmount) ends the wait at once. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The caller's signal aborts our controller; the returned function detaches it. */
function follow(signal: AbortSignal | undefined, controller: AbortController): () => void {
  if (!signal) return () => {};
  if (signal.aborted) {
    controller.abort(signal.reason);
    return () => {};
  }
  const onAbort = () => controller.abort(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  return () => signal.removeEventListener('abort', onAbort);
}

function hasOwnAuthorization(headers: Record<string, string> | undefined): boolean {
  return Object.keys(headers ?? {}).some((name) => name.toLowerCase() === 'authorization');
}

/**
 * The portal's one HTTP client and its one token refresher (both tokens resolve to the same instance,
 * see `bindCoreHttp`), so the 401 queue and the single-flight refresh share one state.
 *
 * - a 401 on a call made with the session's token triggers one refresh; every request that fails
 *   with 401 or starts meanwhile waits for it and is replayed once with the new token;
 * - a failed refresh shows 'session expired' once and logs out, which aborts everything still waiting;
 * - a refresh is scheduled shortly before the token expires;
 * - logout aborts in-flight requests: they reject with `aborted` and show nothing.
 * @example
 * const { data, msg } = await http.patch<UserProfile>('/v1/user', body, { signal, showSuccess: true });
 */
@injectable()
export class AxiosHttpClient implements HttpClient, TokenRefresher {
  private readonly axios: AxiosInstance;
  private readonly session: SessionStore;
  private readonly notifier: Notifier;
  private readonly translator: Translator;
  /** Every request not yet settled, so that logout can abort them all. */
  private readonly inFlight = new Set<AbortController>();
  private refreshing: Promise<void> | null = null;
  private readonly stopScheduling: () => void;
  private readonly stopAbortingOnLogout: () => void;

  constructor(
    @inject(PortalConfig) config: PortalConfig,
    @inject(SessionStore) session: SessionStore,
    @inject(Notifier) notifier: Notifier,
    @inject(Translator) translator: Translator,
  ) {
    this.session = session;
    this.notifier = notifier;
    this.translator = translator;
    this.axios = axios.create({ baseURL: config.apiBaseUrl, headers: { Accept: 'application/json' } });
    this.stopAbortingOnLogout = session.onLogout(() => {
      for (const controller of [...this.inFlight]) controller.abort();
    });
    this.stopScheduling = scheduleTokenRefresh(session, () => this.refresh());
  }

  get<T>(url: string, options?: RequestOptions): Promise<ApiResult<T>> {
    return this.request<T>({ method: 'get', url }, options);
  }

  post<T>(url: string, body?: unknown, options?: RequestOptions): Promise<ApiResult<T>> {
    return this.request<T>({ method: 'post', url, data: body }, options);
  }

  patch<T>(url: string, body?: unknown, options?: RequestOptions): Promise<ApiResult<T>> {
    return this.request<T>({ method: 'patch', url, data: body }, options);
  }

  put<T>(url: string, body?: unknown, options?: RequestOptions): Promise<ApiResult<T>> {
    return this.request<T>({ method: 'put', url, data: body }, options);
  }

  delete<T>(url: string, options?: RequestOptions): Promise<ApiResult<T>> {
    return this.request<T>({ method: 'delete', url }, options);
  }

  /** Single-flight: callers during a refresh share it. Rejects (after logging out) when it fails. */
  refresh(): Promise<void> {
    this.refreshing ??= this.refreshOnce().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** Stops the scheduled refresh and the logout listener (tests, hot reload). */
  dispose(): void {
    this.stopScheduling();
    this.stopAbortingOnLogout();
  }

  private async request<T>(call: Call, options: RequestOptions = {}): Promise<ApiResult<T>> {
    const controller = new AbortController();
    const detach = follow(options.signal, controller);
    this.inFlight.add(controller);
    try {
      const result = unwrap<T>(await this.send(call, options, controller.signal));
      if (options.showSuccess && result.msg) this.notifier.success(result.msg);
      return result;
    } catch (error) {
      const apiError = toApiError(error, this.translator, controller.signal.aborted);
      if (!options.silent && !apiError.aborted) this.notifier.error(apiError.message);
      throw apiError;
    } finally {
      this.inFlight.delete(controller);
      detach();
    }
  }

  private async send(call: Call, options: RequestOptions, signal: AbortSignal): Promise<AxiosResponse> {
    if (this.refreshing) await untilAborted(this.refreshing, signal);
    const token = this.session.accessToken;
    try {
      return await this.axios.request(this.config(call, options, token, signal));
    } catch (error) {
      if (!this.mayRefreshAfter(error, call, options, token, signal)) throw error;
      // A 401 for a token that was replaced while the call was in flight needs no new refresh, only the replay.
      if (this.session.accessToken === token) await untilAborted(this.refresh(), signal);
      return await this.axios.request(this.config(call, options, this.session.accessToken, signal));
    }
  }

  private mayRefreshAfter(error: unknown, call: Call, options: RequestOptions, token: string | null, signal: AbortSignal): boolean {
    return (
      isAxiosError(error) &&
      error.response?.status === 401 &&
      token !== null &&
      call.url !== REFRESH_PATH &&
      !hasOwnAuthorization(options.headers) &&
      !signal.aborted
    );
  }

  private config(call: Call, options: RequestOptions, token: string | null, signal: AbortSignal): AxiosRequestConfig {
    return {
      method: call.method,
      url: call.url,
      data: call.data,
      params: options.params,
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...options.headers },
      signal,
    };
  }

  /**
   * Tabs share one session, and a refresh token works once (the server treats reuse as theft and revokes
   * the session). So refreshes are serialised across tabs with a Web Lock, and a tab that finds the stored
   * token already rotated by another tab adopts it instead of spending its stale one.
   */
  private refreshOnce(): Promise<void> {
    const spent = this.session.refreshToken;
    const run = async (): Promise<void> => {
      const stored = this.session.readStoredTokens();
      if (stored && spent && stored.refreshToken !== spent) return this.session.setTokens(stored);
      await this.callRefresh();
    };
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    return locks ? locks.request('portal-token-refresh', run).then(() => undefined) : run();
  }

  private async callRefresh(): Promise<void> {
    const refreshToken = this.session.refreshToken;
    // A logout during the refresh must not be undone by its late answer.
    const controller = new AbortController();
    const stopListening = this.session.onLogout(() => controller.abort());
    try {
      if (!refreshToken) throw new ApiError(this.translator.t('core:http.sessionExpired'), 401);
      const response = await this.axios.post<{ data?: Partial<TokenPair> }>(REFRESH_PATH, undefined, {
        headers: { [REFRESH_TOKEN_HEADER]: refreshToken },
        signal: controller.signal,
      });
      const tokens = response.data?.data;
      if (!tokens?.accessToken || !tokens.refreshToken) throw new ApiError(this.translator.t('core:http.sessionExpired'), response.status);
      // Tokens replaced meanwhile (organisation switch, another tab) are newer than this answer.
      if (this.session.refreshToken === refreshToken) this.session.setTokens({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
    } catch (error) {
      if (controller.signal.aborted) throw abortedError(this.translator);
      const status = isAxiosError(error) ? (error.response?.status ?? null) : error instanceof ApiError ? error.status : null;
      const expired = new ApiError(this.translator.t('core:http.sessionExpired'), status);
      this.notifier.error(expired.message);
      this.session.logout();
      throw expired;
    } finally {
      stopListening();
    }
  }
}
