import type { PortalPlugin } from '@core';
import { AccountDataApi } from './api/account-data-api-token';

// This plugin's route ids, so a link to one is checked by the compiler (core/plugin/route-ids.ts).
declare module '@core' {
  interface PortalRouteIds {
    'account-data.user-data': true;
  }
}

/**
 * "Your data and leaving" (docs/account-settings.md; GDPR art. 15, 17 and 20): at `/user/data`, a tab of the user
 * area (core's `user-area` slot), the user downloads a copy of their data prepared by the server, and deletes their
 * account. The page is lazy; this entry only describes it.
 */
const accountData: PortalPlugin = {
  id: 'account-data',
  bindings: (bind) =>
    bind.lazySingleton(AccountDataApi, () =>
      import('./api/account-data-api').then((m) => m.HttpAccountDataApi),
    ),
  routes: () => [
    {
      id: 'account-data.user-data',
      path: '/user/data',
      layout: 'app',
      attachTo: { slot: 'user-area', labelKey: 'nav.data', order: 40 },
      load: () => import('./pages/user-data-page'),
    },
  ],
  menu: () => [
    {
      id: 'account-data.user-data',
      routeId: 'account-data.user-data',
      labelKey: 'menu.data',
      icon: 'data',
      order: 93,
    },
  ],
};
export default accountData;
