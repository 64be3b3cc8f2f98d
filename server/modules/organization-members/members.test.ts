import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema';
import type { App } from '../../http/types';
import { DEMO_IDS } from '../../seed/demo-data';
import { call, createTestApp, FakeClock, loginAs, mailbox } from '../../test/test-app';
import { organizationRoles } from '../organization-acl/schema';
import { invitations, memberships } from '../organizations/schema';
import { users } from '../users/schema';
import { EXPIRED_INVITATION_ID } from './seed';

const DAY_MS = 24 * 3600_000;
// 09:00 UTC = 20:00 in Sydney (Acme's zone, the default): the same calendar day.
const clock = new FakeClock(Date.UTC(2030, 0, 15, 9, 0, 0));
let app: App;

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

/** Logs in and enters the organisation as the portal does: the token is scoped to it. */
async function enter(email: string, orgId: string = DEMO_IDS.acme): Promise<string> {
  const login = await loginAs(app, email);
  const access = await call(app, {
    url: '/v1/organization/access',
    token: login.accessToken,
    body: { portalId: 'kreanoAccount', orgId },
  });
  expect(access.statusCode, access.body).toBe(200);
  return access.json.data.accessToken;
}

const db = () => app.database.db;
const userId = async (email: string) =>
  (await db().select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
const list = (token: string, query = '') => call(app, { url: `/v1/organization/member${query}`, token });
const invite = (token: string, email: string, role: string) =>
  call(app, { url: '/v1/organization/member', token, body: { email, role } });
const changeRole = (token: string, id: string, role: string) =>
  call(app, { method: 'PATCH', url: '/v1/organization/member', token, body: { id, role } });
const remove = (token: string, id: string) =>
  call(app, { method: 'DELETE', url: `/v1/organization/member/${id}/remove`, token });
const resend = (token: string, invitationId: string) =>
  call(app, { url: '/v1/organization/member/resend-email', token, body: { invitationId } });
const events = async (event: string) =>
  db().select().from(activityLogs).where(eq(activityLogs.eventType, event)).orderBy(activityLogs.seq);

describe('GET /v1/organization/member', () => {
  it('lists members and pending and expired invitations in one paged list, newest first', async () => {
    const owner = await enter('demo@example.com');
    const { statusCode, json } = await list(owner, '?offset=1&limit=100');
    expect(statusCode).toBe(200);
    const byEmail = Object.fromEntries(json.data.items.map((row: { email: string }) => [row.email, row]));
    expect(Object.keys(byEmail).sort()).toEqual([
      'alice@example.com',
      'bob@example.com',
      'demo@example.com',
      'expired@example.com',
      'new@example.com',
      'sms2fa@example.com',
      'totp@example.com',
    ]);
    expect(byEmail['demo@example.com']).toMatchObject({
      kind: 'member',
      role: 'owner',
      roleName: 'owner',
      status: 'active',
      name: 'Demo User',
      isSelf: true,
      expiresAt: null,
    });
    expect(byEmail['alice@example.com']).toMatchObject({
      kind: 'member',
      role: 'admin',
      status: 'active',
      isSelf: false,
    });
    expect(byEmail['new@example.com']).toMatchObject({
      kind: 'invitation',
      status: 'invited',
      name: null,
      id: DEMO_IDS.inviteNewUser,
    });
    expect(byEmail['expired@example.com']).toMatchObject({
      kind: 'invitation',
      status: 'expired',
      id: EXPIRED_INVITATION_ID,
    });
    expect(json.data).toMatchObject({ total: 7, offset: 1, limit: 100 });
    // Globex's invitation of bob is not Acme's business.
    expect(json.data.items.filter((row: { kind: string }) => row.kind === 'invitation')).toHaveLength(2);
    const dates = json.data.items.map((row: { date: string }) => Date.parse(row.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('pages from offset 1 with the total on every page', async () => {
    const owner = await enter('demo@example.com');
    const first = await list(owner, '?offset=1&limit=3');
    const second = await list(owner, '?offset=2&limit=3');
    const third = await list(owner, '?offset=3&limit=3');
    const beyond = await list(owner, '?offset=9&limit=3');
    expect([first, second, third].map((page) => page.json.data.items.length)).toEqual([3, 3, 1]);
    expect(beyond.json.data).toMatchObject({ items: [], total: 7 });
    const ids = [first, second, third].flatMap((page) =>
      page.json.data.items.map((row: { id: string }) => row.id),
    );
    expect(new Set(ids).size).toBe(7);
    expect(second.json.data.total).toBe(7);
    const defaults = await list(owner);
    expect(defaults.json.data).toMatchObject({ offset: 1, limit: 10 });
  });

  it('filters by name or email text, role and status', async () => {
    const owner = await enter('demo@example.com');
    const emails = async (query: string) => {
      const response = await list(owner, query);
      expect(response.statusCode, response.body).toBe(200);
      return response.json.data.items.map((row: { email: string }) => row.email).sort();
    };
    expect(await emails('?search=ALICE')).toEqual(['alice@example.com']);
    expect(await emails('?search=Demo%20User')).toEqual(['demo@example.com']);
    // A percent sign is a character to match, not a wildcard.
    expect(await emails('?search=%25')).toEqual([]);
    expect(await emails('?role=admin')).toEqual(['alice@example.com']);
    expect(await emails('?status=invited')).toEqual(['new@example.com']);
    expect(await emails('?status=expired')).toEqual(['expired@example.com']);
    expect(await emails('?status=active&role=member')).toEqual([
      'bob@example.com',
      'sms2fa@example.com',
      'totp@example.com',
    ]);
  });

  it('filters by the date joined or invited within the last 89 days up to today, and refuses wider ranges', async () => {
    const owner = await enter('demo@example.com');
    // The seed's rows are dated now; the expired invitation was sent 10 days ago.
    const inRange = await list(owner, '?fromDate=2029-10-18&toDate=2030-01-05');
    expect(inRange.statusCode, inRange.body).toBe(200);
    expect(inRange.json.data.items.map((row: { email: string }) => row.email)).toEqual([
      'expired@example.com',
    ]);
    const today = await list(owner, '?fromDate=2030-01-15&toDate=2030-01-15');
    expect(today.json.data.total).toBe(6);

    const tooEarly = await list(owner, '?fromDate=2029-10-17');
    expect(tooEarly.statusCode).toBe(400);
    expect(tooEarly.json).toMatchObject({
      code: 'DATE_RANGE_TOO_WIDE',
      msg: 'The date filter allows the last 89 days up to today',
    });
    const future = await list(owner, '?toDate=2030-01-16');
    expect(future.statusCode).toBe(400);
    expect(future.json.errors).toEqual([
      { field: 'toDate', msg: 'The date filter allows the last 89 days up to today' },
    ]);
    const french = await call(app, {
      url: '/v1/organization/member?fromDate=2029-01-01',
      token: owner,
      headers: { 'accept-language': 'fr' },
    });
    expect(french.json.msg).toBe("Le filtre de date couvre les 89 derniers jours jusqu'à aujourd'hui");
    const reversed = await list(owner, '?fromDate=2030-01-10&toDate=2030-01-01');
    expect(reversed.json).toMatchObject({
      code: 'DATE_ORDER',
      msg: 'The start date must be on or before the end date',
    });
  });

  it('answers bad paging and filters with 400 and a message, never 500', async () => {
    const owner = await enter('demo@example.com');
    for (const [query, field, msg] of [
      ['?offset=0', 'offset', 'Offset must be a whole number from 1 to 100000'],
      ['?limit=101', 'limit', 'Limit must be a whole number from 1 to 100'],
      ['?limit=abc', 'limit', 'Limit must be a whole number from 1 to 100'],
      ['?status=gone', 'status', 'Status must be active, invited or expired'],
      ['?fromDate=2030-02-31', 'fromDate', 'Dates must be written YYYY-MM-DD'],
      ['?fromDate=15/01/2030', 'fromDate', 'Dates must be written YYYY-MM-DD'],
      ['?orgId=11111111-1111-4111-8111-000000000002', 'orgId', 'Unknown field: orgId'],
    ]) {
      const response = await list(owner, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json.errors, query).toContainEqual({ field, msg });
    }
  });

  it('needs members.view in the organisation of the token, and an organisation token', async () => {
    const login = await loginAs(app, 'demo@example.com');
    const noOrganisation = await list(login.accessToken);
    expect(noOrganisation.statusCode).toBe(403);
    expect(noOrganisation.json.code).toBe('ORGANIZATION_REQUIRED');
    // A member (members.view by default) may read the list.
    const member = await enter('bob@example.com');
    expect((await list(member)).statusCode).toBe(200);
  });
});

describe('POST /v1/organization/member (invite)', () => {
  it('creates an invitation valid 7 days and mails a link into the existing invite flow', async () => {
    const owner = await enter('demo@example.com');
    const response = await invite(owner, 'Invitee.One@Example.com', 'admin');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json.msg).toBe('Invitation sent to invitee.one@example.com');
    const row = response.json.data;
    expect(row).toMatchObject({
      kind: 'invitation',
      email: 'invitee.one@example.com',
      role: 'admin',
      status: 'invited',
      name: null,
    });
    expect(Date.parse(row.expiresAt) - clock.now().getTime()).toBe(7 * DAY_MS);

    await app.services.mailer.idle();
    const [mail] = await mailbox(app, 'invitee.one@example.com');
    expect(mail.subject).toBe('You are invited to join Acme Pty Ltd');
    expect(mail.text).toContain('The invitation is valid for 7 days.');
    const link = new URL(mail.links.find((href) => new URL(href).pathname === '/invite')!);
    expect(link.searchParams.get('orgId')).toBe(DEMO_IDS.acme);
    expect(link.searchParams.get('invitationId')).toBe(row.id);
    const check = await call(app, { url: `/v1/user-organization/${DEMO_IDS.acme}/invitation/${row.id}` });
    expect(check.json.data).toEqual({ userExists: false, email: 'invitee.one@example.com' });

    const [audit] = (await events('member.invited')).filter(
      (event) => event.email === 'invitee.one@example.com',
    );
    expect(audit).toMatchObject({ userId: await userId('demo@example.com'), organizationId: DEMO_IDS.acme });
    expect(audit.details).toMatchObject({ invitationId: row.id, role: 'admin' });
  });

  it('lets a known user accept the mailed invitation and join with the role', async () => {
    const owner = await enter('demo@example.com');
    const response = await invite(owner, 'carol@example.com', 'member');
    expect(response.statusCode, response.body).toBe(200);
    const accept = await call(app, {
      url: '/v1/organization/invite',
      body: { orgId: DEMO_IDS.acme, invitationId: response.json.data.id },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    const carol = (await list(owner, '?search=carol')).json.data.items;
    expect(carol).toEqual([
      expect.objectContaining({
        kind: 'member',
        status: 'active',
        role: 'member',
        email: 'carol@example.com',
      }),
    ]);
  });

  it('says so when the address is already a member or already has a pending invitation', async () => {
    const owner = await enter('demo@example.com');
    const member = await invite(owner, 'ALICE@example.com', 'member');
    expect(member.statusCode).toBe(400);
    expect(member.json).toMatchObject({
      code: 'ALREADY_MEMBER',
      msg: 'This person is already a member of the organisation',
    });
    const pending = await invite(owner, 'New@Example.com', 'member');
    expect(pending.statusCode).toBe(400);
    expect(pending.json).toMatchObject({
      code: 'ALREADY_INVITED',
      msg: 'An invitation is already pending for this email',
    });
    expect(pending.json.errors).toEqual([
      { field: 'email', msg: 'An invitation is already pending for this email' },
    ]);
  });

  it('creates ONE invitation when the same address is invited several times at once', async () => {
    const owner = await enter('demo@example.com');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => invite(owner, 'race@example.com', 'member')),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
    for (const answer of answers.filter((a) => a.statusCode === 400))
      expect(answer.json.code).toBe('ALREADY_INVITED');
    const rows = await db()
      .select()
      .from(invitations)
      .where(
        and(
          eq(invitations.organizationId, DEMO_IDS.acme),
          sql`lower(${invitations.email}) = 'race@example.com'`,
        ),
      );
    expect(rows).toHaveLength(1);
  });

  it('keeps one pending invitation per address in the database itself (the index behind the race)', async () => {
    const row = (await db().select().from(invitations).where(eq(invitations.id, DEMO_IDS.inviteNewUser)))[0];
    const duplicate = db()
      .insert(invitations)
      .values({ ...row, id: '33333333-3333-4333-8333-000000000001', email: 'NEW@example.com' });
    await expect(duplicate).rejects.toSatisfy(
      (error: { cause?: { code?: string } }) => error.cause?.code === '23505',
    );
  });

  it('replaces an expired invitation of the address with a new one', async () => {
    const owner = await enter('demo@example.com');
    const response = await invite(owner, 'expired@example.com', 'member');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json.data.status).toBe('invited');
    const [old] = await db().select().from(invitations).where(eq(invitations.id, EXPIRED_INVITATION_ID));
    expect(old.status).toBe('revoked');
    // Put the seeded expired invitation back for the tests below.
    await db().delete(invitations).where(eq(invitations.id, response.json.data.id));
    await db()
      .update(invitations)
      .set({ status: 'pending' })
      .where(eq(invitations.id, EXPIRED_INVITATION_ID));
  });

  it('never invites as owner, and refuses roles the organisation does not have', async () => {
    const owner = await enter('demo@example.com');
    const asOwner = await invite(owner, 'boss@example.com', 'owner');
    expect(asOwner.statusCode).toBe(400);
    expect(asOwner.json).toMatchObject({
      code: 'OWNER_BY_TRANSFER',
      msg: 'The owner role can only be given by transferring ownership',
    });
    const unknown = await invite(owner, 'who@example.com', 'emperor');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json).toMatchObject({
      code: 'ROLE_UNKNOWN',
      msg: 'This role does not exist in the organisation',
    });
    const bad = await invite(owner, 'not-an-email', '');
    expect(bad.statusCode).toBe(400);
    expect(bad.json.errors.map((error: { field: string }) => error.field).sort()).toEqual(['email', 'role']);
  });

  it('needs members.manage: a plain member cannot invite', async () => {
    const member = await enter('bob@example.com');
    const response = await invite(member, 'friend@example.com', 'member');
    expect(response.statusCode).toBe(403);
    expect(response.json.code).toBe('PERMISSION_DENIED');
  });
});

describe('role escalation: nobody hands out more than they hold', () => {
  let recruiter: string;
  beforeAll(async () => {
    // A custom role that may manage members but holds nothing else.
    const now = clock.now();
    await db()
      .insert(organizationRoles)
      .values({
        organizationId: DEMO_IDS.acme,
        roleId: 'recruiter-role',
        name: 'Recruiter',
        permissions: ['members.view', 'members.manage'],
        createdAt: now,
        updatedAt: now,
      });
    await db()
      .update(memberships)
      .set({ role: 'recruiter-role' })
      .where(
        and(
          eq(memberships.organizationId, DEMO_IDS.acme),
          eq(memberships.userId, await userId('bob@example.com')),
        ),
      );
    recruiter = await enter('bob@example.com');
  });
  afterAll(async () => {
    await db()
      .update(memberships)
      .set({ role: 'member' })
      .where(
        and(
          eq(memberships.organizationId, DEMO_IDS.acme),
          eq(memberships.userId, await userId('bob@example.com')),
        ),
      );
  });

  it('may invite with a role inside their own permissions (member), with its name in the list', async () => {
    const response = await invite(recruiter, 'junior@example.com', 'member');
    expect(response.statusCode, response.body).toBe(200);
    const owner = await enter('demo@example.com');
    const self = (await list(owner, '?search=bob')).json.data.items[0];
    expect(self).toMatchObject({ role: 'recruiter-role', roleName: 'Recruiter' });
  });

  it('cannot invite as admin (holds acl.manage, settings.manage… the recruiter lacks)', async () => {
    const response = await invite(recruiter, 'senior@example.com', 'admin');
    expect(response.statusCode).toBe(403);
    expect(response.json).toMatchObject({
      code: 'ROLE_ABOVE_CALLER',
      msg: 'You cannot give a role with permissions you do not hold',
    });
  });

  it('cannot promote a member to admin, demote an admin, or remove one', async () => {
    const member = await userId('sms2fa@example.com');
    const alice = await userId('alice@example.com');
    expect((await changeRole(recruiter, member, 'admin')).json.code).toBe('ROLE_ABOVE_CALLER');
    expect((await changeRole(recruiter, alice, 'member')).json.code).toBe('ROLE_ABOVE_CALLER');
    const removal = await remove(recruiter, alice);
    expect(removal.statusCode).toBe(403);
    expect(removal.json.code).toBe('ROLE_ABOVE_CALLER');
    const [row] = await db()
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.organizationId, DEMO_IDS.acme), eq(memberships.userId, alice)));
    expect(row.role).toBe('admin');
  });

  it('cannot change their own role', async () => {
    const response = await changeRole(recruiter, await userId('bob@example.com'), 'member');
    expect(response.statusCode).toBe(403);
    expect(response.json).toMatchObject({ code: 'OWN_ROLE', msg: 'You cannot change your own role' });
  });
});

