import type { PortalPlugin } from '@core';
import { BrandingApi } from './api/branding-api-token';

// This plugin's route ids, so a link to one is checked by the compiler (core/plugin/route-ids.ts).
declare module '@core' {
  interface PortalRouteIds {
    'branding.admin': true;
    'branding.data-exchnage': true;
    'branding.developer': true;
    'branding.id': true;
    'branding.redact': true;
    'branding.root': true;
    'branding.sign': true;
  }
}

/**
 * Branding (issue 14): each organisation's logo, dark logo and colours for every portal of the product family, with
 * a live preview, in the app layout. The account portal's branding is applied at once after saving, through the
 * session (core's theme follows the active organisation's branding). Who sees the menu entry and may open the pages
 * is decided by the role rule below: whoever holds `branding.manage` (owner and admin by default, any custom role
 * granted it; overridable in config); the
 * server checks the permission on every call anyway. Pages are lazy: this entry only describes them.
 */
const branding: PortalPlugin = {
  id: 'branding',
  roleRules: {
    'branding.manage': { permissions: ['branding.manage'] },
  },
  bindings: (bind) => bind.lazySingleton(BrandingApi, () => import('./api/branding-api').then((m) => m.HttpBrandingApi)),
  // One literal per tab (not a map over BRANDING_TABS): the build reads routes written this way into its route
  // manifest, which the server uses to preload a page's chunks and the accessibility walk to list its pages
  // (tooling/route-manifest.ts). index.test.ts checks the list matches BRANDING_TABS.
  routes: () => [
    { id: 'branding.root', path: '/branding', layout: 'app', redirectTo: 'branding.admin' },
    {
      id: 'branding.admin',
      path: '/branding/admin',
      layout: 'app',
      access: 'branding.manage',
      load: () => import('./pages/branding-page').then((m) => ({ default: m.brandingPages.admin })),
    },
    {
      id: 'branding.developer',
      path: '/branding/developer',
      layout: 'app',
      access: 'branding.manage',
      load: () => import('./pages/branding-page').then((m) => ({ default: m.brandingPages.developer })),
    },
    {
      id: 'branding.id',
      path: '/branding/id',
      layout: 'app',
      access: 'branding.manage',
      load: () => import('./pages/branding-page').then((m) => ({ default: m.brandingPages.id })),
    },
    {
      id: 'branding.redact',
      path: '/branding/redact',
      layout: 'app',
      access: 'branding.manage',
      load: () => import('./pages/branding-page').then((m) => ({ default: m.brandingPages.redact })),
    },
    {
      id: 'branding.sign',
      path: '/branding/sign',
      layout: 'app',
      access: 'branding.manage',
      load: () => import('./pages/branding-page').then((m) => ({ default: m.brandingPages.sign })),
    },
    {
      id: 'branding.data-exchnage',
      path: '/branding/data-exchnage',
      layout: 'app',
      access: 'branding.manage',
      load: () => import('./pages/branding-page').then((m) => ({ default: m.brandingPages['data-exchnage'] })),
    },
  ],
  menu: () => [
    {
      id: 'branding.menu',
      routeId: 'branding.root',
      labelKey: 'menu.branding',
      icon: 'branding',
      access: 'branding.manage',
      order: 40,
    },
  ],
};
export default branding;
