import { and, count, eq, isNull } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema';
import type { App } from '../../http/types';
import { PERMISSIONS } from '../../../contract/v1/permissions';
import { DEMO_IDS, DEMO_PASSWORD } from '../../seed/demo-data';
import { newId } from '../../security/random';
import { call, createTestApp, FakeClock, mailbox } from '../../test/test-app';
import { memberships } from '../organizations/schema';
import { JOB_NAMES, membersDigestJob, retentionJob } from '../scheduler/jobs';
import { Scheduler } from '../scheduler/scheduler';
import { organizationJobSettings } from '../scheduler/schema';
import { users } from '../users/schema';
import { safeCell } from './csv';

/** A name as the sentences carry it: between first-strong isolate and pop-directional isolate. */
const fsi = (name: string) => `\u2068${name}\u2069`;
const DAY_MS = 24 * 3600_000;
// 09:00 UTC = 20:00 in Sydney (Acme's zone): the same calendar day in both.
const clock = new FakeClock(Date.UTC(2030, 0, 15, 9, 0, 0));
let app: App;

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

const db = () => app.database.db;

/** A password sign-in from a given browser and address, as the portal makes it. */
async function signIn(email: string, userAgent = CHROME_WINDOWS, ip = '203.0.113.7') {
  const response = await call(app, {
    url: '/v1/login',
    body: { email, password: DEMO_PASSWORD, captcha: 'test' },
    headers: { 'user-agent': userAgent },
    ip,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json.data as { accessToken: string; refreshToken: string };
}

/** Signs in and enters the organisation: the token is scoped to it. */
async function enter(email: string, orgId: string = DEMO_IDS.acme): Promise<string> {
  const login = await signIn(email);
  const access = await call(app, {
    url: '/v1/organization/access',
    token: login.accessToken,
    body: { portalId: 'kreanoAccount', orgId },
  });
  expect(access.statusCode, access.body).toBe(200);
  return access.json.data.accessToken;
}

const logs = (token: string, query: string, headers: Record<string, string> = {}) =>
  call(app, { url: `/v1/activity-logs?${query}`, token, headers });
const userId = async (email: string) =>
  (await db().select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
const eventCount = async () => Number((await db().select({ n: count() }).from(activityLogs))[0].n);

interface Row {
  id: string;
  eventType: string;
  category: string;
  actor: { id: string | null; name: string | null; email: string | null } | null;
  organization: { id: string; name: string | null } | null;
  target: { kind: string; id: string | null; name: string | null } | null;
  ip: string | null;
  device: { browser: string | null; os: string | null; type: string | null };
  params: Record<string, unknown>;
  description: string;
  reportable: boolean;
}

describe('GET /v1/activity-logs: what each feature recorded, with actor, target and organisation', () => {
  it("shows a user's own sign-ins with the method, the address and the parsed device", async () => {
    const login = await signIn('alice@example.com', SAFARI_IPHONE, '198.51.100.20');
    const { statusCode, json } = await logs(login.accessToken, 'type=user&eventType=sign-in');
    expect(statusCode, JSON.stringify(json)).toBe(200);
    const signInRow: Row = json.data.items.find((row: Row) => row.eventType === 'login.success');
    expect(signInRow).toMatchObject({
      category: 'sign-in',
      actor: { id: await userId('alice@example.com'), name: 'Alice Admin', email: 'alice@example.com' },
      organization: null,
      ip: '198.51.100.20',
      device: { browser: 'Mobile Safari 17', os: 'iOS 17.1', type: 'mobile' },
      params: { method: 'password' },
      description: 'Signed in with password',
      reportable: true,
    });
  });

  it("shows an owner's role change in the organisation view: actor the owner, target the member, organisation Acme", async () => {
    const owner = await enter('demo@example.com');
    const bob = await userId('bob@example.com');
    const change = await call(app, {
      method: 'PATCH',
      url: '/v1/organization/member',
      token: owner,
      body: { id: bob, role: 'admin' },
    });
    expect(change.statusCode, change.body).toBe(200);
    const back = await call(app, {
      method: 'PATCH',
      url: '/v1/organization/member',
      token: owner,
      body: { id: bob, role: 'member' },
    });
    expect(back.statusCode, back.body).toBe(200);

    const { statusCode, json } = await logs(owner, 'type=organisation&eventType=members');
    expect(statusCode, JSON.stringify(json)).toBe(200);
    const [latest, earlier]: Row[] = json.data.items.filter(
      (row: Row) => row.eventType === 'member.role-changed',
    );
    expect(earlier).toMatchObject({
      actor: { id: await userId('demo@example.com'), name: 'Demo User' },
      organization: { id: DEMO_IDS.acme, name: 'Acme Pty Ltd' },
      target: { kind: 'user', id: bob, name: 'Bob Member' },
      params: { before: 'member', after: 'admin', beforeName: 'Member', afterName: 'Admin' },
      description: `Role of ${fsi('Bob Member')} changed from ${fsi('Member')} to ${fsi('Admin')}`,
      reportable: false,
    });
    expect(latest.params).toMatchObject({ before: 'admin', after: 'member' });
  });

  it('writes the sentences in the language of the request', async () => {
    const owner = await enter('demo@example.com');
    const { json } = await logs(owner, 'type=organisation&eventType=members', { 'accept-language': 'fr' });
    const row: Row = json.data.items.find((item: Row) => item.eventType === 'member.role-changed');
    expect(row.description).toBe(
      `Rôle de ${fsi('Bob Member')} changé de ${fsi('Administrateur')} à ${fsi('Membre')}`,
    );
  });

  it('isolates every name in an Arabic sentence, in the list and in the CSV', async () => {
    const owner = await enter('demo@example.com');
    const { json } = await logs(owner, 'type=organisation&eventType=members', { 'accept-language': 'ar' });
    const row: Row = json.data.items.find((item: Row) => item.eventType === 'member.role-changed');
    const arabic = JSON.parse(
      readFileSync(new URL('../../../locales/ar/server.json', import.meta.url), 'utf8'),
    ).activity;
    // The Arabic sentence, its Latin name and role names each isolated: no neighbouring word or dot moves.
    expect(row.description).toBe(
      arabic.events.member['role-changed']
        .replace('{{target}}', fsi('Bob Member'))
        .replace('{{beforeName}}', fsi(arabic.roles[row.params.before as string]))
        .replace('{{afterName}}', fsi(arabic.roles[row.params.after as string])),
    );
    const csv = await call(app, {
      url: '/v1/activity-logs/export?type=organisation&eventType=sign-in',
      token: owner,
      headers: { 'accept-language': 'ar' },
    });
    expect(csv.statusCode).toBe(200);
    const access = csv.rawPayload
      .toString('utf8')
      .split('\r\n')
      .find((line) => line.includes(',organization.access,'))!;
    expect(access).toContain(
      arabic.events.organization.access.replace('{{organisation}}', fsi('Acme Pty Ltd')),
    );
    // A formula behind the isolate is still refused by the spreadsheet escape.
    expect(safeCell(fsi('=HYPERLINK("http://x.test")'))).toBe(`'${fsi('=HYPERLINK("http://x.test")')}`);
  });

  it('shows an app launched and the organisation entered, each named', async () => {
    const owner = await enter('demo@example.com');
    const apps = await call(app, { url: '/v1/apps', token: owner });
    const redaction = (apps.json.data as { id: string; title: string }[]).find(
      (item) => item.title === 'AI Redaction',
    )!;
    const launch = await call(app, { url: '/v1/app/launch', token: owner, body: { appId: redaction.id } });
    expect(launch.statusCode, launch.body).toBe(200);
    const { json } = await logs(owner, 'type=organisation&eventType=apps');
    const row: Row = json.data.items.find((item: Row) => item.eventType === 'app.launch');
    expect(row).toMatchObject({
      actor: { name: 'Demo User' },
      target: { kind: 'app', id: redaction.id, name: 'AI Redaction' },
      description: `Launched ${fsi('AI Redaction')}`,
    });
    const entered = await logs(owner, 'type=organisation&eventType=sign-in');
    const access: Row = entered.json.data.items.find((item: Row) => item.eventType === 'organization.access');
    expect(access).toMatchObject({
      organization: { id: DEMO_IDS.acme, name: 'Acme Pty Ltd' },
      description: `Entered ${fsi('Acme Pty Ltd')}`,
    });
  });
});

describe('who sees what', () => {
  it('answers 403 to a member whose role lacks activity.view, and to a token of no organisation', async () => {
    const member = await enter('bob@example.com');
    const refused = await logs(member, 'type=organisation');
    expect(refused.statusCode).toBe(403);
    expect(refused.json.code).toBe('PERMISSION_DENIED');
    const accountOnly = await signIn('bob@example.com');
    const noOrg = await logs(accountOnly.accessToken, 'type=organisation');
    expect(noOrg.statusCode).toBe(403);
    // Their own log stays open to them.
    expect((await logs(member, 'type=user')).statusCode).toBe(200);
  });

  it('opens the organisation view to whoever holds activity.view, whatever the role is called', async () => {
    const owner = await enter('demo@example.com');
    const bob = await userId('bob@example.com');
    // A custom role holding only activity.view: its holder reads the organisation's log.
    const created = await call(app, {
      url: '/v1/roles',
      token: owner,
      body: { name: 'Auditor', permissions: ['activity.view'] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const auditor: string = created.json.data.role.id;
    const assign = (role: string) =>
      db()
        .update(memberships)
        .set({ role })
        .where(and(eq(memberships.organizationId, DEMO_IDS.acme), eq(memberships.userId, bob)));
    await assign(auditor);
    try {
      const asAuditor = await logs(await enter('bob@example.com'), 'type=organisation');
      expect(asAuditor.statusCode, asAuditor.body).toBe(200);
      expect(asAuditor.json.data.items.length).toBeGreaterThan(0);
      expect(asAuditor.json.data.items.every((row: Row) => row.organization?.id === DEMO_IDS.acme)).toBe(
        true,
      );
    } finally {
      await assign('member');
    }
    // An admin whose role no longer holds activity.view is refused: the role's name grants nothing by itself.
    const withoutView = await call(app, {
      method: 'PATCH',
      url: '/v1/acl',
      token: owner,
      body: { roleId: 'admin', permissions: ['members.view'] },
    });
    expect(withoutView.statusCode, withoutView.body).toBe(200);
    try {
      const asAdmin = await logs(await enter('alice@example.com'), 'type=organisation');
      expect(asAdmin.statusCode).toBe(403);
      expect(asAdmin.json.code).toBe('PERMISSION_DENIED');
    } finally {
      const restored = await call(app, {
        method: 'PATCH',
        url: '/v1/acl',
        token: owner,
        body: { roleId: 'admin', permissions: PERMISSIONS },
      });
      expect(restored.statusCode, restored.body).toBe(200);
    }
  });

  it("never shows another organisation's events, nor another user's", async () => {
    const owner = await enter('demo@example.com');
    const carol = await userId('carol@example.com');
    const globexEvent = {
      id: newId(),
      eventType: 'member.invited',
      userId: carol,
      organizationId: DEMO_IDS.globex,
      email: 'globex-only@example.com',
      details: { invitationId: newId(), role: 'member' },
      createdAt: clock.now(),
    };
    await db().insert(activityLogs).values(globexEvent);
    const { json } = await logs(owner, 'type=organisation&limit=100');
    expect(json.data.items.length).toBeGreaterThan(0);
    expect(json.data.items.every((row: Row) => row.organization?.id === DEMO_IDS.acme)).toBe(true);
    const searched = await logs(owner, 'type=organisation&search=globex-only');
    expect(searched.json.data.total).toBe(0);

    const alice = await signIn('alice@example.com');
    const own = await logs(alice.accessToken, 'type=user&limit=100');
    const aliceId = await userId('alice@example.com');
    expect(own.json.data.items.length).toBeGreaterThan(0);
    expect(own.json.data.items.every((row: Row) => row.actor?.id === aliceId)).toBe(true);
    expect(own.json.data.items.some((row: Row) => row.id === globexEvent.id)).toBe(false);
  });

  it('reading the log or exporting it writes nothing to it', async () => {
    const owner = await enter('demo@example.com');
    const before = await eventCount();
    await logs(owner, 'type=organisation');
    await logs(owner, 'type=user&search=x');
    await call(app, { url: '/v1/activity-logs/export?type=organisation', token: owner });
    expect(await eventCount()).toBe(before);
  });
});

describe('filters, search, paging and the 89-day rule', () => {
  it('pages on the server: offset from 1, the same total on every page, no row twice', async () => {
    const owner = await enter('demo@example.com');
    const first = await logs(owner, 'type=organisation&limit=2&offset=1');
    const second = await logs(owner, 'type=organisation&limit=2&offset=2');
    expect(first.json.data).toMatchObject({ offset: 1, limit: 2 });
    expect(first.json.data.total).toBeGreaterThan(3);
    expect(second.json.data.total).toBe(first.json.data.total);
    const ids = [...first.json.data.items, ...second.json.data.items].map((row: Row) => row.id);
    expect(new Set(ids).size).toBe(4);
  });

  it('searches actor, target and IP literally: wildcards and quotes match only themselves', async () => {
    const owner = await enter('demo@example.com');
    const byTarget = await logs(owner, `type=organisation&search=${encodeURIComponent('bob member')}`);
    expect(byTarget.json.data.items.length).toBeGreaterThan(0);
    expect(
      byTarget.json.data.items.every(
        (row: Row) => row.target?.name === 'Bob Member' || row.actor?.name === 'Bob Member',
      ),
    ).toBe(true);
    for (const text of ['%', '_', "' or 1=1 --", '.*', '\\']) {
      const { statusCode, json } = await logs(owner, `type=organisation&search=${encodeURIComponent(text)}`);
      expect(statusCode, text).toBe(200);
      expect(json.data.total, text).toBe(0);
    }
    const byIp = await logs(owner, 'type=user&search=203.0.113.7');
    expect(byIp.json.data.total).toBeGreaterThan(0);
    expect(byIp.json.data.items.every((row: Row) => row.ip === '203.0.113.7')).toBe(true);
  });

  it('searches people by their name and email as they are now, and short texts too', async () => {
    const owner = await enter('demo@example.com');
    const bob = await userId('bob@example.com');
    await db().update(users).set({ firstName: 'Robert', lastName: 'Renamed' }).where(eq(users.id, bob));
    try {
      // Bob's earlier role changes (he is their target) are found by the name he has now, not the old one.
      const renamed = await logs(owner, `type=organisation&search=${encodeURIComponent('robert renamed')}`);
      expect(renamed.json.data.total).toBeGreaterThan(0);
      expect(
        renamed.json.data.items.every(
          (row: Row) => row.target?.name === 'Robert Renamed' || row.actor?.name === 'Robert Renamed',
        ),
      ).toBe(true);
      const old = await logs(owner, `type=organisation&search=${encodeURIComponent('bob member')}`);
      expect(old.json.data.total).toBe(0);
    } finally {
      await db().update(users).set({ firstName: 'Bob', lastName: 'Member' }).where(eq(users.id, bob));
    }
    // Two characters (no trigram for the index): still found, by the address here.
    const short = await logs(owner, 'type=user&search=3.');
    expect(short.json.data.total).toBeGreaterThan(0);
    expect(short.json.data.items.every((row: Row) => row.ip?.includes('3.'))).toBe(true);
  });

  it('finds the events of a type by its name: password.changed shows the password changes and nothing else', async () => {
    // Changed while in Acme: the events belong to Alice's log and to Acme's.
    const alice = await enter('alice@example.com');
    const changePassword = (currentPassword: string, newPassword: string) =>
      call(app, {
        method: 'PATCH',
        url: '/v1/change-password',
        token: alice,
        body: { currentPassword, newPassword },
      });
    const aliceId = await userId('alice@example.com');
    const [{ passwordHash }] = await db()
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, aliceId));
    for (const [current, next] of [
      [DEMO_PASSWORD, 'An0ther!Secret-42'],
      ['An0ther!Secret-42', 'Y3t-An0ther!Secret'],
    ]) {
      const changed = await changePassword(current, next);
      expect(changed.statusCode, changed.body).toBe(200);
    }
    // The later tests sign Alice in with the demo password.
    await db().update(users).set({ passwordHash }).where(eq(users.id, aliceId));
    for (const type of ['user', 'organisation']) {
      const token = type === 'user' ? alice : await enter('demo@example.com');
      const { statusCode, json } = await logs(token, `type=${type}&search=password.changed`);
      expect(statusCode, JSON.stringify(json)).toBe(200);
      const rows: Row[] = json.data.items;
      expect(
        rows.map((row) => row.eventType),
        type,
      ).toEqual(['password.changed', 'password.changed']);
      expect(json.data.total, type).toBe(2);
      expect(rows.every((row) => row.actor?.id === aliceId)).toBe(true);
    }
  });

  it("filters an organisation by category, event types no list names included by their prefix, else 'other'", async () => {
    const owner = await enter('demo@example.com');
    const demo = await userId('demo@example.com');
    const stored = (eventType: string) => ({
      id: newId(),
      eventType,
      userId: demo,
      organizationId: DEMO_IDS.acme,
      createdAt: clock.now(),
    });
    const [future, unknown] = [stored('billing.invoice-disputed'), stored('telemetry.sampled')];
    await db().insert(activityLogs).values([future, unknown]);
    const idsOf = async (category: string) =>
      (await logs(owner, `type=organisation&eventType=${category}&limit=100`)).json.data.items.map(
        (row: Row) => row.id,
      );
    const billing = await idsOf('billing');
    expect(billing).toContain(future.id);
    expect(billing).not.toContain(unknown.id);
    const other = await idsOf('other');
    expect(other).toContain(unknown.id);
    expect(other).not.toContain(future.id);
    const security = (await logs(owner, 'type=organisation&eventType=security&limit=100')).json.data;
    expect(security.items.every((row: Row) => row.category === 'security')).toBe(true);
    // A category the organisation has no event of: an empty page, not an error.
    const identity = (await logs(owner, 'type=organisation&eventType=identity')).json;
    expect(identity.data).toMatchObject({ items: [], total: 0 });
  });

  it('filters by days of the chosen zone within the last 89 days', async () => {
    const owner = await enter('demo@example.com');
    const old = {
      id: newId(),
      eventType: 'app.status-changed',
      userId: await userId('demo@example.com'),
      organizationId: DEMO_IDS.acme,
      createdAt: new Date(clock.now().getTime() - 10 * DAY_MS),
      details: { appId: 'x', enabled: true },
    };
    await db().insert(activityLogs).values(old);
    const day = (daysAgo: number) =>
      new Date(clock.now().getTime() - daysAgo * DAY_MS).toISOString().slice(0, 10);
    const only = await logs(owner, `type=organisation&fromDate=${day(10)}&toDate=${day(10)}&timeZone=UTC`);
    expect(only.json.data.items.map((row: Row) => row.id)).toEqual([old.id]);
    const today = await logs(owner, `type=organisation&fromDate=${day(0)}&timeZone=UTC`);
    expect(today.json.data.items.some((row: Row) => row.id === old.id)).toBe(false);
    expect((await logs(owner, `type=organisation&fromDate=${day(89)}`)).statusCode).toBe(200);
  });

  it('refuses a range beyond 89 days, an end before the start, a limit over 100 and an unknown category with 400', async () => {
    const owner = await enter('demo@example.com');
    const day = (daysAgo: number) =>
      new Date(clock.now().getTime() - daysAgo * DAY_MS).toISOString().slice(0, 10);
    const cases: [string, string][] = [
      [`fromDate=${day(90)}`, 'Dates must be within the last 89 days, up to today'],
      [`toDate=${day(-2)}`, 'Dates must be within the last 89 days, up to today'],
      [`fromDate=${day(3)}&toDate=${day(5)}`, 'The end date must not be before the start date'],
      ['limit=101', 'Limit must be a whole number from 1 to 100'],
      ['offset=0', 'Offset must be a whole number from 1 to 100000'],
      ['fromDate=2030-02-31', 'Dates must be written YYYY-MM-DD'],
      ['eventType=everything', 'Unknown event type'],
      ['timeZone=Mars%2FOlympus', 'Invalid time zone'],
    ];
    for (const [query, msg] of cases) {
      const response = await logs(owner, `type=organisation&${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(JSON.stringify(response.json), query).toContain(msg);
    }
    const noType = await logs(owner, 'limit=5');
    expect(noType.statusCode).toBe(400);
  });
});

describe('GET /v1/activity-logs/export', () => {
  it('streams UTF-8 CSV with a header row, RFC 4180 quoting and formula cells escaped', async () => {
    const login = await signIn('dave@example.com');
    const id = await userId('dave@example.com');
    // A name a spreadsheet would run, with a comma and quotes: the kind of cell CSV injection hides in.
    await db()
      .update(users)
      .set({ firstName: '=HYPERLINK("http://x.test"),Bad', lastName: 'Zoë' })
      .where(eq(users.id, id));
    await db()
      .insert(activityLogs)
      .values({
        id: newId(),
        eventType: 'login.failure',
        userId: id,
        email: 'dave@example.com',
        ip: '-1',
        details: { reason: 'password' },
        createdAt: clock.now(),
      });
    const response = await call(app, { url: '/v1/activity-logs/export?type=user', token: login.accessToken });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="activity-user-2030-01-15\.csv"$/,
    );
    const body = response.rawPayload.toString('utf8');
    expect(
      body.startsWith(
        '\uFEFFTime (UTC),Event,Description,Actor,Actor email,Organisation,Target,IP address,Browser,Operating system\r\n',
      ),
    ).toBe(true);
    const lines = body.slice(1).split('\r\n');
    const failure = lines.find((line) => line.includes(',login.failure,'));
    expect(failure).toContain(`,"'=HYPERLINK(""http://x.test""),Bad Zoë",dave@example.com,,,'-1,`);
    expect(failure).toContain('Sign-in failed (wrong password)');
    expect(lines.filter((line) => line.includes(',login.success,')).length).toBeGreaterThan(0);
    await db().update(users).set({ firstName: 'Dave', lastName: 'Disabled' }).where(eq(users.id, id));
  });

  it('answers 403 and 400 before streaming anything', async () => {
    const member = await enter('bob@example.com');
    const refused = await call(app, { url: '/v1/activity-logs/export?type=organisation', token: member });
    expect(refused.statusCode).toBe(403);
    expect(refused.json.code).toBe('PERMISSION_DENIED');
    const wide = await call(app, {
      url: '/v1/activity-logs/export?type=user&fromDate=2020-01-01',
      token: member,
    });
    expect(wide.statusCode).toBe(400);
    expect(wide.json.errors[0].field).toBe('fromDate');
  });
});

describe('signed-in sessions', () => {
  it('lists both sign-ins with their device and address, marks this one, and ending the other revokes its tokens at once', async () => {
    const here = await signIn('carol@example.com', CHROME_WINDOWS, '203.0.113.9');
    clock.advance(60_000);
    const there = await signIn('carol@example.com', SAFARI_IPHONE, '198.51.100.44');
    const list = await call(app, { url: '/v1/user/sessions', token: here.accessToken });
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json.data.items as {
      id: string;
      current: boolean;
      ip: string;
      device: Row['device'];
    }[];
    expect(items).toHaveLength(2);
    const mine = items.find((item) => item.current)!;
    const other = items.find((item) => !item.current)!;
    expect(mine).toMatchObject({ ip: '203.0.113.9', device: { browser: 'Chrome 120', os: 'Windows 10' } });
    expect(other).toMatchObject({
      ip: '198.51.100.44',
      device: { browser: 'Mobile Safari 17', os: 'iOS 17.1' },
    });

    expect((await call(app, { url: '/v1/user', token: there.accessToken })).statusCode).toBe(200);
    const ended = await call(app, {
      method: 'DELETE',
      url: `/v1/user/sessions/${other.id}`,
      token: here.accessToken,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    // Its access token stops at the next call, long before it expires; its refresh token is refused too.
    expect((await call(app, { url: '/v1/user', token: there.accessToken })).statusCode).toBe(401);
    const refresh = await call(app, {
      method: 'POST',
      url: '/v1/organization/refresh',
      headers: { 'x-refresh-token': there.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await call(app, { url: '/v1/user', token: here.accessToken })).statusCode).toBe(200);
    const after = await call(app, { url: '/v1/user/sessions', token: here.accessToken });
    expect(after.json.data.items.map((item: { id: string }) => item.id)).toEqual([mine.id]);
  });

  it("refuses to end someone else's session (404) and ends every other session of one's own", async () => {
    const b = await signIn('alice@example.com');
    const c = await signIn('alice@example.com');
    const stranger = await signIn('carol@example.com');
    const carolSessions = await call(app, { url: '/v1/user/sessions', token: stranger.accessToken });
    const carolSession = carolSessions.json.data.items[0].id;
    const foreign = await call(app, {
      method: 'DELETE',
      url: `/v1/user/sessions/${carolSession}`,
      token: b.accessToken,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await call(app, { url: '/v1/user', token: stranger.accessToken })).statusCode).toBe(200);

    const others = await call(app, {
      method: 'POST',
      url: '/v1/user/sessions/end-others',
      token: b.accessToken,
    });
    expect(others.statusCode, others.body).toBe(200);
    expect(others.json.data.ended).toBeGreaterThanOrEqual(1);
    expect((await call(app, { url: '/v1/user', token: c.accessToken })).statusCode).toBe(401);
    expect((await call(app, { url: '/v1/user', token: b.accessToken })).statusCode).toBe(200);
  });
});

describe('"this wasn\'t me" on a sign-in', () => {
  it('ends every session (this one too), mails a reset link and records the report', async () => {
    const first = await signIn('dave@example.com', SAFARI_IPHONE, '192.0.2.66');
    const second = await signIn('dave@example.com');
    const { json } = await logs(second.accessToken, 'type=user&eventType=sign-in');
    const suspicious: Row = json.data.items.find(
      (row: Row) => row.eventType === 'login.success' && row.ip === '192.0.2.66',
    );
    expect(suspicious.reportable).toBe(true);

    await call(app, { method: 'DELETE', url: '/dev/mailbox/messages' });
    const report = await call(app, {
      method: 'POST',
      url: `/v1/activity-logs/${suspicious.id}/not-me`,
      token: second.accessToken,
    });
    expect(report.statusCode, report.body).toBe(200);
    expect((await call(app, { url: '/v1/user', token: first.accessToken })).statusCode).toBe(401);
    expect((await call(app, { url: '/v1/user', token: second.accessToken })).statusCode).toBe(401);
    const refresh = await call(app, {
      method: 'POST',
      url: '/v1/organization/refresh',
      headers: { 'x-refresh-token': second.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);

    await app.services.mailer.idle();
    const [mail] = await mailbox(app, 'dave@example.com');
    expect(mail.subject).toMatch(/password/i);
    expect(mail.links.some((link) => new URL(link).pathname === '/reset-password')).toBe(true);
    const recorded = await db()
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.eventType, 'activity-log.not-me-reported'));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      userId: await userId('dave@example.com'),
      details: { eventId: suspicious.id },
    });
  });

  it("answers 404 for another person's sign-in and for an event that is not a sign-in", async () => {
    const alice = await signIn('alice@example.com');
    const carol = await signIn('carol@example.com');
    const carolsRows = await logs(carol.accessToken, 'type=user&eventType=sign-in');
    const carolsSignIn: Row = carolsRows.json.data.items.find(
      (row: Row) => row.eventType === 'login.success',
    );
    const foreign = await call(app, {
      method: 'POST',
      url: `/v1/activity-logs/${carolsSignIn.id}/not-me`,
      token: alice.accessToken,
    });
    expect(foreign.statusCode).toBe(404);
    const own = await logs(alice.accessToken, 'type=user&limit=100');
    const notSignIn: Row | undefined = own.json.data.items.find(
      (row: Row) => row.eventType !== 'login.success',
    );
    if (notSignIn) {
      const refused = await call(app, {
        method: 'POST',
        url: `/v1/activity-logs/${notSignIn.id}/not-me`,
        token: alice.accessToken,
      });
      expect(refused.statusCode).toBe(404);
    }
    expect((await call(app, { url: '/v1/user', token: alice.accessToken })).statusCode).toBe(200);
    expect((await call(app, { url: '/v1/user', token: carol.accessToken })).statusCode).toBe(200);
  });
});

describe('retention', () => {
  it("purges a person's own events after the longest retention of their organisations, never before 90 days", async () => {
    const alice = await userId('alice@example.com');
    const unverified = await userId('unverified@example.com');
    // Alice belongs to Acme (kept 400 days here) and her personal account (365 by default): 400 days apply.
    await db()
      .insert(organizationJobSettings)
      .values({ organizationId: DEMO_IDS.acme, activityLogRetentionDays: 400, updatedAt: clock.now() });
    // The other account's only organisation keeps 30 days: its own events still stay 90.
    const [personal] = await db()
      .select({ id: memberships.organizationId })
      .from(memberships)
      .where(eq(memberships.userId, unverified));
    await db()
      .insert(organizationJobSettings)
      .values({ organizationId: personal.id, activityLogRetentionDays: 30, updatedAt: clock.now() });
    const now = clock.now().getTime();
    const own = (user: string | null, daysAgo: number) => ({
      id: newId(),
      eventType: 'test.account-retention',
      userId: user,
      organizationId: null,
      createdAt: new Date(now - daysAgo * DAY_MS),
    });
    await db()
      .insert(activityLogs)
      .values([
        own(alice, 401),
        own(alice, 399),
        own(unverified, 91),
        own(unverified, 89),
        own('deleted-account', 91),
        own('deleted-account', 89),
      ]);
    // A year and more later, by the fake clock: the scheduler fires the job as it would at 03:00.
    const scheduler = new Scheduler(
      db(),
      clock,
      [retentionJob(app.services), membersDigestJob(app.services, { error: () => undefined })],
      { error: () => undefined },
    );
    expect(await scheduler.fire(JOB_NAMES.retention)).toBe(true);

    const left = await db()
      .select({ userId: activityLogs.userId, createdAt: activityLogs.createdAt })
      .from(activityLogs)
      .where(and(eq(activityLogs.eventType, 'test.account-retention'), isNull(activityLogs.organizationId)));
    const ages = left.map((row) => [row.userId, Math.round((now - row.createdAt.getTime()) / DAY_MS)]);
    expect(ages.sort()).toEqual(
      [
        [alice, 399],
        [unverified, 89],
        ['deleted-account', 89],
      ].sort(),
    );
  });
});

describe('/v1/openapi.json', () => {
  it('documents the activity-log and session endpoints', async () => {
    const { json } = await call(app, { url: '/v1/openapi.json' });
    expect(Object.keys(json.paths['/v1/activity-logs'])).toEqual(['get']);
    expect(json.paths['/v1/activity-logs'].get.tags).toEqual(['Activity log and sessions']);
    expect(json.paths['/v1/activity-logs/export'].get).toBeDefined();
    expect(json.paths['/v1/activity-logs/{id}/not-me'].post).toBeDefined();
    expect(json.paths['/v1/user/sessions'].get).toBeDefined();
    expect(json.paths['/v1/user/sessions/{sessionId}'].delete).toBeDefined();
    expect(json.paths['/v1/user/sessions/end-others'].post).toBeDefined();
  });
});
