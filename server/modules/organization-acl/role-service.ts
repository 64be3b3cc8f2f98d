import { and, count, eq, gt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { aclChangeRefusal, type AclRefusal } from '../../../contract/v1/acl-rules';
import type {
  AclData,
  AclRow,
  CreateRoleBody,
  MyPermissionsData,
  PermissionCatalogueData,
  Role,
  UpdateAclBody,
} from '../../../contract/v1/organization-acl';
import { PERMISSION_GROUPS, type PermissionGroup } from '../../../contract/v1/permissions';
import type { Db } from '../../db/database';
import { badRequest, forbidden, notFound } from '../../http/errors';
import type { MessageKey } from '../../i18n/message';
import { newId } from '../../security/random';
import { AccessControl, type CurrentRole } from '../../security/access-control';
import type { Services } from '../../services';
import { invitations, memberships, organizations } from '../organizations/schema';
import type { AuthContext } from '../sessions/session-service';
import {
  findRoleGrant,
  isBuiltInRole,
  knownPermissions,
  organizationRoleGrants,
  type RoleGrant,
} from './acl-queries';
import { ORGANIZATION_ACL_MESSAGES } from './organization-admin-service';
import { organizationRoles } from './schema';

export const ROLE_MESSAGES = {
  roles: 'organizationAcl.roles',
  roleCreated: 'organizationAcl.roleCreated',
  roleRenamed: 'organizationAcl.roleRenamed',
  roleDeleted: 'organizationAcl.roleDeleted',
  roleNotFound: 'organizationAcl.roleNotFound',
  roleNameTaken: 'organizationAcl.roleNameTaken',
  roleBuiltIn: 'organizationAcl.roleBuiltIn',
  roleInUse: 'organizationAcl.roleInUse',
  acl: 'organizationAcl.acl',
  aclUpdated: 'organizationAcl.aclUpdated',
  permissions: 'organizationAcl.permissions',
} satisfies Record<string, MessageKey>;

/** The refusals of contract/v1/acl-rules.ts, as answers. */
const REFUSALS: Record<AclRefusal, { msg: MessageKey; code: string }> = {
  ownerLocked: { msg: 'organizationAcl.ownerLocked', code: 'OWNER_ROLE_LOCKED' },
  ownRole: { msg: 'organizationAcl.ownRole', code: 'OWN_ROLE' },
  notHeld: { msg: 'organizationAcl.notHeld', code: 'PERMISSION_NOT_HELD' },
};
const refuse = (refusal: AclRefusal) => forbidden(REFUSALS[refusal].msg, REFUSALS[refusal].code);

const isUniqueViolation = (error: unknown) =>
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/** The shared services RoleService uses. */
export type RoleServiceNeeds = Pick<Services, 'access' | 'audit' | 'clock' | 'db'>;

/**
 * Roles and the matrix of roles × permissions of the caller's organisation (docs/access-control.md). Every call
 * is scoped to the organisation of the caller's token, so another organisation's role is simply not found; the
 * router already checked the endpoint's permission, and each change re-reads the caller's role inside its
 * transaction before applying the rules of contract/v1/acl-rules.ts.
 */
export class RoleService {
  constructor(private readonly s: RoleServiceNeeds) {}

  async roles(auth: AuthContext, includeOwner: boolean): Promise<Role[]> {
    const { organizationId } = await this.s.access.member(auth);
    const [grants, counts] = await Promise.all([
      organizationRoleGrants(this.s.db, organizationId),
      this.memberCounts(organizationId),
    ]);
    return grants
      .filter((grant) => includeOwner || grant.roleId !== 'owner')
      .map((grant) => toRole(grant, counts.get(grant.roleId) ?? 0));
  }

  async create(auth: AuthContext, body: CreateRoleBody, request: FastifyRequest): Promise<Role> {
    const { db, clock, audit } = this.s;
    const now = clock.now();
    const permissions = knownPermissions(body.permissions ?? []);
    try {
      return await db.transaction(async (tx) => {
        const actor = await this.actor(tx, auth);
        await requireBusiness(tx, actor.organizationId);
        if (isBuiltInRole(body.name.toLowerCase())) throw roleNameTaken();
        // A new role starts from nothing: only the 'grant what you hold' rule can refuse it.
        const refusal = aclChangeRefusal(actor, roleIdPlaceholder, [], permissions);
        if (refusal) throw refuse(refusal);
        const roleId = newId();
        await tx.insert(organizationRoles).values({
          organizationId: actor.organizationId,
          roleId,
          name: body.name,
          permissions,
          createdAt: now,
          updatedAt: now,
        });
        await audit.record(
          request,
          {
            event: 'role.created',
            userId: auth.userId,
            organizationId: actor.organizationId,
            details: { roleId, name: body.name, before: null, after: permissions },
          },
          tx,
        );
        return toRole({ roleId, name: body.name, builtIn: false, permissions }, 0);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw roleNameTaken();
      throw error;
    }
  }

  async rename(auth: AuthContext, roleId: string, name: string, request: FastifyRequest): Promise<Role> {
    const { db, clock, audit } = this.s;
    try {
      return await db.transaction(async (tx) => {
        const actor = await this.actor(tx, auth);
        const role = await this.customRole(tx, actor.organizationId, roleId);
        if (isBuiltInRole(name.toLowerCase())) throw roleNameTaken();
        await tx
          .update(organizationRoles)
          .set({ name, updatedAt: clock.now() })
          .where(
            and(
              eq(organizationRoles.organizationId, actor.organizationId),
              eq(organizationRoles.roleId, roleId),
            ),
          );
        await audit.record(
          request,
          {
            event: 'role.renamed',
            userId: auth.userId,
            organizationId: actor.organizationId,
            details: { roleId, before: role.name, after: name },
          },
          tx,
        );
        const counts = await this.memberCounts(actor.organizationId, tx);
        return toRole({ ...role, name }, counts.get(roleId) ?? 0);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw roleNameTaken();
      throw error;
    }
  }

  /** Only a role nobody holds (no member, no pending invitation) is removed: no one loses access by surprise. */
  async remove(auth: AuthContext, roleId: string, request: FastifyRequest): Promise<void> {
    const { db, clock, audit } = this.s;
    await db.transaction(async (tx) => {
      const actor = await this.actor(tx, auth);
      const role = await this.customRole(tx, actor.organizationId, roleId);
      const [members] = await tx
        .select({ n: count() })
        .from(memberships)
        .where(and(eq(memberships.organizationId, actor.organizationId), eq(memberships.role, roleId)));
      const [pending] = await tx
        .select({ n: count() })
        .from(invitations)
        .where(
          and(
            eq(invitations.organizationId, actor.organizationId),
            eq(invitations.role, roleId),
            eq(invitations.status, 'pending'),
            gt(invitations.expiresAt, clock.now()),
          ),
        );
      if (Number(members?.n ?? 0) + Number(pending?.n ?? 0) > 0)
        throw badRequest(ROLE_MESSAGES.roleInUse, 'ROLE_IN_USE');
      await tx
        .delete(organizationRoles)
        .where(
          and(
            eq(organizationRoles.organizationId, actor.organizationId),
            eq(organizationRoles.roleId, roleId),
          ),
        );
      await audit.record(
        request,
        {
          event: 'role.deleted',
          userId: auth.userId,
          organizationId: actor.organizationId,
          details: { roleId, name: role.name, before: role.permissions, after: null },
        },
        tx,
      );
    });
  }

  async matrix(auth: AuthContext): Promise<AclData> {
    const actor = await this.s.access.member(auth);
    const grants = await organizationRoleGrants(this.s.db, actor.organizationId);
    return { roles: grants.map((grant) => toRow(grant, actor)) };
  }

  async setPermissions(auth: AuthContext, body: UpdateAclBody, request: FastifyRequest): Promise<AclRow> {
    const { db, clock, audit } = this.s;
    const next = knownPermissions(body.permissions);
    return db.transaction(async (tx) => {
      const actor = await this.actor(tx, auth);
      const role = await findRoleGrant(tx, actor.organizationId, body.roleId);
      if (!role) throw notFound(ROLE_MESSAGES.roleNotFound, 'ROLE_NOT_FOUND');
      const refusal = aclChangeRefusal(actor, role.roleId, role.permissions, next);
      if (refusal) throw refuse(refusal);
      const now = clock.now();
      await tx
        .insert(organizationRoles)
        .values({
          organizationId: actor.organizationId,
          roleId: role.roleId,
          name: role.builtIn ? null : role.name,
          permissions: next,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [organizationRoles.organizationId, organizationRoles.roleId],
          set: { permissions: next, updatedAt: now },
        });
      await audit.record(
        request,
        {
          event: 'acl.updated',
          userId: auth.userId,
          organizationId: actor.organizationId,
          details: { roleId: role.roleId, before: role.permissions, after: next },
        },
        tx,
      );
      return toRow({ ...role, permissions: next }, actor);
    });
  }

  catalogue(): PermissionCatalogueData {
    return {
      groups: (Object.keys(PERMISSION_GROUPS) as PermissionGroup[]).map((feature) => ({
        feature,
        permissions: [...PERMISSION_GROUPS[feature]],
      })),
    };
  }

  async mine(auth: AuthContext): Promise<MyPermissionsData> {
    const current = await this.s.access.member(auth);
    const role = isBuiltInRole(current.role)
      ? null
      : await findRoleGrant(this.s.db, current.organizationId, current.role);
    return {
      organizationId: current.organizationId,
      role: current.role,
      roleName: role?.name ?? null,
      permissions: [...current.permissions],
    };
  }

  /**
   * The caller's role and grants read inside the transaction (the router's check ran a moment earlier; a change
   * between the two must not widen what this request may do).
   */
  private async actor(tx: Db, auth: AuthContext): Promise<CurrentRole> {
    const organizationId = auth.organizationId as string;
    // Serialises access-control changes of one organisation: two admins editing at once apply one after the other.
    await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for('update');
    const current = await new AccessControl(tx).permissionsOf(organizationId, auth.userId);
    if (!current) throw forbidden('http.permissionDenied', 'PERMISSION_DENIED');
    return current;
  }

  private async customRole(db: Db, organizationId: string, roleId: string): Promise<RoleGrant> {
    if (isBuiltInRole(roleId)) throw badRequest(ROLE_MESSAGES.roleBuiltIn, 'ROLE_BUILT_IN');
    const role = await findRoleGrant(db, organizationId, roleId);
    if (!role) throw notFound(ROLE_MESSAGES.roleNotFound, 'ROLE_NOT_FOUND');
    return role;
  }

  private async memberCounts(organizationId: string, db: Db = this.s.db): Promise<Map<string, number>> {
    const rows = await db
      .select({ role: memberships.role, n: count() })
      .from(memberships)
      .where(eq(memberships.organizationId, organizationId))
      .groupBy(memberships.role);
    return new Map(rows.map((row) => [row.role, Number(row.n)]));
  }
}

async function requireBusiness(db: Db, organizationId: string): Promise<void> {
  const [org] = await db
    .select({ accountType: organizations.accountType })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (org?.accountType !== 'business')
    throw badRequest(ORGANIZATION_ACL_MESSAGES.businessOnly, 'BUSINESS_ONLY');
}

const roleIdPlaceholder = 'new-role';
const roleNameTaken = () => badRequest(ROLE_MESSAGES.roleNameTaken, 'ROLE_NAME_TAKEN');

function toRole(grant: RoleGrant, members: number): Role {
  return {
    id: grant.roleId,
    name: grant.name,
    builtIn: grant.builtIn,
    locked: grant.roleId === 'owner',
    members,
  };
}

function toRow(grant: RoleGrant, actor: CurrentRole): AclRow {
  const locked = grant.roleId === 'owner';
  return {
    roleId: grant.roleId,
    name: grant.name,
    builtIn: grant.builtIn,
    locked,
    editable: !locked && grant.roleId !== actor.role,
    permissions: [...grant.permissions],
  };
}
