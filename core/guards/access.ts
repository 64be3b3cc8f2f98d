import type { RoleRule } from '../config/portal-config';

export interface AccessSubject {
  role: string | null | undefined;
  accountType: 'personal' | 'business' | null | undefined;
}

/**
 * The one function that decides role rules (spec §6). No rule, or an empty one, allows everybody
 * with an organisation; every listed condition must hold. Roles compare case-insensitively.
 * @example
 * canAccess({ anyOf: ['owner', 'admin'] }, { role: 'Admin', accountType: 'business' }) // true
 */
export function canAccess(rule: RoleRule | undefined, subject: AccessSubject): boolean {
  if (!rule) return true;
  if (rule.anyOf && rule.anyOf.length > 0) {
    const role = subject.role?.toLowerCase();
    if (!role || !rule.anyOf.some((r) => r.toLowerCase() === role)) return false;
  }
  if (rule.accountTypes && rule.accountTypes.length > 0) {
    if (!subject.accountType || !rule.accountTypes.includes(subject.accountType)) return false;
  }
  return true;
}
