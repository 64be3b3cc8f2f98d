import type { PortalPlugin } from '@core';
import { AppsApi, HttpAppsApi } from './api/apps-api';

/**
 * The app dashboard and launcher (spec §2.4, §4 App launch): `/dashboard` opens `/dashboard/apps`.
 * `apps.manage` (admin or owner by default, overridable in config) decides who may switch partner apps on and off.
 */
const apps: PortalPlugin = {
  id: 'apps',
  roleRules: { 'apps.manage': { anyOf: ['owner', 'admin'] } },
  bindings: (bind) => bind.singleton(AppsApi, HttpAppsApi),
  routes: () => [
    { id: 'apps.dashboard', path: '/dashboard', layout: 'app', redirectTo: 'apps.list' },
    { id: 'apps.list', path: '/dashboard/apps', layout: 'app', load: () => import('./pages/apps-page') },
  ],
  menu: () => [{ id: 'apps.menu', routeId: 'apps.list', labelKey: 'menu.apps', order: 0 }],
};
export default apps;
