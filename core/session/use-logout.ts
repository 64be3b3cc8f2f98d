import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { endpoints } from '@contract/v1/endpoints';
import { useService } from '../di/use-service';
import { HttpClient } from '../http/http-client';
import { PluginRegistry } from '../plugin/plugin-registry-token';
import { ThemeStore } from '../theme/theme-store';
import { SessionStore } from './session-store';

/** Revokes the session on the server (best effort), then forgets it here and in every other tab. */
export function useLogout(): () => Promise<void> {
  const http = useService(HttpClient);
  const session = useService(SessionStore);
  const theme = useService(ThemeStore);
  const routes = useService(PluginRegistry);
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await http.call(endpoints.logout, undefined, { silent: true });
    } catch {
      // The local logout below is what protects this browser; a server already gone changes nothing.
    }
    session.logout({ byUser: true });
    theme.reset();
    navigate(routes.wellKnownHref('sign-in'), { replace: true });
  }, [http, session, theme, routes, navigate]);
}
