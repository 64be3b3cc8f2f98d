import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import type { RoleRule } from '../config/portal-config';
import { PortalConfig } from '../config/portal-config';
import { useService } from '../di/use-service';
import { PluginRegistry } from '../plugin/plugin-registry-token';
import { SessionStore } from '../session/session-store';
import { GuardRegistry } from './guard-registry';
import type { GuardName } from './guard-types';

export interface GuardGateProps {
  guards: GuardName[];
  rule?: RoleRule;
  children: ReactNode;
}

/**
 * Renders its children only when every named guard allows; otherwise redirects (keeping `toUrl`)
 * or shows the denial message. Re-evaluates when the session changes, so a logout in another tab
 * moves this tab to the login page too. Children are not rendered, so a denied page's code is not downloaded.
 */
export const GuardGate = observer(function GuardGate({ guards, rule, children }: GuardGateProps) {
  const registry = useService(GuardRegistry);
  const routes = useService(PluginRegistry);
  const session = useService(SessionStore);
  const config = useService(PortalConfig);
  const location = useLocation();
  const { t } = useTranslation('core');
  const result = registry.evaluate(guards, {
    session,
    config,
    rule,
    routes,
    wantedUrl: `${location.pathname}${location.search}`,
  });
  if ('redirect' in result) return <Navigate to={result.redirect} replace />;
  if ('denyKey' in result) {
    return (
      <div role="alert" className="portal-denied">
        {t(result.denyKey)}
      </div>
    );
  }
  return <>{children}</>;
});