describe('PATCH /v1/organization/member (change role)', () => {
  it("changes a member's role, records before and after, and the member's access follows at once", async () => {
    const owner = await enter('demo@example.com');
    const bob = await userId('bob@example.com');
    const memberToken = await enter('bob@example.com');
    expect((await invite(memberToken, 'x@example.com', 'member')).statusCode).toBe(403);

    const response = await changeRole(owner, bob, 'admin');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json).toMatchObject({
      msg: 'Role updated',
      data: { id: bob, role: 'admin', status: 'active' },
    });
    const [audit] = (await events('member.role-changed')).filter(
      (event) => (event.details as { target: string }).target === bob,
    );
    expect(audit).toMatchObject({
      userId: await userId('demo@example.com'),
      organizationId: DEMO_IDS.acme,
      email: 'bob@example.com',
    });
    expect(audit.details).toMatchObject({ before: 'member', after: 'admin', kind: 'member' });
    // The same token, not a new one: the permission check reads the membership as it is now.
    expect((await invite(memberToken, 'promoted@example.com', 'member')).statusCode).toBe(200);

    expect((await changeRole(owner, bob, 'member')).statusCode).toBe(200);
    expect((await invite(memberToken, 'demoted@example.com', 'member')).statusCode).toBe(403);
  });

  it("changes a pending invitation's role", async () => {
    const owner = await enter('demo@example.com');
    const response = await changeRole(owner, DEMO_IDS.inviteNewUser, 'admin');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json.data).toMatchObject({ kind: 'invitation', role: 'admin' });
    await changeRole(owner, DEMO_IDS.inviteNewUser, 'member');
  });

  it('never demotes the owner or makes anyone owner (ownership moves by transfer)', async () => {
    const admin = await enter('alice@example.com');
    const demote = await changeRole(admin, await userId('demo@example.com'), 'member');
    expect(demote.statusCode).toBe(403);
    expect(demote.json).toMatchObject({
      code: 'OWNER_PROTECTED',
      msg: 'The owner cannot be removed or demoted. Transfer ownership first',
    });
    const promote = await changeRole(admin, await userId('bob@example.com'), 'owner');
    expect(promote.statusCode).toBe(400);
    expect(promote.json.code).toBe('OWNER_BY_TRANSFER');
    const self = await changeRole(admin, await userId('alice@example.com'), 'owner');
    expect(self.json.code).toBe('OWN_ROLE');
  });
});

