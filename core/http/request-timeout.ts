import { isAxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';

/** portal.config.json `requestTimeoutSeconds` when a config predates it (tests that build one by hand). */
export const DEFAULT_REQUEST_TIMEOUT_SECONDS = 30;

/** Each request's timer, so an error can say whether the time limit (not the caller) cut it off. */
const timers = new WeakMap<InternalAxiosRequestConfig, { expired: boolean; stop: () => void }>();

/**
 * Gives every request of `instance` at most `ms` for an answer (docs/api-errors.md: no answer in time →
 * 'Please try again'). An abort signal of its own rather than axios' `timeout`, which only the XHR and http
 * adapters implement, so it holds whatever carries the request; the caller's own signal still aborts it.
 */
export function limitRequestTime(instance: AxiosInstance, ms: number): void {
  instance.interceptors.request.use((request) => {
    const controller = new AbortController();
    const callerSignal = request.signal as AbortSignal | undefined;
    const onCallerAbort = () => controller.abort(callerSignal?.reason);
    const state = { expired: false, stop: () => {} };
    const timer = setTimeout(() => {
      state.expired = true;
      controller.abort();
    }, ms);
    if (callerSignal?.aborted) onCallerAbort();
    else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
    state.stop = () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    };
    timers.set(request, state);
    request.signal = controller.signal;
    return request;
  });
  const stop = (config: InternalAxiosRequestConfig | undefined) => {
    if (config) timers.get(config)?.stop();
  };
  instance.interceptors.response.use(
    (response) => {
      stop(response.config);
      return response;
    },
    (error: unknown) => {
      if (isAxiosError(error)) stop(error.config);
      return Promise.reject(error);
    },
  );
}

/** The request was given up because the server did not answer within the time limit. */
export function isRequestTimeout(error: unknown): boolean {
  return isAxiosError(error) && error.config !== undefined && timers.get(error.config)?.expired === true;
}
