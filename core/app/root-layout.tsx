import { observer } from 'mobx-react-lite';
import { lazy, Suspense } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { useService } from '../di/use-service';
import { PageSpinner } from '../layout/page-spinner';
import { SessionStore } from '../session/session-store';

// The idle dialog needs antd's Modal: it loads only once somebody is logged in.
const IdleSessionGuard = lazy(() => import('../idle/idle-session-guard').then((m) => ({ default: m.IdleSessionGuard })));

export const RootLayout = observer(function RootLayout() {
  const session = useService(SessionStore);
  const navigate = useNavigate();
  return (
    <>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
      {session.isUserLoggedIn && (
        <Suspense fallback={null}>
          <IdleSessionGuard onExpired={() => navigate('/login', { replace: true })} />
        </Suspense>
      )}
    </>
  );
});
