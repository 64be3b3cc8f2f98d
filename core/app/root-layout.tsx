import { observer } from 'mobx-react-lite';
import { lazy, Suspense } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { PortalConfig } from '../config/portal-config';
import { useService } from '../di/use-service';
import { PageSpinner } from '../layout/page-spinner';
import { PluginRegistry } from '../plugin/plugin-registry-token';
import { ReauthDialogHost } from '../reauth/reauth-dialog-host';
import { SessionStore } from '../session/session-store';

// Only deployments that configure a support chat load its host (docs/support-chat.md).
const SupportChatHost = lazy(() =>
  import('../support-chat/support-chat-host').then((m) => ({ default: m.SupportChatHost })),
);

// Only a signed-in person can be sent to set up their organisation's 2FA: the sign-in pages never download it.
const OrganizationTwoFactorRedirect = lazy(() =>
  import('../session/organization-two-factor-redirect').then((m) => ({
    default: m.OrganizationTwoFactorRedirect,
  })),
);

// The idle dialog needs antd's Modal: it loads only once somebody is logged in.
const IdleSessionGuard = lazy(() =>
  import('../idle/idle-session-guard').then((m) => ({ default: m.IdleSessionGuard })),
);

export const RootLayout = observer(function RootLayout() {
  const session = useService(SessionStore);
  const config = useService(PortalConfig);
  const routes = useService(PluginRegistry);
  const navigate = useNavigate();
  return (
    <>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
      {session.isUserLoggedIn && (
        <Suspense fallback={null}>
          <IdleSessionGuard onExpired={() => navigate(routes.wellKnownHref('sign-in'), { replace: true })} />
        </Suspense>
      )}
      {/* Sensitive calls refused with REAUTH_REQUIRED ask for a fresh proof here (docs/two-factor.md). */}
      {session.isUserLoggedIn && <ReauthDialogHost />}
      {/* Calls refused with TWO_FACTOR_REQUIRED once the organisation enforces 2FA (docs/two-factor.md). */}
      {session.isUserLoggedIn && (
        <Suspense fallback={null}>
          <OrganizationTwoFactorRedirect />
        </Suspense>
      )}
      {config.supportChat && (
        <Suspense fallback={null}>
          <SupportChatHost />
        </Suspense>
      )}
    </>
  );
});
