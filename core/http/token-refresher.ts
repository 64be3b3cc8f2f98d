import { token } from '../di/container';

/**
 * The one place access tokens are refreshed (`POST /v1/organization/refresh`, refresh token in a header).
 * Single-flight: concurrent callers share one call. A refused refresh (401) logs the session out and rejects;
 * one that never got an answer (after its retries) rejects and leaves the session signed in.
 * Used by the HTTP client on 401, by its scheduled pre-expiry refresh, and by the idle dialog's 'Continue session'.
 */
export interface TokenRefresher {
  refresh(): Promise<void>;
}
export const TokenRefresher = token<TokenRefresher>('core.token-refresher');
