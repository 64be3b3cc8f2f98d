import { useCallback, useEffect, useRef } from 'react';

/** An AbortSignal that aborts when the screen goes away, so a late answer neither notifies nor navigates. */
export function useUnmountSignal(): () => AbortSignal {
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    return () => current.abort();
  }, []);
  return useCallback(() => (controller.current ??= new AbortController()).signal, []);
}
