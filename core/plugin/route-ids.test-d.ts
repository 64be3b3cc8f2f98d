/**
 * Compile-time checks of typed route ids, run by `npm run typecheck` (part of `npm test`): every line marked
 * `@ts-expect-error` must fail to compile, so this file breaks the typecheck as soon as a misspelt route id
 * compiles again (issue #38). The ids are the shipped plugins' own declarations.
 */
import { useRouteHref } from './use-route-href';
import type { PortalMenuItem, PortalRoute } from './plugin-types';
import type { RouteLinks } from './well-known-routes';

declare const links: RouteLinks;

/** Never called: only compiled. */
export function useRouteIdChecks(): void {
  useRouteHref('billing.history');
  links.href('two-factor.user-security');

  // @ts-expect-error a misspelt plugin id
  useRouteHref('biling.history');
  // @ts-expect-error a misspelt route name
  links.href('billing.histroy');

  // @ts-expect-error a menu item opening an undeclared route
  const item: PortalMenuItem = { id: 'billing.menu', routeId: 'billing.hsitory', labelKey: 'menu.billing' };
  // @ts-expect-error a route declaring an id its plugin did not list
  const route: PortalRoute = { id: 'billing.unlisted', path: '/x', layout: 'app', redirectTo: 'billing.history' };
  // @ts-expect-error a redirect to an undeclared route
  const redirect: PortalRoute = { id: 'billing.root', path: '/billing', layout: 'app', redirectTo: 'billing.nowhere' };
  void [item, route, redirect];
}
