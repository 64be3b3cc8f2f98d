import { and, eq } from 'drizzle-orm';
import {
  DEFAULT_ROLE_PERMISSIONS,
  PERMISSIONS,
  roleHolds,
  type BuiltInRole,
  type Permission,
} from '../../contract/v1/permissions';
import type { Db } from '../db/database';
import { forbidden } from '../http/errors';
import type { MessageKey } from '../i18n/message';
import { organizationRoles } from '../modules/organization-acl/schema';
import { memberships } from '../modules/organizations/schema';
import type { AuthContext } from '../modules/sessions/session-service';

export const ACCESS_MESSAGES = {
  organizationRequired: 'http.organizationRequired',
  permissionDenied: 'http.permissionDenied',
} satisfies Record<string, MessageKey>;

/**
 * The join from a membership to its role's row (`.leftJoin(organizationRoles, membershipRole)`): a custom role's name
 * and any role's stored grants. A built-in role without stored grants has no row, hence a left join.
 */
export const membershipRole = and(
  eq(organizationRoles.organizationId, memberships.organizationId),
  eq(organizationRoles.roleId, memberships.role),
);

const isBuiltIn = (role: string): role is BuiltInRole => Object.hasOwn(DEFAULT_ROLE_PERMISSIONS, role);

/** The caller's place in an organisation as it is now: their role's id and what it holds. */
export interface CurrentRole {
  organizationId: string;
  role: string;
  /** What the role holds; the owner holds every permission. */
  permissions: readonly Permission[];
}

/**
 * What a role holds from its stored grants (organization_roles.permissions), or the built-in defaults when the
 * organisation never stored any for it. Unknown names (a permission a later version removed) are dropped.
 */
export function grantsOf(role: string, stored: readonly string[] | null | undefined): readonly Permission[] {
  if (role === 'owner') return PERMISSIONS;
  const granted = stored ?? (isBuiltIn(role) ? DEFAULT_ROLE_PERMISSIONS[role] : []);
  return PERMISSIONS.filter((permission) => roleHolds(role, granted, permission));
}

/**
 * The one permission check of organisation-scoped endpoints (an endpoint's `permission` in
 * contract/v1/endpoints.ts; docs/access-control.md). It reads the caller's membership and their role's grants as
 * they are now, not the role in the token, so a removed or demoted member, or a role that lost a permission, loses
 * the access at the next request.
 */
export class AccessControl {
  constructor(private readonly db: Db) {}

  /** The user's current role in the organisation and what it holds, or null when they are not a member. */
  async permissionsOf(organizationId: string, userId: string): Promise<CurrentRole | null> {
    const [row] = await this.db
      .select({ role: memberships.role, stored: organizationRoles.permissions })
      .from(memberships)
      .leftJoin(organizationRoles, membershipRole)
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
      .limit(1);
    if (!row) return null;
    return { organizationId, role: row.role, permissions: grantsOf(row.role, row.stored) };
  }

  /**
   * The caller's current role in their token's organisation; 403 when the token names none or they are no longer a
   * member. Organisation-scoped endpoints that any member may call use this instead of a `permission`.
   */
  async member(auth: AuthContext): Promise<CurrentRole> {
    if (!auth.organizationId) throw forbidden(ACCESS_MESSAGES.organizationRequired, 'ORGANIZATION_REQUIRED');
    const current = await this.permissionsOf(auth.organizationId, auth.userId);
    if (!current) throw forbidden(ACCESS_MESSAGES.organizationRequired, 'ORGANIZATION_REQUIRED');
    return current;
  }

  /** Throws 403 unless the caller's current role in their token's organisation holds the permission. */
  async require(auth: AuthContext, permission: Permission): Promise<CurrentRole> {
    if (!auth.organizationId) throw forbidden(ACCESS_MESSAGES.organizationRequired, 'ORGANIZATION_REQUIRED');
    const current = await this.permissionsOf(auth.organizationId, auth.userId);
    if (!current || !current.permissions.includes(permission)) {
      throw forbidden(ACCESS_MESSAGES.permissionDenied, 'PERMISSION_DENIED');
    }
    return current;
  }
}
