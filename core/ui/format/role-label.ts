import type { TFunction } from 'i18next';
import { titleCase } from './title-case';

/**
 * A role as users read it (docs/organisation-selection.md: title-cased), translated when the locale knows it (`core:roles.<role>`);
 * a role the locale does not list (custom roles of a deployment) shows title-cased as the server sent it.
 * @example roleLabel(t, 'owner') // 'Owner' in English, 'Propriétaire' in French
 */
export function roleLabel(t: TFunction, role: string): string {
  return t(`roles.${role.toLowerCase()}`, { ns: 'core', defaultValue: titleCase(role) });
}
