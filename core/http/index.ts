import type { PortalBinder } from '../di/container';
import { HttpClient } from './http-client';
import { LazyHttpClient } from './lazy-http-client';
import { TokenRefresher } from './token-refresher';

export * from './http-client';
export * from './token-refresher';
export { REFRESH_PATH } from './refresh-path';
export { LazyHttpClient } from './lazy-http-client';
export { refreshDelay } from './refresh-schedule';

/**
 * Binds the HTTP pipeline. Needs `PortalConfig`, `SessionStore`, `Notifier` and `Translator` bound.
 * HttpClient and TokenRefresher are one instance, so a refresh started by the idle dialog and
 * the 401 queue are the same single flight.
 * @example
 * bindCoreHttp(container);
 * const http = container.get(HttpClient);
 */
export function bindCoreHttp(binder: PortalBinder): void {
  binder.singleton(LazyHttpClient, LazyHttpClient);
  binder.factory(HttpClient, (resolve) => resolve.get(LazyHttpClient));
  binder.factory(TokenRefresher, (resolve) => resolve.get(LazyHttpClient));
}
