import type { PortalPlugin } from '@core';
import { ActivityApi } from './api/activity-api-token';

// This plugin's route ids, so a link to one is checked by the compiler (core/plugin/route-ids.ts).
declare module '@core' {
  interface PortalRouteIds {
    'activity-log.organisation': true;
    'activity-log.signed-out': true;
    'activity-log.user': true;
  }
}

/**
 * The activity log (docs/activity-log.md): the user's own events and signed-in sessions at `/user/active-log`, a tab
 * of the user area, and the organisation's events at `/organisation/activity`, a tab of the organisation area, both
 * through core's route slots (no import of the plugins that own those areas). The organisation view is for holders
 * of `activity.view`, a permission any role can hold (a custom "Auditor" role, or an admin it was withdrawn from),
 * so the role rule names the permission, not roles; the page asks the server again what the user holds now
 * (GET /v1/acl/me). The server checks the permission on every call. Pages are lazy.
 */
const activityLog: PortalPlugin = {
  id: 'activity-log',
  roleRules: {
    /** Business organisations, for holders of `activity.view` (checked again by the page and the server). */
    'activity-log.organisation': { accountTypes: ['business'], permissions: ['activity.view'] },
  },
  bindings: (bind) =>
    bind.lazySingleton(ActivityApi, () => import('./api/activity-api').then((m) => m.HttpActivityApi)),
  routes: () => [
    {
      id: 'activity-log.user',
      path: '/user/active-log',
      layout: 'app',
      attachTo: { slot: 'user-area', labelKey: 'nav.user', order: 30 },
      load: () => import('./pages/user-activity-page'),
    },
    {
      id: 'activity-log.organisation',
      path: '/organisation/activity',
      layout: 'app',
      access: 'activity-log.organisation',
      attachTo: { slot: 'organisation-area', labelKey: 'nav.organisation', order: 40 },
      load: () => import('./pages/organisation-activity-page'),
    },
    {
      id: 'activity-log.signed-out',
      path: '/signed-out-everywhere',
      layout: 'auth',
      load: () => import('./pages/signed-out-page'),
    },
  ],
  // Each page has its own menu entry, so the side menu shows where the user is: the user's log beside Profile and
  // Security, the organisation's under the Organisation group (on top level when no plugin provides that group).
  menu: () => [
    {
      id: 'activity-log.user',
      routeId: 'activity-log.user',
      labelKey: 'menu.activity',
      icon: 'activity',
      order: 92,
    },
    {
      id: 'activity-log.organisation',
      routeId: 'activity-log.organisation',
      labelKey: 'nav.organisation',
      access: 'activity-log.organisation',
      parentId: 'organisation-acl.menu',
      order: 14,
    },
  ],
};
export default activityLog;
