/**
 * The rules of changing what a role holds (docs/access-control.md), as a pure function of data so the server
 * enforces them and the portal can grey out what would be refused. Plain TypeScript, no schema code: the portal may
 * import it. Who may give which role to a member is server/modules/organization-members/role-rules.ts.
 */

/** The caller: their current role's id in the organisation and the permissions it holds now. */
export interface AclActor {
  role: string;
  permissions: readonly string[];
}

/** Why a change is refused (the key's last part under `organizationAcl.` in locales/<lang>/server.json). */
export type AclRefusal = 'ownerLocked' | 'ownRole' | 'notHeld';

/**
 * May the actor set role `roleId`'s permissions from `current` to `next`? Never the owner's row (it holds every
 * permission); never the actor's own role (nobody edits their own access); and only permissions the actor holds
 * may be granted or withdrawn, so no one can hand out, or take away, what they do not have.
 * @example aclChangeRefusal({ role: 'admin', permissions: ['acl.manage'] }, 'member', [], ['billing.manage']) // 'notHeld'
 */
export function aclChangeRefusal(
  actor: AclActor,
  roleId: string,
  current: readonly string[],
  next: readonly string[],
): AclRefusal | null {
  if (roleId === 'owner') return 'ownerLocked';
  if (roleId === actor.role) return 'ownRole';
  const changed = [...next.filter((p) => !current.includes(p)), ...current.filter((p) => !next.includes(p))];
  return changed.every((permission) => actor.permissions.includes(permission)) ? null : 'notHeld';
}
