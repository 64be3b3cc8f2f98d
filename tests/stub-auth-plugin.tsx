import { useLocation } from 'react-router-dom';
import type { PortalPlugin } from '../core/plugin/plugin-types';

// This plugin's route ids, so a link to one is checked by the compiler (core/plugin/route-ids.ts).
declare module '@core' {
  interface PortalRouteIds {
    'stub-auth.login': true;
    'stub-auth.orgs': true;
  }
}

function Where({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p data-testid="stub-page">
      {name} {location.search}
    </p>
  );
}

/** Stand-ins for the auth plugin's /login and /orgs, so core tests can watch the guards' redirects land. */
export const stubAuthPlugin: PortalPlugin = {
  id: 'stub-auth',
  routes: () => [
    { id: 'stub-auth.login', path: '/login', layout: 'auth', provides: 'sign-in', load: async () => ({ default: () => <Where name="login" /> }) },
    {
      id: 'stub-auth.orgs',
      path: '/orgs',
      layout: 'auth',
      provides: 'account-selection',
      guards: ['authenticated'],
      load: async () => ({ default: () => <Where name="orgs" /> }),
    },
  ],
};
