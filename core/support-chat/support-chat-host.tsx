import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useState } from 'react';
import { PortalConfig } from '../config/portal-config';
import { useService } from '../di/use-service';
import { SessionStore } from '../session/session-store';

// The widget code (and the provider's script it loads) arrives only after the page has painted.
const SupportChat = lazy(() => import('./support-chat').then((m) => ({ default: m.SupportChat })));

/** Resolves once the browser has painted the page and is idle: the chat never delays a first paint. */
function afterFirstPaint(callback: () => void): () => void {
  let idle = 0;
  const frame = requestAnimationFrame(() => {
    idle = window.requestIdleCallback
      ? window.requestIdleCallback(callback, { timeout: 2000 })
      : window.setTimeout(callback, 200);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}

/**
 * The support-chat helper (docs/support-chat.md), when `supportChat` is configured: shown once somebody is logged
 * in (or to visitors too with `showWhenLoggedOut`), loaded after first paint, removed at logout.
 */
export const SupportChatHost = observer(function SupportChatHost() {
  const config = useService(PortalConfig).supportChat;
  const session = useService(SessionStore);
  const [painted, setPainted] = useState(false);
  useEffect(() => (config ? afterFirstPaint(() => setPainted(true)) : undefined), [config]);
  if (!config || !painted || !(session.isUserLoggedIn || config.showWhenLoggedOut)) return null;
  return (
    <Suspense fallback={null}>
      <SupportChat config={config} />
    </Suspense>
  );
});
