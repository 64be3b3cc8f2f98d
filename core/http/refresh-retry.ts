import { isAxiosError } from 'axios';

/**
 * Waits before the second, third and fourth try of a token refresh that got no usable answer
 * (docs/api-errors.md "Token refresh"): about 4 s in all, long enough for a dropped Wi-Fi packet or a
 * restarting server, short enough that a queued request does not hang.
 */
export const REFRESH_RETRY_DELAYS_MS: readonly number[] = [250, 1000, 2500];

/** A 200 that carries no token pair: a captive portal's page or a proxy's answer, not the API's. */
export class UnusableRefreshAnswer extends Error {
  constructor(readonly status: number) {
    super('The refresh answer carried no tokens');
    this.name = 'UnusableRefreshAnswer';
  }
}

/**
 * Whether a failed refresh is worth another try: no answer at all (connection dropped, timeout), a server
 * or gateway error (5xx), 408, 429, or an answer without tokens. A 401 is the server refusing the token and
 * never retried; neither is any other 4xx, which would be refused again.
 */
export function isTransientRefreshFailure(error: unknown): boolean {
  if (error instanceof UnusableRefreshAnswer) return true;
  if (!isAxiosError(error)) return false;
  const status = error.response?.status;
  return status === undefined || status >= 500 || status === 408 || status === 429;
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs `attempt`, and again after each delay while it fails transiently; the last failure (or the first
 * non-transient one) is thrown. An abort (logout) ends the waiting at once.
 * @example
 * const response = await withRefreshRetries(() => axios.request(config), isTransientRefreshFailure, signal);
 */
export async function withRefreshRetries<T>(
  attempt: () => Promise<T>,
  isTransient: (error: unknown) => boolean,
  signal: AbortSignal,
  delays: readonly number[] = REFRESH_RETRY_DELAYS_MS,
): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (signal.aborted || tries >= delays.length || !isTransient(error)) throw error;
    }
    await pause(delays[tries], signal);
  }
}
