import { PluginRegistry, useService } from '@core';
import { useCallback } from 'react';

export type AuthRouteName =
  | 'login'
  | 'sign-up'
  | 'forgot-password'
  | 'email-confirmation'
  | 'email-verification'
  | 'security-verification'
  | 'reset-password'
  | 'orgs'
  | 'token-auth'
  | 'signup-invite'
  | 'invite'
  | 'two-factor';

/**
 * Paths of the auth screens by route id, so a deployment that moves one (config `routes` override)
 * keeps every link and redirect working.
 * @example
 * const href = useAuthHref();
 * navigate(href('orgs'));
 */
export function useAuthHref(): (name: AuthRouteName) => string {
  const registry = useService(PluginRegistry);
  return useCallback((name: AuthRouteName) => registry.href(`auth.${name}`), [registry]);
}