describe('IDOR: an Acme token reaches Acme only', () => {
  it("cannot change, remove or resend Globex's members and invitations by id", async () => {
    const owner = await enter('demo@example.com');
    const email2fa = await userId('email2fa@example.com');
    const before = await db()
      .select()
      .from(memberships)
      .where(eq(memberships.organizationId, DEMO_IDS.globex));
    expect((await changeRole(owner, email2fa, 'admin')).statusCode).toBe(404);
    expect((await remove(owner, email2fa)).statusCode).toBe(404);
    expect((await remove(owner, email2fa)).json.code).toBe('MEMBER_NOT_FOUND');
    expect((await resend(owner, DEMO_IDS.inviteExistingUser)).statusCode).toBe(404);
    expect((await remove(owner, DEMO_IDS.inviteExistingUser)).statusCode).toBe(404);
    expect(
      await db().select().from(memberships).where(eq(memberships.organizationId, DEMO_IDS.globex)),
    ).toEqual(before);
    const [globexInvite] = await db()
      .select()
      .from(invitations)
      .where(eq(invitations.id, DEMO_IDS.inviteExistingUser));
    expect(globexInvite.status).toBe('pending');
  });
});

describe('POST /v1/organization/member/resend-email', () => {
  it('mails an expired invitation again, valid 7 days from now', async () => {
    const owner = await enter('demo@example.com');
    clock.advance(60_000);
    const response = await resend(owner, EXPIRED_INVITATION_ID);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json.msg).toBe('Invitation sent again to expired@example.com');
    expect(response.json.data).toMatchObject({ status: 'invited', id: EXPIRED_INVITATION_ID });
    expect(Date.parse(response.json.data.expiresAt)).toBe(clock.now().getTime() + 7 * DAY_MS);
    await app.services.mailer.idle();
    const mails = await mailbox(app, 'expired@example.com');
    expect(mails[0].links.some((href) => href.includes(`invitationId=${EXPIRED_INVITATION_ID}`))).toBe(true);
    const [audit] = (await events('member.invitation-resent')).filter(
      (e) => e.email === 'expired@example.com',
    );
    expect(audit.details).toMatchObject({ invitationId: EXPIRED_INVITATION_ID });
  });

  it('says so for an invitation already accepted or revoked, and 404 for an unknown id', async () => {
    const owner = await enter('demo@example.com');
    const created = await invite(owner, 'closed@example.com', 'member');
    await remove(owner, created.json.data.id);
    const closed = await resend(owner, created.json.data.id);
    expect(closed.statusCode).toBe(400);
    expect(closed.json).toMatchObject({
      code: 'INVITATION_CLOSED',
      msg: 'This invitation was already accepted or revoked',
    });
    expect((await resend(owner, 'no-such-invitation')).statusCode).toBe(404);
    expect((await resend(owner, '')).statusCode).toBe(400);
  });
});

