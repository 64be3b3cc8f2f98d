import type { EndpointRoute } from '@contract/v1/endpoint';
import {
  http,
  type DefaultBodyType,
  type HttpHandler,
  type HttpResponseResolver,
  type PathParams,
} from 'msw';

/** The `apiBaseUrl` of the test hosts: absolute, so MSW matches the requests jsdom sends. */
export const API = 'http://localhost';

/**
 * The URL MSW matches for an endpoint of the contract's table. Its `:name` path parameters are MSW's own
 * syntax, so `params.orgId` reaches the resolver; the query string is ignored by MSW's matching.
 * @example
 * server.use(http.get(endpointUrl(endpoints.apps), () => HttpResponse.json({ data: [], msg: '' })));
 */
export function endpointUrl(route: EndpointRoute): string {
  return `${API}${route.path}`;
}

const byMethod = {
  GET: http.get,
  POST: http.post,
  PATCH: http.patch,
  PUT: http.put,
  DELETE: http.delete,
} as const;

/**
 * An MSW handler for one endpoint of the table: method and path both come from the table, so a test cannot
 * fake a call the portal does not make (a wrong method or a stale path fails with an unhandled request).
 * @example
 * server.use(onEndpoint(endpoints.login, async ({ request }) => HttpResponse.json({ data, msg: '' })));
 */
export function onEndpoint<Params extends PathParams<keyof Params> = PathParams>(
  route: EndpointRoute,
  resolver: HttpResponseResolver<Params>,
): HttpHandler {
  return byMethod[route.method]<Params, DefaultBodyType, DefaultBodyType>(endpointUrl(route), resolver);
}
