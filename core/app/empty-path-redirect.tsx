import { observer } from 'mobx-react-lite';
import { Navigate } from 'react-router-dom';
import { useService } from '../di/use-service';
import { PluginRegistry } from '../plugin/plugin-registry-token';
import { SessionStore } from '../session/session-store';

/**
 * The empty path: a visitor without a session goes straight to sign-in (no `toUrl` detour through the landing
 * page), a logged-in user to the landing page, whose guards take it on to account selection if needed.
 */
export const EmptyPathRedirect = observer(function EmptyPathRedirect() {
  const session = useService(SessionStore);
  const routes = useService(PluginRegistry);
  return (
    <Navigate to={session.isUserLoggedIn ? routes.landingPath : routes.wellKnownHref('sign-in')} replace />
  );
});
