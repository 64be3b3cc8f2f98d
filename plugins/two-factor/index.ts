import type { PortalPlugin } from '@core';
import { HttpUserSecurityApi, UserSecurityApi } from './api/user-security-api';

/**
 * The user's own account: profile details, password and two-factor authentication (spec §2.3, §2.7–§2.9),
 * in the app layout. Pages are lazy; this entry only describes them.
 */
const twoFactor: PortalPlugin = {
  id: 'two-factor',
  bindings: (bind) => bind.singleton(UserSecurityApi, HttpUserSecurityApi),
  routes: () => [
    { id: 'two-factor.user', path: '/user', layout: 'app', redirectTo: 'two-factor.user-details' },
    { id: 'two-factor.user-details', path: '/user/details', layout: 'app', load: () => import('./pages/profile-details-page') },
    { id: 'two-factor.user-security', path: '/user/security', layout: 'app', load: () => import('./pages/user-security-page') },
    { id: 'two-factor.security', path: '/security', layout: 'app', load: () => import('./pages/security-settings-page') },
  ],
  menu: () => [
    { id: 'two-factor.profile', routeId: 'two-factor.user-details', labelKey: 'menu.profile', order: 90 },
    { id: 'two-factor.security', routeId: 'two-factor.security', labelKey: 'menu.security', order: 91 },
  ],
};
export default twoFactor;
