import type { PortalPlugin } from '@core';
import { ExternalNavigation, browserNavigation } from './api/external-navigation';
import { SsoApi } from './api/sso-api-token';

// This plugin's route ids, so a link to one is checked by the compiler (core/plugin/route-ids.ts).
declare module '@core' {
  interface PortalRouteIds {
    'sso.landing': true;
    'sso.login': true;
  }
}

/**
 * Partner single sign-on (`/sso` and `/sso-login`). Both screens sit in the auth
 * layout's card. The flow ends on the auth plugin's screens (`/orgs`, `/login`, second factor), hence the dependency.
 * Pages are lazy: this module loads on every page.
 */
const sso: PortalPlugin = {
  id: 'sso',
  dependsOn: ['auth'],
  bindings: (bind) => {
    bind.lazySingleton(SsoApi, () => import('./api/sso-api').then((m) => m.HttpSsoApi));
    bind.constant(ExternalNavigation, browserNavigation);
  },
  routes: () => [
    { id: 'sso.landing', path: '/sso', layout: 'auth', load: () => import('./pages/sso-landing-page') },
    { id: 'sso.login', path: '/sso-login', layout: 'auth', load: () => import('./pages/sso-login-page') },
  ],
};
export default sso;
