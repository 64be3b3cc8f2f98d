import { PortalConfig } from '../config/portal-config';
import { useService } from '../di/use-service';

/**
 * Where the browser loads a file the API names by path (an organisation's logo, `/v1/branding/logo/<id>`): on the
 * API's origin, as the HTTP client calls it (portal.config.json `apiBaseUrl`, axios' baseURL). The API answers with
 * a path rather than an absolute URL on its PUBLIC_URL, so a portal opened under another host name (127.0.0.1
 * against localhost) still loads it from its own origin, which its Content-Security-Policy allows.
 * A path stays a path when the API is this page's origin (`apiBaseUrl` "/" or empty, or the page's own origin);
 * an absolute URL (an older server's answer, a chosen file's `data:` URL) is kept as it is.
 * @example
 * apiAssetUrl('/v1/branding/logo/x', '/') // '/v1/branding/logo/x'
 * apiAssetUrl('/v1/branding/logo/x', 'https://api.example.com/') // 'https://api.example.com/v1/branding/logo/x'
 */
export function apiAssetUrl(
  pathOrUrl: string,
  apiBaseUrl: string,
  pageOrigin: string | undefined = globalThis.location?.origin,
): string {
  // A scheme (https:, data:, blob:) or a scheme-relative `//host` already says where it lives.
  if (!pathOrUrl.startsWith('/') || pathOrUrl.startsWith('//')) return pathOrUrl;
  // Joined as axios joins baseURL and a request path, so the file comes from where the API calls go.
  let base = apiBaseUrl.replace(/\/+$/, '');
  if (pageOrigin && base.startsWith(`${pageOrigin}/`)) base = base.slice(pageOrigin.length);
  else if (pageOrigin && base === pageOrigin) base = '';
  return `${base}${pathOrUrl}`;
}

/**
 * {@link apiAssetUrl} against this deployment's `apiBaseUrl`, for a component: nothing in, nothing out.
 * @example const assetUrl = useApiAssetUrl(); <img src={assetUrl(session.logo) ?? fallback} />
 */
export function useApiAssetUrl(): (pathOrUrl: string | null | undefined) => string | null {
  const { apiBaseUrl } = useService(PortalConfig);
  return (pathOrUrl) => (pathOrUrl ? apiAssetUrl(pathOrUrl, apiBaseUrl) : null);
}
