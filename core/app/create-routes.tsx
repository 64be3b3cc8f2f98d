import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { i18n as I18n } from 'i18next';
import { Navigate, type RouteObject } from 'react-router-dom';
import { GuardGate } from '../guards/guard-gate';
import type { GuardName } from '../guards/guard-types';
import { PluginBoundary } from '../plugin/plugin-boundary';
import type { PluginRegistry } from '../plugin/plugin-host';
import { preloadRoute } from '../plugin/route-preloads';
import type { PortalRoute, RouteLayout } from '../plugin/plugin-types';
import { EmptyPathRedirect } from './empty-path-redirect';
import { RootLayout } from './root-layout';
import NotFoundPage from './not-found-page';

const AuthLayout = lazy(() => import('../layout/auth-layout'));
const MaintenancePage = lazy(() => import('./maintenance-page'));
const StyleGuidePage = lazy(() => import('../ui/style-guide-page'));

/** The guards a layout group implies: protected (app) routes need a user and an organisation. */
export const GROUP_GUARDS: Record<RouteLayout, GuardName[]> = {
  public: [],
  auth: [],
  app: ['authenticated', 'orgSelected', 'portalAccess'],
};

function pluginIdOf(route: PortalRoute): string {
  return route.id.split('.')[0]!;
}

/**
 * React.lazy rather than route `lazy`: the page is fetched only after its guards allow,
 * so a logged-out visitor of `/dashboard` never downloads the dashboard. The plugin's
 * locale namespace loads together with the page.
 */
function lazyPage(route: PortalRoute, i18n: I18n): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    void preloadRoute(route.id);
    const [module] = await Promise.all([route.load!(), i18n.loadNamespaces(pluginIdOf(route))]);
    return module;
  });
}

/**
 * The app layout asks for every enabled plugin's locale namespace as its chunk is asked for, not after its first
 * render: its side menu's labels come from all of them (the menu stays blank until it has them), and index.html
 * preloads them (server/web/portal-document.ts). It does not wait for them: its frame paints meanwhile
 * (docs/performance.md, "Cold deep links").
 */
function lazyAppLayout(registry: PluginRegistry, i18n: I18n): LazyExoticComponent<ComponentType> {
  return lazy(() => {
    void i18n.loadNamespaces(registry.plugins.map((p) => p.plugin.id));
    return import('../layout/app-layout');
  });
}

function toRouteObject(route: PortalRoute, registry: PluginRegistry, i18n: I18n): RouteObject {
  if (route.redirectTo) {
    return { path: route.path, element: <Navigate to={registry.href(route.redirectTo)} replace /> };
  }
  const Page = lazyPage(route, i18n);
  const guards: GuardName[] = [...(route.guards ?? []), ...(route.access ? (['role'] as const) : [])];
  return {
    path: route.path,
    element: (
      <GuardGate guards={guards} rule={route.access ? registry.roleRules[route.access] : undefined}>
        <PluginBoundary pluginId={pluginIdOf(route)}>
          <Page />
        </PluginBoundary>
      </GuardGate>
    ),
  };
}

/** Assembles the route tree (`useRoutes` in boot.tsx) from the plugins' routes, in three groups: public, auth layout, app layout. */
export function createRoutes(registry: PluginRegistry, i18n: I18n): RouteObject[] {
  const AppLayout = lazyAppLayout(registry, i18n);
  const group = (layout: RouteLayout) =>
    registry.routes.filter((r) => r.layout === layout).map((r) => toRouteObject(r, registry, i18n));
  return [
    {
      element: <RootLayout />,
      children: [
        { path: '/', element: <EmptyPathRedirect /> },
        { path: '/404', element: <NotFoundPage /> },
        { path: '/maintenance', element: <MaintenancePage /> },
        { path: '/style', element: <StyleGuidePage /> },
        ...group('public'),
        { element: <AuthLayout />, children: group('auth') },
        {
          element: (
            <GuardGate guards={GROUP_GUARDS.app}>
              <AppLayout />
            </GuardGate>
          ),
          children: group('app'),
        },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ];
}
