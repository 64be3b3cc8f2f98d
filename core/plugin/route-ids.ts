/**
 * Every route id a plugin declares, so a link to a misspelt or unknown id is a type error where it is written
 * (`useRouteHref`, `registry.href`, a menu item's `routeId`, a route's `id` and `redirectTo`), as Backstage's route
 * refs are. Each plugin adds its own ids by declaration merging next to its definition; the boot check still
 * refuses what the compiler cannot see (a config override naming an id no enabled plugin declares).
 * @example
 * // plugins/billing/index.ts
 * declare module '@core' {
 *   interface PortalRouteIds {
 *     'billing.history': true;
 *   }
 * }
 * useRouteHref('billing.history'); // 'biling.history' does not compile
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the plugins through declaration merging
export interface PortalRouteIds {}

/** A route id some plugin declares (`<plugin id>.<name>`). */
export type RouteId = keyof PortalRouteIds & string;
