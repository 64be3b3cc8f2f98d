import { and, asc, eq, isNotNull } from 'drizzle-orm';
import {
  BUILT_IN_ROLES,
  DEFAULT_ROLE_PERMISSIONS,
  PERMISSIONS,
  type BuiltInRole,
  type Permission,
} from '../../../contract/v1/permissions';
import type { Db } from '../../db/database';
import { grantsOf } from '../../security/access-control';
import { organizationRoles } from './schema';

/** English names of the built-in roles (answers only; the portal names them from its locale files by id). */
export const BUILT_IN_ROLE_NAMES: Record<BuiltInRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
};

export const isBuiltInRole = (roleId: string): roleId is BuiltInRole =>
  (BUILT_IN_ROLES as readonly string[]).includes(roleId);

/** A role of one organisation and what it holds now. */
export interface RoleGrant {
  roleId: string;
  name: string;
  builtIn: boolean;
  permissions: readonly Permission[];
}

/**
 * The stored grants of a new organisation: admin and member get DEFAULT_ROLE_PERMISSIONS (the owner needs no
 * row). Organisation creation and the demo seed call it; existing rows are kept.
 */
export async function insertDefaultRoles(db: Db, organizationId: string, now: Date): Promise<void> {
  await db
    .insert(organizationRoles)
    .values(
      (['admin', 'member'] as const).map((roleId) => ({
        organizationId,
        roleId,
        name: null,
        permissions: [...DEFAULT_ROLE_PERMISSIONS[roleId]],
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
}

/**
 * Every role of the organisation with what it holds: owner, admin, member, then the custom roles by name.
 * Members and invitations elsewhere (organisation members) check a role id against this list.
 */
export async function organizationRoleGrants(db: Db, organizationId: string): Promise<RoleGrant[]> {
  const rows = await db
    .select()
    .from(organizationRoles)
    .where(eq(organizationRoles.organizationId, organizationId))
    .orderBy(asc(organizationRoles.name));
  const stored = new Map(rows.map((row) => [row.roleId, row]));
  const builtIn = BUILT_IN_ROLES.map((roleId) => ({
    roleId,
    name: BUILT_IN_ROLE_NAMES[roleId],
    builtIn: true,
    permissions: grantsOf(roleId, stored.get(roleId)?.permissions),
  }));
  const custom = rows
    .filter((row) => !isBuiltInRole(row.roleId) && row.name !== null)
    .map((row) => ({
      roleId: row.roleId,
      name: row.name as string,
      builtIn: false,
      permissions: grantsOf(row.roleId, row.permissions),
    }));
  return [...builtIn, ...custom];
}

/** One role of the organisation (built-in roles always exist), or null: another organisation's role is not found. */
export async function findRoleGrant(
  db: Db,
  organizationId: string,
  roleId: string,
): Promise<RoleGrant | null> {
  if (isBuiltInRole(roleId)) {
    const [row] = await db
      .select({ permissions: organizationRoles.permissions })
      .from(organizationRoles)
      .where(and(eq(organizationRoles.organizationId, organizationId), eq(organizationRoles.roleId, roleId)));
    return {
      roleId,
      name: BUILT_IN_ROLE_NAMES[roleId],
      builtIn: true,
      permissions: grantsOf(roleId, row?.permissions),
    };
  }
  const [row] = await db
    .select()
    .from(organizationRoles)
    .where(
      and(
        eq(organizationRoles.organizationId, organizationId),
        eq(organizationRoles.roleId, roleId),
        isNotNull(organizationRoles.name),
      ),
    );
  if (!row?.name) return null;
  return { roleId, name: row.name, builtIn: false, permissions: grantsOf(roleId, row.permissions) };
}

/** Only names of the catalogue, in its order (a stored list may hold names a later version dropped). */
export const knownPermissions = (names: readonly string[]): Permission[] =>
  PERMISSIONS.filter((permission) => names.includes(permission));
