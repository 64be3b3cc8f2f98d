import { ChangePasswordDialog, type PortalPlugin } from '@core';
import { EmailChangeApi } from './api/email-change-api-token';
import { UserSecurityApi } from './api/user-security-api-token';

// This plugin's route ids, so a link to one is checked by the compiler (core/plugin/route-ids.ts).
declare module '@core' {
  interface PortalRouteIds {
    'two-factor.security': true;
    'two-factor.user': true;
    'two-factor.user-details': true;
    'two-factor.user-security': true;
  }
}

/**
 * The user's own account: profile details, password and two-factor authentication, in the app layout. It
 * provides the well-known `security-settings` page and lends its change-password dialog to other plugins'
 * pages (core's `ChangePasswordDialog`). Its /user pages render core's `user-area` route slot, which other
 * plugins' user pages attach to. Pages and the dialog are lazy; this entry only describes them.
 */
const twoFactor: PortalPlugin = {
  id: 'two-factor',
  bindings: (bind, ctx) => {
    bind.lazySingleton(UserSecurityApi, () => import('./api/user-security-api').then((m) => m.HttpUserSecurityApi));
    bind.lazySingleton(EmailChangeApi, () =>
      import('./api/email-change-api').then((m) => m.HttpEmailChangeApi),
    );
    bind.constant(ChangePasswordDialog, {
      pluginId: ctx.pluginId,
      load: () => import('./components/change-password-modal'),
    });
  },
  routes: () => [
    { id: 'two-factor.user', path: '/user', layout: 'app', redirectTo: 'two-factor.user-details' },
    {
      id: 'two-factor.user-details',
      path: '/user/details',
      layout: 'app',
      attachTo: { slot: 'user-area', labelKey: 'nav.details', order: 10 },
      load: () => import('./pages/profile-details-page'),
    },
    {
      id: 'two-factor.user-security',
      path: '/user/security',
      layout: 'app',
      provides: 'security-settings',
      attachTo: { slot: 'user-area', labelKey: 'nav.security', order: 20 },
      load: () => import('./pages/user-security-page'),
    },
    {
      id: 'two-factor.security',
      path: '/security',
      layout: 'app',
      load: () => import('./pages/security-settings-page'),
    },
  ],
  menu: () => [
    {
      id: 'two-factor.profile',
      routeId: 'two-factor.user-details',
      labelKey: 'menu.profile',
      icon: 'profile',
      order: 90,
    },
    // The page the profile's own tab opens, under the tab's name: one name for the password and the second factors
    // (#39 item 9; /security shows the same panels and stays for links to it).
    {
      id: 'two-factor.security',
      routeId: 'two-factor.user-security',
      labelKey: 'nav.security',
      icon: 'security',
      order: 91,
    },
  ],
};
export default twoFactor;
