import { useCallback, useEffect, useRef } from 'react';

/**
 * An AbortSignal that aborts when the screen goes away, so a request started by a form does not
 * notify or navigate after the user has left.
 * @example
 * const signal = useUnmountSignal();
 * await api.login(body, signal());
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
