import { useCallback, useEffect, useRef } from 'react';

/**
 * An AbortSignal that aborts when the component goes away, so a request started by a form or dialog
 * does not update a screen the user has left.
 */
export function useUnmountSignal(): () => AbortSignal {
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    return () => current.abort();
  }, []);
  return useCallback(() => (controller.current ??= new AbortController()).signal, []);
}
