import type { PortalBinder } from '../di/container';
import { AxiosHttpClient } from './axios-http-client';
import { HttpClient } from './http-client';
import { TokenRefresher } from './token-refresher';

export * from './http-client';
export * from './token-refresher';
export { AxiosHttpClient, REFRESH_PATH } from './axios-http-client';
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
  binder.singleton(AxiosHttpClient, AxiosHttpClient);
  binder.factory(HttpClient, (resolve) => resolve.get(AxiosHttpClient));
  binder.factory(TokenRefresher, (resolve) => resolve.get(AxiosHttpClient));
}
