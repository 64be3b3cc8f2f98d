import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect } from 'react';
import { useService } from '../di/use-service';
import { ReauthController } from './reauth-controller';

// antd's Modal and the form load only when a sensitive call first asks for a fresh proof.
const ReauthDialog = lazy(() => import('./reauth-dialog'));

/**
 * Where the re-authentication dialog lives (docs/two-factor.md#recent-authentication). Mount it once for the whole
 * app while somebody is logged in (the root layout does): from then on the HTTP pipeline's {@link ReauthController}
 * can ask, and without it a 403 REAUTH_REQUIRED is only shown, never left waiting.
 * @example
 * {session.isUserLoggedIn && <ReauthDialogHost />}
 */
export const ReauthDialogHost = observer(function ReauthDialogHost() {
  const controller = useService(ReauthController);
  useEffect(() => controller.attach(), [controller]);
  return controller.open ? (
    <Suspense fallback={null}>
      <ReauthDialog />
    </Suspense>
  ) : null;
});
