import type { PortalPlugin } from '@core';
import { BrandingApi } from './api/branding-api-token';
import { BRANDING_TABS, tabRouteId } from './portal-tabs';

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
  routes: () => [
    { id: 'branding.root', path: '/branding', layout: 'app', redirectTo: tabRouteId('admin') },
    ...BRANDING_TABS.map(({ tab }) => ({
      id: tabRouteId(tab),
      path: `/branding/${tab}`,
      layout: 'app' as const,
      access: 'branding.manage',
      load: () => import('./pages/branding-page').then((m) => ({ default: m.brandingPages[tab] })),
    })),
  ],
  menu: () => [
    {
      id: 'branding.menu',
      routeId: 'branding.root',
      labelKey: 'menu.branding',
      access: 'branding.manage',
      order: 40,
    },
  ],
};
export default branding;
