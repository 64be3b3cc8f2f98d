import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useService } from '../di/use-service';
import { PluginRegistry } from '../plugin/plugin-registry-token';
import { SessionStore } from './session-store';

/**
 * Sends a member whose organisation started enforcing two-factor authentication, while they were inside it, back
 * through the account selection for that organisation (`?orgId=…&toUrl=…`, as the switcher does): entering it
 * shows the enforcement notice, whose answer turns 2FA on and brings them back to the page they were on.
 */
export const OrganizationTwoFactorRedirect = observer(function OrganizationTwoFactorRedirect() {
  const session = useService(SessionStore);
  const routes = useService(PluginRegistry);
  const navigate = useNavigate();
  const location = useLocation();
  const required = session.organizationTwoFactorRequired;
  const orgId = session.organizationId;

  useEffect(() => {
    if (!required) return;
    session.setOrganizationTwoFactorRequired(false);
    if (!orgId) return;
    const toUrl = `${location.pathname}${location.search}`;
    navigate(`${routes.wellKnownHref('account-selection')}?${new URLSearchParams({ orgId, toUrl }).toString()}`, {
      replace: true,
    });
  }, [required, orgId, session, routes, navigate, location.pathname, location.search]);
  return null;
});
