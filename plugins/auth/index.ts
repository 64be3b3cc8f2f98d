import type { PortalPlugin } from '@core';
import { AuthApi } from './api/auth-api-token';

// This plugin's route ids, so a link to one is checked by the compiler (core/plugin/route-ids.ts).
declare module '@core' {
  interface PortalRouteIds {
    'auth.email-change': true;
    'auth.email-change-undo': true;
    'auth.email-confirmation': true;
    'auth.email-verification': true;
    'auth.forgot-password': true;
    'auth.invite': true;
    'auth.login': true;
    'auth.orgs': true;
    'auth.reset-password': true;
    'auth.security-verification': true;
    'auth.sign-up': true;
    'auth.signup-invite': true;
    'auth.token-auth': true;
    'auth.two-factor': true;
  }
}

/**
 * Every authentication screen, in the auth layout; it provides the well-known `sign-in` and
 * `account-selection` pages core sends visitors to. Kept tiny on purpose: this module loads on every page
 * (the login page included), so pages are lazy and nothing else is imported here.
 */
const auth: PortalPlugin = {
  id: 'auth',
  bindings: (bind) => bind.lazySingleton(AuthApi, () => import('./api/auth-api').then((m) => m.HttpAuthApi)),
  routes: () => [
    {
      id: 'auth.login',
      path: '/login',
      layout: 'auth',
      provides: 'sign-in',
      guards: ['signedOut'],
      load: () => import('./pages/login-page'),
    },
    { id: 'auth.sign-up', path: '/sign-up', layout: 'auth', load: () => import('./pages/sign-up-page') },
    {
      id: 'auth.forgot-password',
      path: '/forgot-password',
      layout: 'auth',
      load: () => import('./pages/forgot-password-page'),
    },
    {
      id: 'auth.email-confirmation',
      path: '/email-confirmation',
      layout: 'auth',
      load: () => import('./pages/email-confirmation-page'),
    },
    {
      id: 'auth.email-verification',
      path: '/email-verification',
      layout: 'auth',
      load: () => import('./pages/email-verification-page'),
    },
    {
      id: 'auth.email-change',
      path: '/email-change',
      layout: 'auth',
      load: () => import('./pages/email-change-page'),
    },
    {
      id: 'auth.email-change-undo',
      path: '/email-change/undo',
      layout: 'auth',
      load: () => import('./pages/email-change-undo-page'),
    },
    {
      id: 'auth.security-verification',
      path: '/security-verification',
      layout: 'auth',
      load: () => import('./pages/security-verification-page'),
    },
    {
      id: 'auth.reset-password',
      path: '/reset-password',
      layout: 'auth',
      load: () => import('./pages/reset-password-page'),
    },
    {
      id: 'auth.orgs',
      path: '/orgs',
      layout: 'auth',
      provides: 'account-selection',
      guards: ['authenticated'],
      load: () => import('./pages/orgs-page'),
    },
    {
      id: 'auth.token-auth',
      path: '/token-auth',
      layout: 'auth',
      load: () => import('./pages/token-auth-page'),
    },
    {
      id: 'auth.signup-invite',
      path: '/signup/invite',
      layout: 'auth',
      load: () => import('./pages/signup-invite-page'),
    },
    { id: 'auth.invite', path: '/invite', layout: 'auth', load: () => import('./pages/invite-page') },
    {
      id: 'auth.two-factor',
      path: '/two-factor',
      layout: 'auth',
      guards: ['authenticated'],
      load: () => import('./pages/two-factor-page'),
    },
  ],
};
export default auth;
