import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, type NavigateOptions } from 'react-router-dom';

/**
 * `navigate` after a delay (0.5 s after login, docs/organisation-selection.md), cancelled if the screen unmounts first.
 * @example
 * const navigateLater = useDelayedNavigate();
 * navigateLater('/orgs', POST_LOGIN_DELAY_MS);
 */
export function useDelayedNavigate(): (to: string, delayMs: number, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (to, delayMs, options) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => navigate(to, options), delayMs);
    },
    [navigate],
  );
}
