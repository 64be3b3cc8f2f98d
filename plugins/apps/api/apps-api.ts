import { HttpClient, inject, injectable, token, type ApiResult } from '@core';
import type {
  AppIdBody,
  AppLaunchData,
  AppListData,
  AppListItem,
  AppSsoData,
  AppStatusBody,
} from '@contract/v1/index';

/**
 * The app dashboard's /v1 calls (spec §7.3), one method per endpoint. Errors are shown by the HTTP client
 * (spec §8); the enable/disable call also shows the server's success message.
 * @example
 * const { data } = await useService(AppsApi).list(signal);
 */
export interface AppsApi {
  /** The apps of the active organisation. */
  list(signal?: AbortSignal): Promise<ApiResult<AppListData>>;
  /** A first-party launch: a single-use token (about 60 s) for the app's portal and where to open it. */
  launch(body: AppIdBody, signal?: AbortSignal): Promise<ApiResult<AppLaunchData>>;
  /** A third-party launch with completed SSO: open `url + token`. */
  ssoToken(body: AppIdBody, signal?: AbortSignal): Promise<ApiResult<AppSsoData>>;
  /** Enable or disable a third-party app (admin or owner); answers the updated card. */
  setStatus(body: AppStatusBody, signal?: AbortSignal): Promise<ApiResult<AppListItem>>;
}
export const AppsApi = token<AppsApi>('apps.api');

@injectable()
export class HttpAppsApi implements AppsApi {
  constructor(@inject(HttpClient) private readonly http: HttpClient) {}

  list(signal?: AbortSignal) {
    return this.http.get<AppListData>('/v1/apps', { signal });
  }

  launch(body: AppIdBody, signal?: AbortSignal) {
    return this.http.post<AppLaunchData>('/v1/app/launch', body, { signal });
  }

  ssoToken(body: AppIdBody, signal?: AbortSignal) {
    return this.http.post<AppSsoData>('/v1/app/sso', body, { signal });
  }

  setStatus(body: AppStatusBody, signal?: AbortSignal) {
    return this.http.patch<AppListItem>('/v1/app/status', body, { signal, showSuccess: true });
  }
}
