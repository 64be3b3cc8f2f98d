import type { RoleRule } from '../config/portal-config';
import type { PortalKey } from '../session/session-types';

export interface AccessSubject {
  role: string | null | undefined;
  accountType: 'personal' | 'business' | null | undefined;
  /** What the role holds in the active organisation (SessionStore.accessSubject). */
  permissions: readonly string[];
}

/**
 * The one function that decides role rules (docs/plugin-seams.md). No rule, or an empty one, allows everybody
 * with an organisation; every listed condition must hold. Roles compare case-insensitively.
 * @example
 * canAccess({ anyOf: ['owner', 'admin'] }, { role: 'Admin', accountType: 'business', permissions: [] }) // true
 * canAccess({ permissions: ['billing.view'] }, { role: 'auditor', accountType: 'business', permissions: ['billing.view'] }) // true
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
  if (rule.permissions && rule.permissions.length > 0) {
    if (!rule.permissions.some((p) => subject.permissions.includes(p))) return false;
  }
  return true;
}

/** What the organisation rules read: whether it is enabled and its access per portal key. */
export interface OrganizationAccessSubject {
  enabled: boolean;
  portals: Partial<Record<PortalKey, { hasAccess: boolean } | undefined>>;
}

/**
 * Whether an organisation may use this deployment's portal. A portal key the organisation does not list
 * means no access, exactly as on the server (docs/organisation-selection.md).
 * @example hasPortalAccess({ enabled: true, portals: {} }, 'kreanoAccount') // false
 */
export function hasPortalAccess(
  org: Pick<OrganizationAccessSubject, 'portals'>,
  portalKey: PortalKey,
): boolean {
  return org.portals[portalKey]?.hasAccess === true;
}

/** Why an organisation cannot be entered from this portal. */
export type OrganizationRefusal = 'disabled' | 'noAccess';

/**
 * The one rule for entering an organisation, shared by the side menu's switcher (which lists only
 * organisations this returns null for) and the account-selection page (which explains the refusal).
 * @example
 * organizationRefusal({ enabled: false, portals: { kreanoAccount: { hasAccess: true } } }, 'kreanoAccount') // 'disabled'
 * organizationRefusal({ enabled: true, portals: {} }, 'kreanoAccount') // 'noAccess'
 */
export function organizationRefusal(
  org: OrganizationAccessSubject,
  portalKey: PortalKey,
): OrganizationRefusal | null {
  if (!org.enabled) return 'disabled';
  if (!hasPortalAccess(org, portalKey)) return 'noAccess';
  return null;
}
