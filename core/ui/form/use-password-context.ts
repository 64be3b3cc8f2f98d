import { PortalConfig } from '../../config/portal-config';
import { useService } from '../../di/use-service';
import type { PasswordContext } from '../validation/validators';

/**
 * What the password rules need on this deployment: portal.config.json `passwordPolicy`, and whether the account
 * has a second factor (only the change form knows; elsewhere the password counts as the only factor, as on the
 * server).
 * @example <FormField name="password" rule={fieldRules.password(usePasswordContext())}>…
 */
export function usePasswordContext(secondFactor = false): PasswordContext {
  return { policy: useService(PortalConfig).passwordPolicy, secondFactor };
}
