import { and, eq } from 'drizzle-orm';
import type { Permission } from '../../../contract/v1/permissions';
import { BUILT_IN_ROLES } from '../../../contract/v1/permissions';
import type { Db } from '../../db/database';
import { grantsOf } from '../../security/access-control';
import { organizationRoles } from '../organization-acl/schema';

/** A role of the organisation as members and invitations name it, with what it holds now. */
export interface RoleGrant {
  id: string;
  /** Built-in roles by id (the portal translates them), custom roles by their name. */
  name: string;
  permissions: readonly Permission[];
}

/** The role with that id in the organisation, or null when the organisation has no such role. */
export async function findRole(db: Db, organizationId: string, roleId: string): Promise<RoleGrant | null> {
  const [row] = await db
    .select({ name: organizationRoles.name, permissions: organizationRoles.permissions })
    .from(organizationRoles)
    .where(and(eq(organizationRoles.organizationId, organizationId), eq(organizationRoles.roleId, roleId)))
    .limit(1);
  const builtIn = (BUILT_IN_ROLES as readonly string[]).includes(roleId);
  if (!row && !builtIn) return null;
  return { id: roleId, name: row?.name ?? roleId, permissions: grantsOf(roleId, row?.permissions) };
}

/**
 * Nobody hands out more than they hold (docs/access-control.md): a role may be given, or taken from someone, only
 * by a caller holding every permission of that role. The owner holds them all.
 */
export function holdsAll(caller: readonly Permission[], role: readonly Permission[]): boolean {
  return role.every((permission) => caller.includes(permission));
}
