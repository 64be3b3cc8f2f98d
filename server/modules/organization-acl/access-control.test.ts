/**
 * Roles and the access-control matrix (docs/access-control.md): custom roles, the rules against escalation,
 * organisation isolation (IDOR) and the check of the caller's current role at every request.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_GROUPS, PERMISSIONS, type Permission } from '../../../contract/v1/permissions';
import { activityLogs } from '../../db/schema';
import type { App } from '../../http/types';
import { DEMO_IDS } from '../../seed/demo-data';
import { call, createTestApp, loginAs } from '../../test/test-app';
import { memberships, organizations } from '../organizations/schema';
import { users } from '../users/schema';
import { organizationRoles } from './schema';
import { api, enter, entryAnswer } from './test-helpers';

let app: App;
let owner: ReturnType<typeof api>; // demo, owner of Acme
let admin: ReturnType<typeof api>; // alice, admin of Acme
let member: ReturnType<typeof api>; // bob, member of Acme

beforeAll(async () => {
  app = await createTestApp();
  // Globex enforces two-factor authentication, which these demo logins do not have set up.
  await app.database.db
    .update(organizations)
    .set({ enforceTwoFactor: false })
    .where(eq(organizations.id, DEMO_IDS.globex));
  [owner, admin, member] = await Promise.all(
    ['demo@example.com', 'alice@example.com', 'bob@example.com'].map(async (email) =>
      api(app, await enter(app, email, DEMO_IDS.acme)),
    ),
  );
});
afterAll(() => app.close());

const ALL_BUT_BILLING_MANAGE = PERMISSIONS.filter((p) => p !== 'billing.manage');
const userId = async (email: string) =>
  (await app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const setMembershipRole = async (email: string, role: string) =>
  app.database.db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.organizationId, DEMO_IDS.acme), eq(memberships.userId, await userId(email))));
const storedGrants = async (organizationId: string, roleId: string) =>
  (
    await app.database.db
      .select({ permissions: organizationRoles.permissions })
      .from(organizationRoles)
      .where(and(eq(organizationRoles.organizationId, organizationId), eq(organizationRoles.roleId, roleId)))
  )[0]?.permissions;
const setAcl = (client: ReturnType<typeof api>, roleId: string, permissions: string[]) =>
  client.patch('/v1/acl', { roleId, permissions });

describe('the catalogue, the caller and the roles', () => {
  it('GET /v1/acl/permissions lists every permission grouped by the feature that declares it', async () => {
    const response = await member.get('/v1/acl/permissions');
    expect(response.statusCode).toBe(200);
    expect(response.json.data.groups).toEqual(
      Object.entries(PERMISSION_GROUPS).map(([feature, permissions]) => ({ feature, permissions })),
    );
  });

  it("GET /v1/acl/me answers the caller's current role and what it holds; the owner holds everything", async () => {
    expect((await member.get('/v1/acl/me')).json.data).toEqual({
      organizationId: DEMO_IDS.acme,
      role: 'member',
      roleName: null,
      permissions: ['members.view'],
    });
    expect((await owner.get('/v1/acl/me')).json.data.permissions).toEqual(PERMISSIONS);
  });

  it('GET /v1/roles lists the built-in roles with their member counts, the owner only on request', async () => {
    const without = await member.get('/v1/roles?owner=false');
    expect(without.statusCode).toBe(200);
    expect(without.json.data.roles).toEqual([
      { id: 'admin', name: 'Admin', builtIn: true, locked: false, members: 1 },
      { id: 'member', name: 'Member', builtIn: true, locked: false, members: 3 },
    ]);
    const withOwner = await member.get('/v1/roles?owner=true');
    expect(withOwner.json.data.roles[0]).toEqual({
      id: 'owner',
      name: 'Owner',
      builtIn: true,
      locked: true,
      members: 1,
    });
  });

  it('GET /v1/acl is the matrix for those who manage access: the owner row locked, their own row not editable', async () => {
    const refused = await member.get('/v1/acl');
    expect(refused.statusCode).toBe(403);
    expect(refused.json.code).toBe('PERMISSION_DENIED');
    const response = await admin.get('/v1/acl');
    expect(response.statusCode).toBe(200);
    expect(response.json.data.roles).toEqual([
      {
        roleId: 'owner',
        name: 'Owner',
        builtIn: true,
        locked: true,
        editable: false,
        permissions: PERMISSIONS,
      },
      {
        roleId: 'admin',
        name: 'Admin',
        builtIn: true,
        locked: false,
        editable: false,
        permissions: PERMISSIONS,
      },
      {
        roleId: 'member',
        name: 'Member',
        builtIn: true,
        locked: false,
        editable: true,
        permissions: ['members.view'],
      },
    ]);
  });
});

describe('custom roles', () => {
  let supportId: string;

  it('are created with permissions the creator holds, and listed', async () => {
    const response = await admin.post('/v1/roles', {
      name: 'Support',
      permissions: ['apps.manage', 'members.view'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json.msg).toBe('Role created successfully');
    supportId = response.json.data.role.id;
    expect(response.json.data.role).toEqual({
      id: supportId,
      name: 'Support',
      builtIn: false,
      locked: false,
      members: 0,
    });
    const matrix = (await admin.get('/v1/acl')).json.data.roles;
    expect(matrix.at(-1)).toMatchObject({
      roleId: supportId,
      editable: true,
      permissions: ['apps.manage', 'members.view'],
    });
  });

  it('have names unique in the organisation, whatever the case, built-in names included', async () => {
    for (const name of ['SUPPORT', 'admin', 'Owner']) {
      const response = await admin.post('/v1/roles', { name });
      expect(response.statusCode, name).toBe(400);
      expect(response.json).toMatchObject({
        code: 'ROLE_NAME_TAKEN',
        msg: 'A role with this name already exists',
      });
    }
    const short = await admin.post('/v1/roles', { name: 'x' });
    expect(short.json.errors).toEqual([{ field: 'name', msg: 'Role name must be at least 2 characters' }]);
    const unknown = await admin.post('/v1/roles', { name: 'Auditors', permissions: ['root.everything'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json.errors).toEqual([{ field: 'permissions.0', msg: 'Unknown permission' }]);
  });

  it('created twice at once with one name exist once', async () => {
    const answers = await Promise.all([
      admin.post('/v1/roles', { name: 'Finance' }),
      owner.post('/v1/roles', { name: 'finance' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const rows = await app.database.db
      .select()
      .from(organizationRoles)
      .where(eq(organizationRoles.organizationId, DEMO_IDS.acme));
    expect(rows.filter((r) => r.name?.toLowerCase() === 'finance')).toHaveLength(1);
  });

  it('are renamed; built-in roles are not', async () => {
    const renamed = await admin.patch(`/v1/roles/${supportId}`, { name: 'Helpdesk' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json.data.role.name).toBe('Helpdesk');
    const builtIn = await admin.patch('/v1/roles/member', { name: 'Staff' });
    expect(builtIn.statusCode).toBe(400);
    expect(builtIn.json.code).toBe('ROLE_BUILT_IN');
  });

  it('give their holders exactly their permissions, checked at each request', async () => {
    await setMembershipRole('bob@example.com', supportId);
    expect((await member.get('/v1/acl/me')).json.data).toEqual({
      organizationId: DEMO_IDS.acme,
      role: supportId,
      roleName: 'Helpdesk',
      permissions: ['apps.manage', 'members.view'],
    });
    expect((await member.get('/v1/acl')).statusCode).toBe(403);
  });

  it("are answered, with what they hold, when their holder enters the organisation (the portal's menu reads it)", async () => {
    const entered = (email: string) => entryAnswer(app, email, DEMO_IDS.acme);
    expect(await entered('bob@example.com')).toMatchObject({
      role: supportId,
      roleName: 'Helpdesk',
      permissions: ['apps.manage', 'members.view'],
    });
    expect(await entered('demo@example.com')).toMatchObject({ role: 'owner', roleName: null, permissions: PERMISSIONS });
    // The organisation list names the custom role too, where the account selection shows it.
    const list = await call(app, { url: '/v1/organization-list', token: (await loginAs(app, 'bob@example.com')).accessToken });
    expect(list.json.data.organizationList).toContainEqual(
      expect.objectContaining({ organizationId: DEMO_IDS.acme, role: supportId, roleName: 'Helpdesk' }),
    );
  });

  it('cannot be deleted while someone holds them; then can, and the deletion is recorded', async () => {
    const inUse = await admin.delete(`/v1/roles/${supportId}`);
    expect(inUse.statusCode).toBe(400);
    expect(inUse.json).toMatchObject({ code: 'ROLE_IN_USE' });
    await setMembershipRole('bob@example.com', 'member');
    const deleted = await admin.delete(`/v1/roles/${supportId}`);
    expect(deleted.statusCode).toBe(200);
    expect(await storedGrants(DEMO_IDS.acme, supportId)).toBeUndefined();
    const [audit] = await app.database.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.eventType, 'role.deleted'));
    expect(audit).toMatchObject({ userId: await userId('alice@example.com'), organizationId: DEMO_IDS.acme });
    expect(audit?.details).toMatchObject({
      roleId: supportId,
      before: ['apps.manage', 'members.view'],
      after: null,
    });
    expect((await admin.delete(`/v1/roles/${supportId}`)).statusCode).toBe(404);
  });
});

describe('a removed or demoted member loses the access at the next request', () => {
  it('when their role loses the permission', async () => {
    expect((await admin.get('/v1/acl')).statusCode).toBe(200);
    expect(
      (
        await setAcl(
          owner,
          'admin',
          PERMISSIONS.filter((p) => p !== 'acl.manage'),
        )
      ).statusCode,
    ).toBe(200);
    const refused = await admin.get('/v1/acl');
    expect(refused.statusCode).toBe(403);
    expect(refused.json.code).toBe('PERMISSION_DENIED');
    expect((await setAcl(owner, 'admin', [...PERMISSIONS])).statusCode).toBe(200);
    expect((await admin.get('/v1/acl')).statusCode).toBe(200);
  });

  it('when they are demoted to a role without it, with the token issued before', async () => {
    await setMembershipRole('alice@example.com', 'member');
    expect((await admin.patch('/v1/organization', { timeZone: 'Europe/Paris' })).statusCode).toBe(403);
    expect((await admin.get('/v1/acl/me')).json.data.role).toBe('member');
    await setMembershipRole('alice@example.com', 'admin');
  });

  it('when they are removed', async () => {
    const bob = await userId('bob@example.com');
    const [membership] = await app.database.db
      .delete(memberships)
      .where(and(eq(memberships.organizationId, DEMO_IDS.acme), eq(memberships.userId, bob)))
      .returning();
    for (const url of ['/v1/organization', '/v1/acl/me', '/v1/roles', '/v1/organization/size']) {
      const response = await member.get(url);
      expect(response.statusCode, url).toBe(403);
    }
    await app.database.db.insert(memberships).values(membership!);
    expect((await member.get('/v1/organization')).statusCode).toBe(200);
  });
});

describe('nobody gains what they do not hold', () => {
  beforeAll(async () => {
    // The owner withdraws one permission from the admin role: alice (admin) no longer holds billing.manage.
    const response = await setAcl(owner, 'admin', ALL_BUT_BILLING_MANAGE);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('an admin cannot grant a permission they lack, to a role or a new role', async () => {
    const grant = await setAcl(admin, 'member', ['members.view', 'billing.manage']);
    expect(grant.statusCode).toBe(403);
    expect(grant.json).toEqual({
      code: 'PERMISSION_NOT_HELD',
      msg: 'You cannot grant or remove a permission you do not hold',
    });
    expect(await storedGrants(DEMO_IDS.acme, 'member')).toEqual(['members.view']);
    const role = await admin.post('/v1/roles', { name: 'Billing clerks', permissions: ['billing.manage'] });
    expect(role.statusCode).toBe(403);
    expect(role.json.code).toBe('PERMISSION_NOT_HELD');
    const rows = await app.database.db
      .select()
      .from(organizationRoles)
      .where(eq(organizationRoles.name, 'Billing clerks'));
    expect(rows).toEqual([]);
  });

  it('an admin cannot take away a permission they lack either', async () => {
    expect((await setAcl(owner, 'member', ['members.view', 'billing.manage'])).statusCode).toBe(200);
    const withdraw = await setAcl(admin, 'member', ['members.view']);
    expect(withdraw.json.code).toBe('PERMISSION_NOT_HELD');
    expect(await storedGrants(DEMO_IDS.acme, 'member')).toEqual(['members.view', 'billing.manage']);
    expect((await setAcl(owner, 'member', ['members.view'])).statusCode).toBe(200);
  });

  it('an admin cannot change their own role, even to restore what was withdrawn', async () => {
    const response = await setAcl(admin, 'admin', [...PERMISSIONS]);
    expect(response.statusCode).toBe(403);
    expect(response.json).toEqual({
      code: 'OWN_ROLE',
      msg: 'You cannot change the permissions of your own role',
    });
    expect(await storedGrants(DEMO_IDS.acme, 'admin')).toEqual(ALL_BUT_BILLING_MANAGE);
  });

  it('an admin cannot demote the owner or make themselves owner', async () => {
    const demote = await setAcl(admin, 'owner', []);
    expect(demote.statusCode).toBe(403);
    expect(demote.json).toEqual({
      code: 'OWNER_ROLE_LOCKED',
      msg: "The owner's permissions cannot be changed",
    });
    const takeOver = await admin.patch('/v1/organization/ownership', {
      userId: await userId('alice@example.com'),
      organizationName: 'Acme Pty Ltd',
      password: 'Demo@1234',
    });
    expect(takeOver.statusCode).toBe(403);
    expect(takeOver.json.code).toBe('OWNER_ONLY');
    const ownerRows = await app.database.db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.organizationId, DEMO_IDS.acme), eq(memberships.role, 'owner')));
    expect(ownerRows).toEqual([{ userId: await userId('demo@example.com') }]);
    expect((await owner.get('/v1/acl/me')).json.data.permissions).toEqual(PERMISSIONS);
  });

  it("even the owner cannot edit the owner's row", async () => {
    expect((await setAcl(owner, 'owner', ['members.view'])).json.code).toBe('OWNER_ROLE_LOCKED');
  });

  it('what an admin holds they may grant, and the change is recorded with before and after', async () => {
    const response = await setAcl(admin, 'member', ['members.view', 'members.manage']);
    expect(response.statusCode).toBe(200);
    expect(response.json.data.role).toEqual({
      roleId: 'member',
      name: 'Member',
      builtIn: true,
      locked: false,
      editable: true,
      permissions: ['members.view', 'members.manage'],
    });
    expect((await member.get('/v1/acl/me')).json.data.permissions).toEqual([
      'members.view',
      'members.manage',
    ]);
    const entries = await app.database.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.eventType, 'acl.updated'),
          eq(activityLogs.userId, await userId('alice@example.com')),
        ),
      );
    expect(entries.at(-1)?.details).toEqual({
      roleId: 'member',
      before: ['members.view'],
      after: ['members.view', 'members.manage'],
    });
  });

  it('refuses unknown roles and permissions with a message', async () => {
    const role = await setAcl(owner, 'nonexistent-role', ['members.view']);
    expect(role.statusCode).toBe(404);
    expect(role.json).toEqual({ code: 'ROLE_NOT_FOUND', msg: 'Role not found' });
    const permission = await setAcl(owner, 'member', ['members.view', 'everything']);
    expect(permission.statusCode).toBe(400);
    expect(permission.json.errors).toEqual([{ field: 'permissions.1', msg: 'Unknown permission' }]);
    const duplicate = await setAcl(owner, 'member', ['members.view', 'members.view']);
    expect(duplicate.statusCode).toBe(400);
  });
});

describe("one organisation cannot reach another's roles (IDOR)", () => {
  let globexRoleId: string;
  beforeAll(async () => {
    const carol = api(app, await enter(app, 'carol@example.com', DEMO_IDS.globex));
    const response = await carol.post('/v1/roles', { name: 'Globex Ops', permissions: ['members.view'] });
    expect(response.statusCode, response.body).toBe(200);
    globexRoleId = response.json.data.role.id;
  });

  it("an Acme token cannot read, change, rename or delete Globex's role by its id", async () => {
    expect(
      (await admin.get('/v1/acl')).json.data.roles.map((r: { roleId: string }) => r.roleId),
    ).not.toContain(globexRoleId);
    expect((await admin.get('/v1/roles')).json.data.roles.map((r: { id: string }) => r.id)).not.toContain(
      globexRoleId,
    );
    for (const response of [
      await setAcl(admin, globexRoleId, ['members.view', 'members.manage']),
      await admin.patch(`/v1/roles/${globexRoleId}`, { name: 'Pwned' }),
      await admin.delete(`/v1/roles/${globexRoleId}`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json.code).toBe('ROLE_NOT_FOUND');
    }
    const [row] = await app.database.db
      .select()
      .from(organizationRoles)
      .where(
        and(
          eq(organizationRoles.organizationId, DEMO_IDS.globex),
          eq(organizationRoles.roleId, globexRoleId),
        ),
      );
    expect(row).toMatchObject({ name: 'Globex Ops', permissions: ['members.view'] });
  });

  it("changing a built-in role with an Acme token leaves Globex's untouched, even for someone in both", async () => {
    // demo owns Acme and is an admin of Globex.
    expect((await setAcl(owner, 'admin', [...PERMISSIONS])).statusCode).toBe(200);
    expect((await setAcl(owner, 'member', ['members.view', 'billing.view'])).statusCode).toBe(200);
    expect(await storedGrants(DEMO_IDS.globex, 'member')).toEqual(['members.view']);
  });

  it('a member of Acme cannot obtain a Globex token', async () => {
    const { accessToken } = await loginAs(app, 'bob@example.com');
    const response = await call(app, {
      url: '/v1/organization/access',
      token: accessToken,
      body: { portalId: 'kreanoAccount', orgId: DEMO_IDS.globex },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('the contract', () => {
  it('publishes the endpoints in /v1/openapi.json with the permission each needs', async () => {
    const paths = (await call(app, { url: '/v1/openapi.json' })).json.paths;
    const expected: [string, string, Permission | undefined][] = [
      ['/v1/organization', 'post', undefined],
      ['/v1/organization', 'get', undefined],
      ['/v1/organization', 'patch', 'settings.manage'],
      ['/v1/organization/name', 'get', undefined],
      ['/v1/organization/size', 'get', undefined],
      ['/v1/organization/ownership', 'patch', 'settings.manage'],
      ['/v1/roles', 'get', 'members.view'],
      ['/v1/roles', 'post', 'acl.manage'],
      ['/v1/roles/{roleId}', 'patch', 'acl.manage'],
      ['/v1/roles/{roleId}', 'delete', 'acl.manage'],
      ['/v1/acl', 'get', 'acl.manage'],
      ['/v1/acl', 'patch', 'acl.manage'],
      ['/v1/acl/permissions', 'get', undefined],
      ['/v1/acl/me', 'get', undefined],
    ];
    for (const [path, method, permission] of expected) {
      const operation = paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation['x-permission'], `${method} ${path}`).toBe(permission);
      expect(operation.security).toEqual([{ bearerAuth: [] }]);
    }
  });
});