describe('DELETE /v1/organization/member/:id/remove', () => {
  it('removes a member, whose existing token loses the organisation at its next request', async () => {
    const admin = await enter('alice@example.com');
    const bobLogin = await loginAs(app, 'bob@example.com');
    const bobToken = (
      await call(app, {
        url: '/v1/organization/access',
        token: bobLogin.accessToken,
        body: { portalId: 'kreanoAccount', orgId: DEMO_IDS.acme },
      })
    ).json.data.accessToken;
    expect((await call(app, { url: '/v1/apps', token: bobToken })).statusCode).toBe(200);
    expect((await list(bobToken)).statusCode).toBe(200);

    const bob = await userId('bob@example.com');
    const response = await remove(admin, bob);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json.msg).toBe('Member removed');

    // Organisation-scoped calls refuse the same, unexpired token: with a permission and without one.
    const apps = await call(app, { url: '/v1/apps', token: bobToken });
    expect(apps.statusCode).toBe(403);
    expect(apps.json).toMatchObject({
      code: 'MEMBERSHIP_ENDED',
      msg: 'You are no longer a member of this organisation',
    });
    expect((await list(bobToken)).statusCode).toBe(403);
    // Calls about the person still work, so the portal can switch organisation; Acme is gone from the switcher.
    const organisations = await call(app, { url: '/v1/organization-list', token: bobToken });
    expect(organisations.statusCode).toBe(200);
    expect(
      organisations.json.data.organizationList.map((o: { organizationId: string }) => o.organizationId),
    ).not.toContain(DEMO_IDS.acme);
    const reenter = await call(app, {
      url: '/v1/organization/access',
      token: bobLogin.accessToken,
      body: { portalId: 'kreanoAccount', orgId: DEMO_IDS.acme },
    });
    expect(reenter.statusCode).toBe(404);

    const [audit] = (await events('member.removed')).filter(
      (event) => (event.details as { target: string }).target === bob,
    );
    expect(audit).toMatchObject({
      userId: await userId('alice@example.com'),
      organizationId: DEMO_IDS.acme,
      email: 'bob@example.com',
    });
    expect(audit.details).toMatchObject({ before: 'member', after: null });

    // Back in for the other tests.
    await db()
      .insert(memberships)
      .values({ organizationId: DEMO_IDS.acme, userId: bob, role: 'member', createdAt: clock.now() });
  });

  it('revokes an invitation: its link stops working', async () => {
    const owner = await enter('demo@example.com');
    const created = await invite(owner, 'revoke-me@example.com', 'member');
    const response = await remove(owner, created.json.data.id);
    expect(response.statusCode).toBe(200);
    expect(response.json.msg).toBe('Invitation revoked');
    const check = await call(app, {
      url: `/v1/user-organization/${DEMO_IDS.acme}/invitation/${created.json.data.id}`,
    });
    expect(check.statusCode).toBe(404);
    expect((await events('member.invitation-revoked')).some((e) => e.email === 'revoke-me@example.com')).toBe(
      true,
    );
  });

  it('never removes the owner, nor lets one remove oneself', async () => {
    const admin = await enter('alice@example.com');
    const owner = await remove(admin, await userId('demo@example.com'));
    expect(owner.statusCode).toBe(403);
    expect(owner.json.code).toBe('OWNER_PROTECTED');
    const self = await remove(admin, await userId('alice@example.com'));
    expect(self.statusCode).toBe(400);
    expect(self.json).toMatchObject({
      code: 'REMOVE_SELF',
      msg: 'You cannot remove yourself. Leave the organisation instead',
    });
  });
});

