import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** A navigation a screen's store has decided on: where, after how long, with which navigation state. */
export interface ScreenExit {
  path: string;
  delayMs: number;
  state?: unknown;
}

/**
 * Performs a store's decided navigation after its delay (docs/organisation-selection.md: 0.5 s after login
 * or selection, 1 s after selection in auth-layout variant 4, 200 ms after token-auth). Replaces the history
 * entry: Back must not return to a finished step. The timer lives in an effect so an unmount cancels it and
 * React's strict double mount re-arms it instead of firing twice.
 */
export function useFollowExit(exit: ScreenExit | null): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!exit) return;
    const timer = window.setTimeout(
      () => void navigate(exit.path, { replace: true, state: exit.state }),
      exit.delayMs,
    );
    return () => window.clearTimeout(timer);
  }, [exit, navigate]);
}
