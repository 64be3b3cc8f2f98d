import type { PortalPlugin } from '@core';
import { ExternalNavigation, browserNavigation } from './api/external-navigation';
import { HttpSsoApi, SsoApi } from './api/sso-api';

/**
 * Partner single sign-on (spec §2.2 `/sso`, `/sso-login`; §2.5, §2.6; §4 SSO flow). Both screens sit in the auth
 * layout's card. The flow ends on the auth plugin's screens (`/orgs`, `/login`, second factor), hence the dependency.
 * Pages are lazy: this module loads on every page.
 */
const sso: PortalPlugin = {
  id: 'sso',
  dependsOn: ['auth'],
  bindings: (bind) => {
    bind.singleton(SsoApi, HttpSsoApi);
    bind.constant(ExternalNavigation, browserNavigation);
  },
  routes: () => [
    { id: 'sso.landing', path: '/sso', layout: 'auth', load: () => import('./pages/sso-landing-page') },
    { id: 'sso.login', path: '/sso-login', layout: 'auth', load: () => import('./pages/sso-login-page') },
  ],
};
export default sso;