describe('POST /v1/organization/leave', () => {
  it('lets a member leave an organisation they do not own, from any session', async () => {
    await db()
      .insert(memberships)
      .values({
        organizationId: DEMO_IDS.acme,
        userId: await userId('carol@example.com'),
        role: 'member',
        createdAt: clock.now(),
      })
      .onConflictDoNothing();
    const login = await loginAs(app, 'carol@example.com');
    const response = await call(app, {
      url: '/v1/organization/leave',
      token: login.accessToken,
      body: { orgId: DEMO_IDS.acme },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json.msg).toBe('You have left Acme Pty Ltd');
    const organisations = await call(app, { url: '/v1/organization-list', token: login.accessToken });
    expect(
      organisations.json.data.organizationList.map((o: { organizationId: string }) => o.organizationId),
    ).not.toContain(DEMO_IDS.acme);
    const [audit] = (await events('member.left')).filter((event) => event.organizationId === DEMO_IDS.acme);
    expect(audit.userId).toBe(await userId('carol@example.com'));
    const again = await call(app, {
      url: '/v1/organization/leave',
      token: login.accessToken,
      body: { orgId: DEMO_IDS.acme },
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses the owner (transfer first)', async () => {
    const owner = await enter('demo@example.com');
    const response = await call(app, {
      url: '/v1/organization/leave',
      token: owner,
      body: { orgId: DEMO_IDS.acme },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json).toMatchObject({
      code: 'OWNER_CANNOT_LEAVE',
      msg: 'The owner cannot leave the organisation. Transfer ownership first',
    });
  });
});
