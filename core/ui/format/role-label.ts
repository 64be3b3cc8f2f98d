import type { TFunction } from 'i18next';
import { titleCase } from './title-case';

/**
 * A role as users read it (docs/organisation-selection.md: title-cased), translated when the locale knows it
 * (`core:roles.<role>`). A custom role shows by the name its organisation gave it (`roleName`), never by its id; a
 * role neither named nor known to the locale shows title-cased as the server sent it.
 * @example roleLabel(t, 'owner') // 'Owner' in English, 'Propriétaire' in French
 * @example roleLabel(t, 'c5ac373e-…', 'Bookkeeper') // 'Bookkeeper'
 */
export function roleLabel(t: TFunction, role: string, roleName?: string | null): string {
  return roleName || t(`roles.${role.toLowerCase()}`, { ns: 'core', defaultValue: titleCase(role) });
}
