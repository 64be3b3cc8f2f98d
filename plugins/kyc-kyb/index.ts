import type { PortalPlugin } from '@core';
import { KycApi } from './api/kyc-api-token';

// This plugin's route ids, so a link to one is checked by the compiler (core/plugin/route-ids.ts).
declare module '@core' {
  interface PortalRouteIds {
    'kyc-kyb.kyb': true;
    'kyc-kyb.kyc': true;
    'kyc-kyb.overview': true;
  }
}

/**
 * Account verification (issue 15): the user's identity (KYC) and, in a business organisation, the business's
 * (KYB), under `/account`. The overview shows each status with the action it allows; the forms are steps whose
 * progress the server keeps. Who may submit KYB is the server's answer (`kyb.submit`); the menu only hides KYB
 * outside business organisations. Pages are lazy: this entry only describes them.
 */
const kycKyb: PortalPlugin = {
  id: 'kyc-kyb',
  roleRules: {
    /** KYB belongs to a business organisation; a personal account has nothing to verify there. */
    'kyc-kyb.business': { accountTypes: ['business'] },
  },
  bindings: (bind) => bind.lazySingleton(KycApi, () => import('./api/kyc-api').then((m) => m.HttpKycApi)),
  routes: () => [
    {
      id: 'kyc-kyb.overview',
      path: '/account',
      layout: 'app',
      load: () => import('./pages/account-overview-page'),
    },
    {
      id: 'kyc-kyb.kyc',
      path: '/account/kyc',
      layout: 'app',
      load: () => import('./pages/kyc-page'),
    },
    {
      id: 'kyc-kyb.kyb',
      path: '/account/kyb',
      layout: 'app',
      access: 'kyc-kyb.business',
      load: () => import('./pages/kyb-page'),
    },
  ],
  menu: () => [
    {
      id: 'kyc-kyb.menu',
      routeId: 'kyc-kyb.overview',
      labelKey: 'menu.verification',
      icon: 'verification',
      order: 30,
    },
  ],
};
export default kycKyb;
