import { useService } from '../di/use-service';
import { PluginRegistry } from './plugin-registry-token';
import type { RouteId } from './route-ids';
import type { RequiredWellKnownRoute, WellKnownRoute } from './well-known-routes';

/**
 * The path of a route by id, after the config's `routes` overrides: links never hard-code a path.
 * @example <Link to={useRouteHref('billing.history')}>…</Link>
 */
export function useRouteHref(routeId: RouteId): string {
  return useService(PluginRegistry).href(routeId);
}

/**
 * The path of a well-known page, whichever plugin provides it; undefined for an optional one nobody provides,
 * so the caller leaves out the link.
 * @example const security = useWellKnownHref('security-settings'); // undefined without the two-factor plugin
 */
export function useWellKnownHref(name: RequiredWellKnownRoute): string;
export function useWellKnownHref(name: WellKnownRoute): string | undefined;
export function useWellKnownHref(name: WellKnownRoute): string | undefined {
  return useService(PluginRegistry).wellKnownHref(name);
}
