import type { PortalPlugin } from '@core';
import { AppsApi } from './api/apps-api-token';

// This plugin's route ids, so a link to one is checked by the compiler (core/plugin/route-ids.ts).
declare module '@core' {
  interface PortalRouteIds {
    'apps.dashboard': true;
    'apps.list': true;
  }
}

/**
 * The app dashboard and launcher: `/dashboard` (the well-known `landing` page) opens `/dashboard/apps`.
 * The `apps.manage` rule (whoever holds that permission: admin and owner by default; overridable in config) decides
 * who may switch partner apps on and off.
 */
const apps: PortalPlugin = {
  id: 'apps',
  roleRules: { 'apps.manage': { permissions: ['apps.manage'] } },
  bindings: (bind) => bind.lazySingleton(AppsApi, () => import('./api/apps-api').then((m) => m.HttpAppsApi)),
  routes: () => [
    { id: 'apps.dashboard', path: '/dashboard', layout: 'app', provides: 'landing', redirectTo: 'apps.list' },
    { id: 'apps.list', path: '/dashboard/apps', layout: 'app', load: () => import('./pages/apps-page') },
  ],
  menu: () => [{ id: 'apps.menu', routeId: 'apps.list', labelKey: 'menu.apps', icon: 'apps', order: 0 }],
};
export default apps;
