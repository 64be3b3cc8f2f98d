/**
 * Business organisations (docs/access-control.md): creation within the owner's limit, the name check, details,
 * counts and the ownership transfer, through the real routes.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema';
import type { App } from '../../http/types';
import { DEMO_IDS } from '../../seed/demo-data';
import { call, createTestApp, loginAs, mailbox } from '../../test/test-app';
import { memberships, organizations } from '../organizations/schema';
import { ipAllowLists } from '../ip-allow-list/schema';
import { users } from '../users/schema';
import { DEFAULT_ORGANIZATION_LIMIT, organizationLimit } from './organization-limit';
import { MAX_WRONG_TRANSFER_PASSWORDS } from './organization-admin-service';
import { api, enter } from './test-helpers';

const LIMIT = 2;
let app: App;

beforeAll(async () => {
  app = await createTestApp({ configOverrides: { organizationLimit: LIMIT } });
});
afterAll(() => app.close());

const userId = async (email: string) =>
  (await app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

async function create(token: string, organizationName: string, headers?: Record<string, string>) {
  return call(app, { url: '/v1/organization', token, body: { organizationName }, headers });
}

async function businessNamed(name: string) {
  return app.database.db
    .select()
    .from(organizations)
    .where(
      and(eq(organizations.accountType, 'business'), sql`lower(${organizations.name}) = lower(${name})`),
    );
}

describe('POST /v1/organization', () => {
  it('creates a business organisation owned by the caller, who can enter it at once', async () => {
    const { accessToken } = await loginAs(app, 'carol@example.com');
    const response = await create(accessToken, 'Wayne Enterprises');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json.msg).toBe('Organisation created successfully');
    const created = response.json.data;
    expect(created).toMatchObject({
      organizationName: 'Wayne Enterprises',
      accountType: 'business',
      role: 'owner',
    });

    const list = (await call(app, { url: '/v1/organization-list', token: accessToken })).json.data
      .organizationList;
    expect(list).toContainEqual(
      expect.objectContaining({
        organizationId: created.organizationId,
        role: 'owner',
        accountType: 'business',
      }),
    );
    const orgToken = await enter(app, 'carol@example.com', created.organizationId);
    const me = await api(app, orgToken).get('/v1/acl/me');
    expect(me.json.data).toMatchObject({ organizationId: created.organizationId, role: 'owner' });
    // The new organisation has its default grants stored, like every other.
    const acl = (await api(app, orgToken).get('/v1/acl')).json.data.roles;
    expect(acl.find((row: { roleId: string }) => row.roleId === 'member').permissions).toEqual([
      'members.view',
    ]);
    const [audit] = await app.database.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.eventType, 'organization.created'),
          eq(activityLogs.organizationId, created.organizationId),
        ),
      );
    expect(audit?.details).toMatchObject({
      targetUserId: await userId('carol@example.com'),
      before: null,
      after: 'owner',
    });
  });

  it("refuses a taken name whatever its case, and bad names with the rule set's messages", async () => {
    const { accessToken } = await loginAs(app, 'bob@example.com');
    const taken = await create(accessToken, 'ACME pty LTD');
    expect(taken.statusCode).toBe(400);
    expect(taken.json).toMatchObject({
      code: 'ORGANIZATION_NAME_TAKEN',
      msg: 'This organisation name is already taken',
    });
    const cases: [unknown, string][] = [
      ['A', 'Organisation name must be at least 2 characters'],
      ['x'.repeat(101), 'Organisation name can have a maximum of 100 characters'],
      ['   ', 'Organisation name is required'],
      [' Padded', 'Organisation name cannot start or end with a space or contain line breaks, < or >'],
      ['<b>Bold</b>', 'Organisation name cannot start or end with a space or contain line breaks, < or >'],
    ];
    for (const [name, msg] of cases) {
      const response = await call(app, {
        url: '/v1/organization',
        token: accessToken,
        body: { organizationName: name },
      });
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json.errors).toEqual([{ field: 'organizationName', msg }]);
    }
    // A line break is refused (the request-wide control-character check may answer before the name rule).
    const lineBreak = await create(accessToken, 'Line\nbreak');
    expect(lineBreak.statusCode).toBe(400);
    expect(lineBreak.json.errors).toHaveLength(1);
    expect(await businessNamed('Line\nbreak')).toEqual([]);
    const missing = await call(app, { url: '/v1/organization', token: accessToken, body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json.errors).toEqual([
      { field: 'organizationName', msg: 'Organisation name is required' },
    ]);
    expect(await businessNamed('x'.repeat(101))).toEqual([]);
  });

  it('counts only the organisations the user owns: memberships of others do not use up the limit', async () => {
    // demo owns Acme, is admin of Globex and a member of Initech: three business organisations, one owned.
    const { accessToken } = await loginAs(app, 'demo@example.com');
    const first = await create(accessToken, 'Demo Second Co');
    expect(first.statusCode, first.body).toBe(200);
    const size = await api(app, await enter(app, 'demo@example.com', DEMO_IDS.acme)).get(
      '/v1/organization/size',
    );
    expect(size.json.data).toMatchObject({ ownedOrganizations: LIMIT, organizationLimit: LIMIT });

    const refused = await create(accessToken, 'Demo Third Co');
    expect(refused.statusCode).toBe(403);
    expect(refused.json).toEqual({
      code: 'ORGANIZATION_LIMIT_REACHED',
      msg: `You have reached the max limit of ${LIMIT} organisations`,
    });
    const french = await create(accessToken, 'Demo Third Co', { 'accept-language': 'fr' });
    expect(french.json.msg).toBe(`Vous avez atteint la limite maximale de ${LIMIT} organisations`);
    expect(await businessNamed('Demo Third Co')).toEqual([]);
  });

  it('holds the limit when one user creates several at once', async () => {
    const { accessToken } = await loginAs(app, 'alice@example.com');
    const answers = await Promise.all(
      ['Alice One', 'Alice Two', 'Alice Three', 'Alice Four'].map((n) => create(accessToken, n)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(LIMIT);
    expect(answers.filter((a) => a.statusCode === 403).map((a) => a.json.code)).toEqual(
      Array(4 - LIMIT).fill('ORGANIZATION_LIMIT_REACHED'),
    );
    const owned = await app.database.db
      .select()
      .from(organizations)
      .where(
        and(
          eq(organizations.ownerId, await userId('alice@example.com')),
          eq(organizations.accountType, 'business'),
        ),
      );
    expect(owned).toHaveLength(LIMIT);
  });

  it('creates one organisation when two people create the same name at once', async () => {
    const [dave, bob] = await Promise.all([
      loginAs(app, 'dave@example.com'),
      loginAs(app, 'bob@example.com'),
    ]);
    const answers = await Promise.all([
      create(dave.accessToken, 'Stark Industries'),
      create(bob.accessToken, 'stark industries'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.statusCode === 400)!.json.code).toBe('ORGANIZATION_NAME_TAKEN');
    expect(await businessNamed('Stark Industries')).toHaveLength(1);
  });

  it("is about the person: an organisation's IP allow-list does not stop its members creating their own", async () => {
    const token = await enter(app, 'bob@example.com', DEMO_IDS.acme);
    await app.database.db
      .insert(ipAllowLists)
      .values({ organizationId: DEMO_IDS.acme, ranges: ['10.0.0.0/8'], updatedAt: new Date() });
    try {
      // The organisation's own calls are refused from this address...
      expect((await api(app, token).get('/v1/organization')).json.code).toBe('IP_NOT_ALLOWED');
      // ...but checking a name and creating an organisation are not the organisation's calls.
      expect((await api(app, token).get('/v1/organization/name?orgName=Bob%20Two')).statusCode).toBe(200);
      expect((await api(app, token).get('/v1/acl/permissions')).statusCode).toBe(200);
      const created = await create(token, 'Bob Two');
      expect(created.statusCode, created.body).toBe(200);
    } finally {
      await app.database.db.delete(ipAllowLists).where(eq(ipAllowLists.organizationId, DEMO_IDS.acme));
    }
  });

  it('answers 401 without a session', async () => {
    const response = await call(app, { url: '/v1/organization', body: { organizationName: 'Nobody Ltd' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('the organisation limit setting', () => {
  it('comes from ORGANIZATION_LIMIT, else portal.config.json, else 5', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'org-limit-'));
    const file = join(folder, 'portal.config.json');
    writeFileSync(file, JSON.stringify({ organizationLimit: 7 }));
    expect(await organizationLimit({ organizationLimit: 3, portalConfigFile: file })).toBe(3);
    expect(await organizationLimit({ organizationLimit: null, portalConfigFile: file })).toBe(7);
    expect(
      await organizationLimit({ organizationLimit: null, portalConfigFile: join(folder, 'missing.json') }),
    ).toBe(DEFAULT_ORGANIZATION_LIMIT);
    writeFileSync(file, '{ not json');
    expect(await organizationLimit({ organizationLimit: null, portalConfigFile: file })).toBe(5);
  });
});

describe('GET /v1/organization/name', () => {
  const check = async (token: string, query: string) =>
    call(app, { url: `/v1/organization/name?${query}`, token });

  it('says whether a name is free, case-insensitively', async () => {
    const { accessToken } = await loginAs(app, 'bob@example.com');
    const taken = await check(accessToken, 'orgName=acme%20PTY%20ltd');
    expect(taken.statusCode).toBe(200);
    expect(taken.json).toEqual({
      data: { available: false },
      msg: 'This organisation name is already taken',
    });
    const free = await check(accessToken, 'orgName=Brand%20New%20Co');
    expect(free.json).toEqual({ data: { available: true }, msg: 'Organisation name is available' });
    const bad = await check(accessToken, 'orgName=A');
    expect(bad.statusCode).toBe(400);
    expect(bad.json.errors).toEqual([
      { field: 'orgName', msg: 'Organisation name must be at least 2 characters' },
    ]);
  });

  it("treats the renamed organisation's own name as free, only for a member of it", async () => {
    const { accessToken } = await loginAs(app, 'bob@example.com');
    const own = await check(accessToken, `orgName=Acme%20Pty%20Ltd&orgId=${DEMO_IDS.acme}`);
    expect(own.json.data.available).toBe(true);
    // bob is not a member of Globex: naming it does not reveal or free anything.
    const other = await check(accessToken, `orgName=Globex&orgId=${DEMO_IDS.globex}`);
    expect(other.json.data.available).toBe(false);
  });
});

describe('GET and PATCH /v1/organization', () => {
  it("answers any member with the active organisation's details", async () => {
    const response = await api(app, await enter(app, 'bob@example.com', DEMO_IDS.acme)).get(
      '/v1/organization',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toMatchObject({
      organizationId: DEMO_IDS.acme,
      organizationName: 'Acme Pty Ltd',
      accountType: 'business',
      timeZone: 'Australia/Sydney',
    });
  });

  it('refuses a member without settings.manage', async () => {
    const response = await api(app, await enter(app, 'bob@example.com', DEMO_IDS.acme)).patch(
      '/v1/organization',
      {
        organizationName: 'Bob Co',
      },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json).toEqual({
      code: 'PERMISSION_DENIED',
      msg: "You don't have permission to do this. Contact the account owner or admin",
    });
    expect(await businessNamed('Bob Co')).toEqual([]);
  });

  it('lets an admin edit the name and details, recorded with before and after', async () => {
    const alice = api(app, await enter(app, 'alice@example.com', DEMO_IDS.acme));
    const response = await alice.patch('/v1/organization', {
      organizationName: 'Acme Holdings',
      timeZone: 'Europe/Paris',
      timeFormat: 'YYYY-MM-DD HH:mm',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json.data).toMatchObject({
      organizationName: 'Acme Holdings',
      timeZone: 'Europe/Paris',
      timeFormat: 'YYYY-MM-DD HH:mm',
    });
    const [audit] = await app.database.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.eventType, 'organization.updated'),
          eq(activityLogs.organizationId, DEMO_IDS.acme),
        ),
      );
    expect(audit?.details).toMatchObject({
      before: { name: 'Acme Pty Ltd', timeZone: 'Australia/Sydney' },
      after: { name: 'Acme Holdings', timeZone: 'Europe/Paris' },
    });
    // Back, so the other tests see the seeded name.
    expect((await alice.patch('/v1/organization', { organizationName: 'Acme Pty Ltd' })).statusCode).toBe(
      200,
    );
  });

  it('refuses bad details with a message and changes nothing', async () => {
    const alice = api(app, await enter(app, 'alice@example.com', DEMO_IDS.acme));
    const cases: [unknown, number, string][] = [
      [{ organizationName: 'globex' }, 400, 'This organisation name is already taken'],
      [{ timeZone: 'Mars/Olympus_Mons' }, 400, 'Invalid time zone'],
      [{ timeFormat: 'YYYY' }, 400, 'Invalid time format'],
      [{}, 400, 'Nothing to update'],
      [{ organizationName: 'Fine Name', ownerId: 'x' }, 400, 'Unknown field: ownerId'],
    ];
    for (const [body, status, msg] of cases) {
      const response = await alice.patch('/v1/organization', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json.errors?.[0]?.msg ?? response.json.msg, JSON.stringify(body)).toBe(msg);
    }
    const [acme] = await app.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, DEMO_IDS.acme));
    expect(acme).toMatchObject({ name: 'Acme Pty Ltd', timeZone: 'Europe/Paris' });
  });
});

describe('GET /v1/organization/size', () => {
  it('counts members, pending invitations, owned organisations and the limit', async () => {
    const response = await api(app, await enter(app, 'bob@example.com', DEMO_IDS.acme)).get(
      '/v1/organization/size',
    );
    expect(response.statusCode).toBe(200);
    // Acme: demo, totp, sms2fa, alice, bob; new@example.com is invited.
    expect(response.json.data).toMatchObject({ members: 5, pendingInvitations: 1, organizationLimit: LIMIT });
  });
});

describe('PATCH /v1/organization/ownership', () => {
  let globexOwner: ReturnType<typeof api>;
  let demoId: string;
  let carolId: string;
  beforeAll(async () => {
    // Globex enforces two-factor authentication, which these demo logins do not have set up.
    await app.database.db
      .update(organizations)
      .set({ enforceTwoFactor: false })
      .where(eq(organizations.id, DEMO_IDS.globex));
    globexOwner = api(app, await enter(app, 'carol@example.com', DEMO_IDS.globex));
    demoId = await userId('demo@example.com');
    carolId = await userId('carol@example.com');
  });
  const transfer = (client: ReturnType<typeof api>, body: Record<string, unknown>) =>
    client.patch('/v1/organization/ownership', {
      organizationName: 'Globex',
      password: 'Demo@1234',
      ...body,
    });
  const rolesOf = async (organizationId: string) =>
    app.database.db
      .select({ userId: memberships.userId, role: memberships.role })
      .from(memberships)
      .where(eq(memberships.organizationId, organizationId));

  it('is refused to an admin, who cannot make themselves owner', async () => {
    const admin = api(app, await enter(app, 'demo@example.com', DEMO_IDS.globex));
    const response = await transfer(admin, { userId: demoId });
    expect(response.statusCode).toBe(403);
    expect(response.json).toEqual({ code: 'OWNER_ONLY', msg: 'Only the owner can transfer the ownership' });
  });

  it('needs the exact organisation name, an active member and not oneself', async () => {
    const mismatch = await transfer(globexOwner, { userId: demoId, organizationName: 'Globe' });
    expect(mismatch.json.errors).toEqual([
      { field: 'organizationName', msg: 'The organisation name does not match' },
    ]);
    const outsider = await transfer(globexOwner, { userId: await userId('bob@example.com') });
    expect(outsider.json).toMatchObject({ code: 'NEW_OWNER_NOT_MEMBER' });
    const self = await transfer(globexOwner, { userId: carolId });
    expect(self.json).toMatchObject({ code: 'ALREADY_OWNER', msg: 'You already own this organisation' });
    expect((await rolesOf(DEMO_IDS.globex)).filter((m) => m.role === 'owner')).toEqual([
      { userId: carolId, role: 'owner' },
    ]);
  });

  it("re-checks the owner's password and stops guessing after a few wrong ones", async () => {
    const wrong = await transfer(globexOwner, { userId: demoId, password: 'Wrong@1234' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json.errors).toEqual([{ field: 'password', msg: 'Incorrect password' }]);
    const guesses = await Promise.all(
      Array.from({ length: MAX_WRONG_TRANSFER_PASSWORDS + 2 }, () =>
        transfer(globexOwner, { userId: demoId, password: 'Wrong@1234' }),
      ),
    );
    // However the parallel guesses interleave, exactly MAX_WRONG_TRANSFER_PASSWORDS wrong ones are checked in all.
    expect(guesses.filter((g) => g.statusCode === 400)).toHaveLength(MAX_WRONG_TRANSFER_PASSWORDS - 1);
    expect(guesses.filter((g) => g.statusCode === 429)).toHaveLength(3);
    expect(Number(guesses.find((g) => g.statusCode === 429)!.headers['retry-after'])).toBeGreaterThan(0);
    // Locked now, even with the right password.
    const locked = await transfer(globexOwner, { userId: demoId });
    expect(locked.statusCode).toBe(429);
    expect(locked.json.code).toBe('OWNERSHIP_THROTTLED');
    expect((await rolesOf(DEMO_IDS.globex)).find((m) => m.userId === carolId)?.role).toBe('owner');
    await app.database.db.execute(sql`delete from throttle_counters where bucket = 'ownership-password'`);
  });

  it('hands the organisation over: one owner, the old one an admin, both mailed, recorded', async () => {
    // demo asked for French earlier in this file, which the account remembers; this test reads English mail.
    await app.database.db.update(users).set({ language: 'en' }).where(eq(users.email, 'demo@example.com'));
    await call(app, { method: 'DELETE', url: '/dev/mailbox/messages' });
    const response = await transfer(globexOwner, { userId: demoId, organizationName: 'globex' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json).toEqual({
      data: { ownerId: demoId, previousOwnerRole: 'admin' },
      msg: 'Ownership transferred successfully',
    });
    const roles = await rolesOf(DEMO_IDS.globex);
    expect(roles.filter((m) => m.role === 'owner')).toEqual([{ userId: demoId, role: 'owner' }]);
    expect(roles.find((m) => m.userId === carolId)?.role).toBe('admin');
    const [globex] = await app.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, DEMO_IDS.globex));
    expect(globex?.ownerId).toBe(demoId);

    await app.services.mailer.idle();
    expect((await mailbox(app, 'demo@example.com')).map((m) => m.subject)).toContain(
      'You are now the owner of Globex',
    );
    expect((await mailbox(app, 'carol@example.com')).map((m) => m.subject)).toContain(
      'You transferred Globex',
    );

    const [audit] = await app.database.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.eventType, 'organization.ownership-transferred'));
    expect(audit).toMatchObject({ userId: carolId, organizationId: DEMO_IDS.globex });
    expect(audit?.details).toEqual({
      targetUserId: demoId,
      before: { [carolId]: 'owner', [demoId]: 'admin' },
      after: { [carolId]: 'admin', [demoId]: 'owner' },
    });

    // The old owner's token now carries an admin's access: a second transfer is refused.
    const again = await transfer(globexOwner, { userId: carolId });
    expect(again.statusCode).toBe(403);
  });

  it('mails each person in their own language', async () => {
    await app.database.db.update(users).set({ language: 'fr' }).where(eq(users.email, 'carol@example.com'));
    await call(app, { method: 'DELETE', url: '/dev/mailbox/messages' });
    const demoOwner = api(app, await enter(app, 'demo@example.com', DEMO_IDS.globex));
    const response = await transfer(demoOwner, { userId: carolId });
    expect(response.statusCode, response.body).toBe(200);
    await app.services.mailer.idle();
    expect((await mailbox(app, 'carol@example.com')).map((m) => m.subject)).toContain(
      'Vous êtes maintenant propriétaire de Globex',
    );
  });
});
