import axios, { isAxiosError, type AxiosInstance, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { REFRESH_TOKEN_HEADER } from '@contract/v1/constants';
import { TWO_FACTOR_REQUIRED } from '@contract/v1/security-codes';
import { endpointPath, type Endpoint, type EndpointAuth, type HttpMethod } from '@contract/v1/endpoint';
import { endpoints } from '@contract/v1/endpoints';
import { PortalConfig } from '../config/portal-config';
import { inject, injectable, optional } from '../di/container';
import { Translator } from '../i18n/translator';
import { SessionStore } from '../session/session-store';
import type { TokenPair } from '../session/session-types';
import { Notifier } from '../ui/notifier';
import { abortedError, toApiError } from './api-error-mapping';
import {
  ApiError,
  type ApiResult,
  type CallArgs,
  type EndpointResult,
  type HttpClient,
  type RequestOptions,
} from './http-client';
import { isTransientRefreshFailure, UnusableRefreshAnswer, withRefreshRetries } from './refresh-retry';
import { scheduleTokenRefresh } from './refresh-schedule';
import { DEFAULT_REQUEST_TIMEOUT_SECONDS, limitRequestTime } from './request-timeout';
import type { TokenRefresher } from './token-refresher';
import { ReauthPrompt } from './reauth-prompt';
import { retryAfterReauth } from './reauth-retry';

/** One request as the pipeline sends (and may replay) it. */
interface Call {
  method: HttpMethod;
  url: string;
  auth: EndpointAuth;
  data?: unknown;
  query?: Record<string, unknown>;
}

/** The input of any endpoint, as the pipeline sees it once the types have done their work. */
interface AnyInput {
  body?: unknown;
  query?: Record<string, unknown>;
  params?: Record<string, string | number>;
}

function toCall(endpoint: Endpoint, input: AnyInput | undefined): Call {
  return {
    method: endpoint.method,
    url: endpointPath(endpoint, input?.params),
    auth: endpoint.auth,
    data: input?.body,
    query: input?.query,
  };
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

/**
 * The portal's one HTTP client and its one token refresher (both tokens resolve to the same instance,
 * see `bindCoreHttp`), so the 401 queue and the single-flight refresh share one state.
 *
 * - the bearer token goes only to `session` endpoints (the table says which): a `public` call such as a
 *   wrong password's 401 is an answer, not an expired token, so it never triggers a refresh;
 * - a 401 on a `session` call made with the session's token triggers one refresh; every `session` request
 *   that fails with 401 or starts meanwhile waits for it and is replayed once with the new token;
 * - a refused refresh (401) shows 'session expired' once and logs out, which aborts everything still waiting;
 *   a refresh that gets no answer is tried again, and if it never gets one the waiting requests fail with the
 *   network message while the session stays (`callRefresh`);
 * - a refresh is scheduled shortly before the token expires;
 * - logout aborts in-flight requests: they reject with `aborted` and show nothing.
 * @example
 * const { data, msg } = await http.call(endpoints.updateUser, { body }, { signal, showSuccess: true });
 */
const isOrganizationTwoFactorRefusal = (error: ApiError) => error.code === TWO_FACTOR_REQUIRED;

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
    /** Re-authentication on 403 REAUTH_REQUIRED (./reauth-retry.ts); without it such a refusal is only shown. */
    @inject(ReauthPrompt) @optional() private readonly reauth?: ReauthPrompt,
  ) {
    this.session = session;
    this.notifier = notifier;
    this.translator = translator;
    this.axios = axios.create({ baseURL: config.apiBaseUrl, headers: { Accept: 'application/json' } });
    // A call with no answer in time fails like a 5xx, 'Please try again' (docs/api-errors.md), not forever.
    limitRequestTime(this.axios, (config.requestTimeoutSeconds ?? DEFAULT_REQUEST_TIMEOUT_SECONDS) * 1000);
    // The server writes msg (and mail) in the language asked for (docs/server-messages.md): the current one, per call.
    this.axios.interceptors.request.use((request) => {
      request.headers.set('Accept-Language', translator.language());
      return request;
    });
    this.stopAbortingOnLogout = session.onLogout(() => {
      for (const controller of [...this.inFlight]) controller.abort();
    });
    this.stopScheduling = scheduleTokenRefresh(session, () => this.refresh());
  }

  call<E extends Endpoint>(endpoint: E, ...[input, options]: CallArgs<E>): Promise<EndpointResult<E>> {
    return this.request(toCall(endpoint, input as AnyInput | undefined), options);
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
      const signal = controller.signal;
      const result = unwrap<T>(await retryAfterReauth(() => this.send(call, signal), this.reauth, signal));
      if (options.showSuccess && result.msg) this.notifier.success(result.msg);
      return result;
    } catch (error) {
      const apiError = toApiError(error, this.translator, controller.signal.aborted);
      if (!options.silent && !apiError.aborted) this.notifier.error(apiError.message);
      // The organisation gate's answer once the organisation enforces 2FA; entering it (the account selection)
      // answers the same code and shows its own notice.
      if (isOrganizationTwoFactorRefusal(apiError) && call.url !== endpoints.organizationAccess.path)
        this.session.setOrganizationTwoFactorRequired(true);
      throw apiError;
    } finally {
      this.inFlight.delete(controller);
      detach();
    }
  }

  private async send(call: Call, signal: AbortSignal): Promise<AxiosResponse> {
    if (call.auth !== 'session') return await this.axios.request(this.config(call, null, signal));
    if (this.refreshing) await untilAborted(this.refreshing, signal);
    const token = this.session.accessToken;
    try {
      return await this.axios.request(this.config(call, token, signal));
    } catch (error) {
      if (!this.mayRefreshAfter(error, token, signal)) throw error;
      // A 401 for a token that was replaced while the call was in flight needs no new refresh, only the replay.
      if (this.session.accessToken === token) await untilAborted(this.refresh(), signal);
      return await this.axios.request(this.config(call, this.session.accessToken, signal));
    }
  }

  private mayRefreshAfter(error: unknown, token: string | null, signal: AbortSignal): boolean {
    return isAxiosError(error) && error.response?.status === 401 && token !== null && !signal.aborted;
  }

  private config(call: Call, token: string | null, signal: AbortSignal): AxiosRequestConfig {
    return {
      method: call.method,
      url: call.url,
      data: call.data,
      params: call.query,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
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

  /**
   * Only a refused refresh (401: revoked, reused, idle or expired on the server) ends the session. No answer,
   * a 5xx or an answer without tokens is tried again with backoff (refresh-retry.ts); if it still fails, the
   * waiting requests fail with why and the session stays, so the next call refreshes again. A retry may
   * present a token the server already rotated (its answer was lost): the server's grace window answers it
   * with the current pair (server/README.md "Security").
   */
  private async callRefresh(): Promise<void> {
    const refreshToken = this.session.refreshToken;
    // A logout during the refresh must not be undone by its late answer.
    const controller = new AbortController();
    const stopListening = this.session.onLogout(() => controller.abort());
    try {
      if (!refreshToken) throw new ApiError(this.translator.t('core:http.sessionExpired'), 401);
      const tokens = await withRefreshRetries(
        async () => {
          const response = await this.axios.request<{ data?: Partial<TokenPair> }>({
            method: endpoints.refresh.method,
            url: endpoints.refresh.path,
            headers: { [REFRESH_TOKEN_HEADER]: refreshToken },
            signal: controller.signal,
          });
          const pair = response.data?.data;
          if (!pair?.accessToken || !pair.refreshToken) throw new UnusableRefreshAnswer(response.status);
          return { accessToken: pair.accessToken, refreshToken: pair.refreshToken };
        },
        isTransientRefreshFailure,
        controller.signal,
      );
      // Tokens replaced meanwhile (organisation switch, another tab) are newer than this answer.
      if (this.session.refreshToken === refreshToken) this.session.setTokens(tokens);
    } catch (error) {
      if (controller.signal.aborted) throw abortedError(this.translator);
      const status = isAxiosError(error)
        ? (error.response?.status ?? null)
        : error instanceof ApiError || error instanceof UnusableRefreshAnswer
          ? error.status
          : null;
      if (status !== 401) {
        throw error instanceof UnusableRefreshAnswer
          ? new ApiError(this.translator.t('core:http.tryAgain'), status)
          : toApiError(error, this.translator, false);
      }
      // A session whose organisation now enforces 2FA is not renewed: the server says why.
      const refused = toApiError(error, this.translator, false);
      const expired = isOrganizationTwoFactorRefusal(refused)
        ? refused
        : new ApiError(this.translator.t('core:http.sessionExpired'), status);
      this.notifier.error(expired.message);
      this.session.logout();
      throw expired;
    } finally {
      stopListening();
    }
  }
}
