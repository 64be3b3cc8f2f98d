import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Reads one-time secrets (verification and reset tokens) from the query once, keeps them in memory and
 * replaces the address so they leave the address bar and the history entry: they should not be
 * bookmarked, shared, or sent as a Referer. Other query parameters stay.
 * @example
 * const { verificationToken } = useSecretQuery(['verificationToken']);
 */
export function useSecretQuery<K extends string>(names: readonly K[]): Record<K, string | undefined> {
  const location = useLocation();
  const navigate = useNavigate();
  const [values] = useState(() => {
    const query = new URLSearchParams(location.search);
    return Object.fromEntries(names.map((name) => [name, query.get(name) || undefined])) as Record<
      K,
      string | undefined
    >;
  });

  useEffect(() => {
    const query = new URLSearchParams(location.search);
    if (!names.some((name) => query.has(name))) return;
    names.forEach((name) => query.delete(name));
    const rest = query.toString();
    navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : '' },
      { replace: true, state: location.state },
    );
  }, [location, navigate, names]);

  return values;
}
