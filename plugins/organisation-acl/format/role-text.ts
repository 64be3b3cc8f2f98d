import { roleLabel } from '@core';
import { BUILT_IN_ROLES } from '@contract/v1/permissions';
import type { TFunction } from 'i18next';

/** The role the user reads: built-in roles translated (core's `roles.*`), custom roles by the name their creator gave. */
export function roleText(t: TFunction, roleId: string, customName?: string | null): string {
  const builtIn = (BUILT_IN_ROLES as readonly string[]).includes(roleId.toLowerCase());
  return builtIn || !customName ? roleLabel(t, roleId) : customName;
}
