import type { FastifyInstance, RouteOptions } from 'fastify';
import { API_PREFIX } from '../../contract/v1/constants';
import type { EndpointRoute } from '../../contract/v1/endpoint';
import { endpoints } from '../../contract/v1/endpoints';

/**
 * The /v1 paths served outside the endpoint table: infrastructure, not calls the portal makes. They stay out of
 * the contract so the OpenAPI document lists only the API itself (server/README.md, "The contract").
 */
export const INFRASTRUCTURE_PATHS = {
  /** The OpenAPI document generated from the contract's routes. */
  openApi: `${API_PREFIX}/openapi.json`,
  /** A probe for load balancers and the production start check. */
  health: `${API_PREFIX}/health`,
  /** Where the portal's Content-Security-Policy reports violations (server/http/csp-reports.ts). */
  cspReport: `${API_PREFIX}/csp-report`,
  /** Where Stripe delivers billing events (PAYMENT_PROVIDER=stripe; server/modules/billing/stripe-webhook.ts). */
  stripeWebhook: `${API_PREFIX}/billing/stripe-webhook`,
  /** Swagger UI and its static files (every path below it). */
  docs: `${API_PREFIX}/docs`,
} as const;

const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

const CONTRACT_ROUTES = new Set(
  Object.values<EndpointRoute>(endpoints).map((e) => routeKey(e.method, e.path)),
);

/** Whether the server may answer this method and path under /v1: an endpoint of the table, or infrastructure. */
export function isAllowedApiRoute(method: string, path: string): boolean {
  if (path !== API_PREFIX && !path.startsWith(`${API_PREFIX}/`)) return true;
  if (
    path === INFRASTRUCTURE_PATHS.openApi ||
    path === INFRASTRUCTURE_PATHS.health ||
    path === INFRASTRUCTURE_PATHS.cspReport ||
    path === INFRASTRUCTURE_PATHS.stripeWebhook
  )
    return true;
  if (path === INFRASTRUCTURE_PATHS.docs || path.startsWith(`${INFRASTRUCTURE_PATHS.docs}/`)) return true;
  // Fastify adds a HEAD route beside each GET.
  const asGet = method.toUpperCase() === 'HEAD' ? 'GET' : method;
  return CONTRACT_ROUTES.has(routeKey(asGet, path));
}

/**
 * Makes registering an off-contract /v1 route a start-up error: a route the portal cannot reach through
 * contract/v1/endpoints.ts, or one the OpenAPI document would describe wrongly, never ships.
 */
export function refuseOffContractRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (!isAllowedApiRoute(method, route.url)) {
        throw new Error(
          `${routeKey(method, route.url)} is not in the /v1 endpoint table (contract/v1/endpoints.ts)`,
        );
      }
    }
  });
}
