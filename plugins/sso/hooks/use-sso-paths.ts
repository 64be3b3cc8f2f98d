import { PluginRegistry, useService } from '@core';
import { useMemo } from 'react';

/**
 * The screens the SSO flow hands over to, by route id, so a deployment that moves one keeps the flow working.
 * `auth` is a declared dependency of this plugin, so its routes exist.
 */
export function useSsoPaths() {
  const registry = useService(PluginRegistry);
  return useMemo(
    () => ({
      login: registry.href('auth.login'),
      orgs: registry.href('auth.orgs'),
      securityVerification: registry.href('auth.security-verification'),
      emailConfirmation: registry.href('auth.email-confirmation'),
      ssoLogin: registry.href('sso.login'),
    }),
    [registry],
  );
}
