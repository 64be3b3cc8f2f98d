import type { PortalPlugin } from '@core';
import { BillingApi } from './api/billing-api-token';

// This plugin's route ids, so a link to one is checked by the compiler (core/plugin/route-ids.ts).
declare module '@core' {
  interface PortalRouteIds {
    'billing.contract': true;
    'billing.history': true;
    'billing.payments': true;
    'billing.purchase': true;
    'billing.root': true;
    'billing.subscription': true;
  }
}

/**
 * Billing (issue 13): invoices, cards, purchases of usage buckets, contracts, the subscription's renewal and
 * pay-as-you-go, in the app layout. The menu and the routes follow the role rules below: whoever holds
 * `billing.view` or `billing.manage` (owner and admin by default, any custom role granted them; docs/access-control.md);
 * a page also asks the server what the user holds now (GET /v1/acl/me) and offers only those actions. The server checks each call
 * anyway. Pages are lazy: this entry only describes them, so the login page downloads no billing code.
 */
const billing: PortalPlugin = {
  id: 'billing',
  roleRules: {
    /** History, contracts and the subscription (`billing.view`). */
    'billing.view': { permissions: ['billing.view'] },
    /** Cards, purchases, renewal and pay-as-you-go (`billing.manage`). */
    'billing.manage': { permissions: ['billing.manage'] },
  },
  bindings: (bind) => bind.lazySingleton(BillingApi, () => import('./api/billing-api').then((m) => m.HttpBillingApi)),
  routes: () => [
    {
      id: 'billing.root',
      path: '/billing',
      layout: 'app',
      access: 'billing.view',
      redirectTo: 'billing.history',
    },
    {
      id: 'billing.history',
      path: '/billing/history',
      layout: 'app',
      attachTo: { slot: 'billing-area', labelKey: 'menu.history', order: 10 },
      access: 'billing.view',
      load: () => import('./pages/history-page'),
    },
    {
      id: 'billing.payments',
      path: '/billing/payments',
      layout: 'app',
      attachTo: { slot: 'billing-area', labelKey: 'menu.payments', order: 20 },
      // The cards are readable with billing.view (GET /v1/card); the page offers changes to billing.manage only.
      access: 'billing.view',
      load: () => import('./pages/payments-page'),
    },
    {
      id: 'billing.purchase',
      path: '/billing/purchase',
      layout: 'app',
      attachTo: { slot: 'billing-area', labelKey: 'menu.purchase', order: 30 },
      access: 'billing.manage',
      load: () => import('./pages/purchase-page'),
    },
    {
      id: 'billing.contract',
      path: '/billing/contract',
      layout: 'app',
      attachTo: { slot: 'billing-area', labelKey: 'menu.contract', order: 40 },
      access: 'billing.view',
      load: () => import('./pages/contract-page'),
    },
    {
      id: 'billing.subscription',
      path: '/billing/subscription',
      layout: 'app',
      attachTo: { slot: 'billing-area', labelKey: 'menu.subscription', order: 50 },
      access: 'billing.view',
      load: () => import('./pages/subscription-page'),
    },
  ],
  menu: () => [
    {
      id: 'billing.menu',
      routeId: 'billing.root',
      labelKey: 'menu.billing',
      icon: 'billing',
      access: 'billing.view',
      order: 20,
    },
    ...(
      [
        ['history', 'billing.view'],
        ['payments', 'billing.view'],
        ['purchase', 'billing.manage'],
        ['contract', 'billing.view'],
        ['subscription', 'billing.view'],
      ] as const
    ).map(([page, access], index) => ({
      id: `billing.${page}`,
      routeId: `billing.${page}` as const,
      labelKey: `menu.${page}`,
      access,
      parentId: 'billing.menu',
      order: 21 + index,
    })),
  ],
};
export default billing;
