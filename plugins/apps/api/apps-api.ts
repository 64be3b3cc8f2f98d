import { HttpClient, inject, injectable } from '@core';
import type { EndpointBody } from '@contract/v1/endpoint';
import { endpoints, type Endpoints } from '@contract/v1/endpoints';

/**
 * The app dashboard's /v1 calls, one line per endpoint of the contract's table. Errors are shown by the HTTP
 * client; the enable/disable call also shows the server's success message.
 * @example
 * const { data } = await useService(AppsApi).list(signal);
 */
@injectable()
export class HttpAppsApi {
  constructor(@inject(HttpClient) private readonly http: HttpClient) {}

  /** The apps of the active organisation. */
  list(signal?: AbortSignal) {
    return this.http.call(endpoints.apps, undefined, { signal });
  }

  /** A first-party launch: a single-use token (about 60 s) for the app's portal and where to open it. */
  launch(body: EndpointBody<Endpoints['launchApp']>, signal?: AbortSignal) {
    return this.http.call(endpoints.launchApp, { body }, { signal });
  }

  /** A third-party launch with completed SSO: open `url + token`. */
  ssoToken(body: EndpointBody<Endpoints['appSso']>, signal?: AbortSignal) {
    return this.http.call(endpoints.appSso, { body }, { signal });
  }

  /** Enable or disable a third-party app (admin or owner); answers the updated card. */
  setStatus(body: EndpointBody<Endpoints['setAppStatus']>, signal?: AbortSignal) {
    return this.http.call(endpoints.setAppStatus, { body }, { signal, showSuccess: true });
  }
}

/** What the app dashboard calls: {@link HttpAppsApi}'s methods, typed by the endpoint table. */
export { AppsApi } from './apps-api-token';
