import type { PortalBinder } from '../di/container';
import { ReauthController } from '../reauth/reauth-controller';
import { HttpClient } from './http-client';
import { LazyHttpClient } from './lazy-http-client';
import { ReauthPrompt } from './reauth-prompt';
import { TokenRefresher } from './token-refresher';

export * from './http-client';
export * from './token-refresher';
export * from './reauth-prompt';
export { LazyHttpClient } from './lazy-http-client';
export { refreshDelay } from './refresh-schedule';
export { apiAssetUrl, useApiAssetUrl } from './api-asset-url';

/**
 * Binds the HTTP pipeline. Needs `PortalConfig`, `SessionStore`, `Notifier` and `Translator` bound.
 * HttpClient and TokenRefresher are one instance, so a refresh started by the idle dialog and
 * the 401 queue are the same single flight. ReauthPrompt is the re-authentication dialog's controller, which the
 * pipeline asks on 403 REAUTH_REQUIRED (docs/two-factor.md#recent-authentication).
 * @example
 * bindCoreHttp(container);
 * const http = container.get(HttpClient);
 */
export function bindCoreHttp(binder: PortalBinder): void {
  binder.singleton(ReauthController, ReauthController);
  binder.factory(ReauthPrompt, (resolve) => resolve.get(ReauthController));
  binder.singleton(LazyHttpClient, LazyHttpClient);
  binder.factory(HttpClient, (resolve) => resolve.get(LazyHttpClient));
  binder.factory(TokenRefresher, (resolve) => resolve.get(LazyHttpClient));
}
