import type { PortalPlugin } from '@core';

// This plugin's route ids, so a link to one is checked by the compiler (core/plugin/route-ids.ts).
declare module '@core' {
  interface PortalRouteIds {
    'size-probe.page': true;
    'size-probe.root': true;
  }
}

/**
 * A throwaway plugin, never shipped: `npm run size:new-plugin` builds the portal with it added
 * (PORTAL_EXTRA_ROOTS=tests/size-probe) and checks every budget still holds, as a deployer's or a new feature's
 * plugin would need (docs/performance.md, "Chunks on first paint"). Shaped like a small real plugin: a page, a
 * redirect and a menu item.
 */
const sizeProbe: PortalPlugin = {
  id: 'size-probe',
  routes: () => [
    {
      id: 'size-probe.page',
      path: '/size-probe/page',
      layout: 'app',
      load: () => import('./pages/probe-page'),
    },
    { id: 'size-probe.root', path: '/size-probe', layout: 'app', redirectTo: 'size-probe.page' },
  ],
  menu: () => [{ id: 'size-probe.menu', routeId: 'size-probe.page', labelKey: 'menu.page', order: 90 }],
};
export default sizeProbe;
