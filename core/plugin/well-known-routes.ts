import type { RouteId } from './route-ids';

/**
 * Pages core needs to reach without knowing which plugin serves them. A plugin declares that one of its
 * routes is such a page with `provides` on the route; core (guards, logout, side menu) and other plugins
 * then ask for it by this name, so a deployment can move or replace the page without breaking a link.
 * See docs/plugin-seams.md.
 */
export const WELL_KNOWN_ROUTES = {
  /** Where a visitor without a session goes: guards, logout, an expired session. */
  'sign-in': { required: true },
  /** Where a logged-in user without an organisation goes, and the organisation switcher's target. */
  'account-selection': { required: true },
  /** The user's password and two-factor settings (the enforced-2FA notice's Proceed). */
  'security-settings': { required: false },
  /** The side menu offers 'Create organisation' only when some plugin provides this page. */
  'create-organization': { required: false },
  /** Where the empty path and a finished organisation choice lead when `landingRoute` names no page. */
  landing: { required: false },
} as const satisfies Record<string, { required: boolean }>;

export type WellKnownRoute = keyof typeof WELL_KNOWN_ROUTES;

/** The well-known routes boot insists on: without them core could not send anybody anywhere. */
export type RequiredWellKnownRoute = {
  [K in WellKnownRoute]: (typeof WELL_KNOWN_ROUTES)[K]['required'] extends true ? K : never;
}[WellKnownRoute];

export const REQUIRED_WELL_KNOWN_ROUTES = (Object.keys(WELL_KNOWN_ROUTES) as WellKnownRoute[]).filter(
  (name) => WELL_KNOWN_ROUTES[name].required,
) as RequiredWellKnownRoute[];

/**
 * Links by route id. Every path in the portal comes from here, after the config's `routes` overrides.
 * @example
 * const routes = useService(PluginRegistry);
 * navigate(routes.wellKnownHref('sign-in'));
 * <Link to={routes.href('billing.history')} />
 */
export interface RouteLinks {
  /** The path of a route by its id; throws for an id no enabled plugin declares. */
  href(routeId: RouteId): string;
  /** Whether an enabled plugin declares this route id. */
  has(routeId: string): boolean;
  /** The path of a well-known page: always there for the required ones, undefined when nobody provides an optional one. */
  wellKnownHref(name: RequiredWellKnownRoute): string;
  wellKnownHref(name: WellKnownRoute): string | undefined;
  /** Where the empty path and a finished organisation choice lead (config `landingRoute`, else the `landing` page). */
  readonly landingPath: string;
}
