import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_EXPORT_LIFETIME_DAYS } from '../../../contract/v1/account-data';
import { minutes } from '../../clock';
import { activityLogs } from '../../db/schema';
import type { App } from '../../http/types';
import { DEMO_TOTP_SECRET } from '../../seed/demo-data';
import { FakeClock, call, createTestApp, loginAs, mailbox } from '../../test/test-app';
import { memberships, organizations } from '../organizations/schema';
import { passkeys } from '../passkeys/schema';
import { refreshTokens, sessions } from '../sessions/schema';
import { users } from '../users/schema';
import { dataExports } from './schema';

/**
 * "Download my data" and "Delete my account" (issue #36 items 4 and 5, docs/account-settings.md "Your data and
 * leaving"), through the API on a fresh database.
 */
const clock = new FakeClock();
let app: App;
beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

const db = () => app.database.db;

async function userId(email: string): Promise<string> {
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

/** A fresh login of that account, whatever its second factors (a login is recent authentication). */
const sessionOf = async (email: string) => app.services.sessions.startLogin(await userId(email));

const exportState = (token: string) => call(app, { url: '/v1/account/data-export', token });
const requestExport = (token: string) =>
  call(app, { url: '/v1/account/data-export', method: 'POST', token });
const download = (token: string, id: string, format = 'json') =>
  call(app, { url: `/v1/account/data-export/${id}/file?format=${format}`, token });

/**
 * The copy is prepared after the answer, in this process: its state is read again until it has settled. Nothing here
 * depends on how long that takes.
 */
async function settled(token: string) {
  for (let attempt = 0; attempt < 500; attempt++) {
    const state = await exportState(token);
    if (state.json.data.export?.status !== 'preparing') return state.json.data.export;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the copy never settled');
}

/**
 * The mail is sent once the copy is stored as ready (its state can be read ready a moment before, on PostgreSQL from
 * another connection): the mailbox is read again until it holds the mail.
 */
async function mailed(to: string, subject: string) {
  for (let attempt = 0; attempt < 500; attempt++) {
    await app.services.mailer.idle();
    const mail = (await mailbox(app, to)).find((m) => m.subject === subject);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return undefined;
}

describe('download my data', () => {
  it('is prepared in the background, mailed when ready, and holds the profile, organisations, 2FA, sessions and activity', async () => {
    const { accessToken } = await loginAs(app, 'alice@example.com');
    expect((await exportState(accessToken)).json.data).toEqual({ export: null });

    const asked = await requestExport(accessToken);
    expect(asked.statusCode).toBe(200);
    expect(asked.json.data.export).toMatchObject({ status: 'preparing', readyAt: null, expiresAt: null });

    const ready = await settled(accessToken);
    expect(ready).toMatchObject({ id: asked.json.data.export.id, status: 'ready' });
    expect(Date.parse(ready.expiresAt) - Date.parse(ready.readyAt)).toBe(DATA_EXPORT_LIFETIME_DAYS * 24 * 3600_000);

    const mail = await mailed('alice@example.com', 'A copy of your data is ready');
    expect(mail).toBeDefined();
    // The mail points to the page, never to the file: the link carries no credential.
    expect(mail!.links).toContain('http://portal.test/user/data');

    const file = await download(accessToken, ready.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="account-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = JSON.parse(file.body);
    expect(data.profile).toMatchObject({ email: 'alice@example.com', firstName: 'Alice', lastName: 'Admin' });
    expect(data.organisations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Acme Pty Ltd', accountType: 'business', role: 'admin', owner: false }),
        expect.objectContaining({ accountType: 'personal', role: 'owner', owner: true }),
      ]),
    );
    expect(data.twoFactor.methods.map((m: { type: string }) => m.type)).toEqual(['email', 'authenticatorApp', 'mobile']);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.activity.map((entry: { event: string }) => entry.event)).toEqual(
      expect.arrayContaining(['login.success', 'account.data-export-requested']),
    );
    expect(data.activity.find((e: { event: string }) => e.event === 'login.success').description).toBe(
      'Signed in with password',
    );
  });

  it('never contains a password hash, a TOTP secret, a passkey key, a token or a code', async () => {
    const email = 'totp@example.com';
    const id = await userId(email);
    await db()
      .insert(passkeys)
      .values({
        id: 'passkey-of-totp',
        userId: id,
        credentialId: 'CREDENTIAL-ID-NEVER-EXPORTED',
        publicKey: 'PUBLIC-KEY-NEVER-EXPORTED',
        counter: 0,
        transports: ['internal'],
        deviceType: 'multiDevice',
        backedUp: true,
        name: 'Phone',
        createdAt: clock.now(),
      });
    const { accessToken, refreshToken } = await sessionOf(email);
    const [user] = await db().select().from(users).where(eq(users.id, id));
    const [tokenRow] = await db().select({ tokenHash: refreshTokens.tokenHash }).from(refreshTokens).limit(1);
    const asked = await requestExport(accessToken);
    const ready = await settled(accessToken);
    expect(ready.id).toBe(asked.json.data.export.id);
    const json = (await download(accessToken, ready.id)).body;
    const summary = (await download(accessToken, ready.id, 'summary')).body;

    const data = JSON.parse(json);
    expect(data.twoFactor.passkeys).toEqual([expect.objectContaining({ name: 'Phone', synced: true })]);
    expect(data.twoFactor.methods).toContainEqual({ type: 'authenticatorApp', enabled: true, setUp: true });
    for (const secret of [
      user!.passwordHash!,
      DEMO_TOTP_SECRET,
      'CREDENTIAL-ID-NEVER-EXPORTED',
      'PUBLIC-KEY-NEVER-EXPORTED',
      accessToken,
      refreshToken,
      tokenRow!.tokenHash,
    ]) {
      expect(json).not.toContain(secret);
      expect(summary).not.toContain(secret);
    }
    const keys: string[] = [];
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object')
        for (const [key, inner] of Object.entries(value)) {
          keys.push(key);
          walk(inner);
        }
    };
    walk(data);
    expect(keys.filter((key) => /hash|secret|token|password|publicKey|credential|code|counter/i.test(key))).toEqual([]);
  });

  it('has a readable summary in the language it was asked in', async () => {
    const { accessToken } = await loginAs(app, 'bob@example.com');
    await call(app, {
      url: '/v1/account/data-export',
      method: 'POST',
      token: accessToken,
      headers: { 'accept-language': 'fr' },
    });
    const ready = await settled(accessToken);
    const summary = await download(accessToken, ready.id, 'summary');
    expect(summary.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(summary.body).toContain('Copie des données de votre compte');
    expect(summary.body).toContain('- E-mail: bob@example.com');
    expect(summary.body).toContain('- Acme Pty Ltd (organisation) : Membre, depuis le ');
  });

  it('answers the copy being prepared when asked twice, even at once', async () => {
    const { accessToken } = await loginAs(app, 'carol@example.com');
    const [first, second] = await Promise.all([requestExport(accessToken), requestExport(accessToken)]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json.data.export.id).toBe(first.json.data.export.id);
    const ready = await settled(accessToken);
    expect(ready.id).toBe(first.json.data.export.id);
    const rows = await db().select().from(dataExports).where(eq(dataExports.userId, await userId('carol@example.com')));
    expect(rows).toHaveLength(1);
  });

  it('takes up a preparation its instance left behind', async () => {
    const { accessToken } = await loginAs(app, 'dave@example.com').catch(() => sessionOf('dave@example.com'));
    const owner = await userId('dave@example.com');
    const long = new Date(clock.now().getTime() - minutes(10));
    await db().insert(dataExports).values({
      id: 'left-behind',
      userId: owner,
      status: 'preparing',
      language: 'en',
      startedAt: long,
      createdAt: long,
    });
    const ready = await settled(accessToken);
    expect(ready).toMatchObject({ id: 'left-behind', status: 'ready' });
  });

  it('is downloaded by its owner only', async () => {
    const alice = await loginAs(app, 'alice@example.com');
    const ready = await settled(alice.accessToken);
    const bob = await loginAs(app, 'bob@example.com');
    const refused = await download(bob.accessToken, ready.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json).toMatchObject({ code: 'DATA_EXPORT_NOT_FOUND' });
    expect(refused.body).not.toContain('alice@example.com');
    expect((await download('', ready.id)).statusCode).toBe(401);
    expect((await call(app, { url: `/v1/account/data-export/${ready.id}/file?format=pdf`, token: alice.accessToken })).statusCode).toBe(400);
  });

  it('is gone after its lifetime', async () => {
    const { accessToken } = await loginAs(app, 'email2fa@example.com').catch(() => sessionOf('email2fa@example.com'));
    await requestExport(accessToken);
    const ready = await settled(accessToken);
    clock.advance((DATA_EXPORT_LIFETIME_DAYS * 24 * 60 + 1) * 60_000);
    const fresh = await sessionOf('email2fa@example.com');
    expect((await download(fresh.accessToken, ready.id)).statusCode).toBe(404);
    expect((await exportState(fresh.accessToken)).json.data).toEqual({ export: null });
    expect(await db().select().from(dataExports).where(eq(dataExports.id, ready.id))).toEqual([]);
  });
});

describe('delete my account', () => {
  const deleteAccount = (token: string, confirmation: string) =>
    call(app, { url: '/v1/account/deletion', token, body: { confirmation } });

  it('is refused, with the organisations, while the user is the sole owner of one', async () => {
    const { accessToken } = await loginAs(app, 'demo@example.com');
    const check = await call(app, { url: '/v1/account/deletion', token: accessToken });
    expect(check.json.data.ownedOrganizations).toEqual([expect.objectContaining({ name: 'Acme Pty Ltd' })]);
    const refused = await deleteAccount(accessToken, 'demo@example.com');
    expect(refused.statusCode).toBe(409);
    expect(refused.json).toMatchObject({
      code: 'ACCOUNT_OWNS_ORGANIZATIONS',
      msg: 'You own Acme Pty Ltd. Transfer the ownership or delete the organisation before deleting your account',
    });
    expect((await call(app, { url: '/v1/user', token: accessToken })).statusCode).toBe(200);
    const [event] = await db()
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.userId, await userId('demo@example.com')), eq(activityLogs.eventType, 'account.deletion-refused')));
    expect(event?.details).toMatchObject({ reason: 'owner' });
  });

  it('needs the account address typed as confirmation, and recent authentication', async () => {
    const { accessToken } = await loginAs(app, 'alice@example.com');
    const mismatch = await deleteAccount(accessToken, 'someone@example.com');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json).toMatchObject({ code: 'CONFIRMATION_MISMATCH' });
    clock.advance(minutes(6));
    const stale = await deleteAccount(accessToken, 'alice@example.com');
    expect(stale.statusCode).toBe(403);
    expect(stale.json).toMatchObject({ code: 'REAUTH_REQUIRED' });
    expect(await userId('alice@example.com')).toBeTruthy();
  });

  it('deletes the account: sessions end at once, login is refused, the log keeps an anonymised actor', async () => {
    const email = 'bob@example.com';
    const bob = await userId(email);
    const [acme] = await db().select().from(organizations).where(eq(organizations.name, 'Acme Pty Ltd'));
    const other = await loginAs(app, email);
    const { accessToken, refreshToken } = await loginAs(app, email);
    // An event of Bob's in Acme, and one of someone else's about him there.
    await app.services.audit.record(null, {
      event: 'organization.access',
      userId: bob,
      organizationId: acme!.id,
      email,
      details: { portal: 'kreanoAccount' },
    });
    await app.services.audit.record(null, {
      event: 'member.role-changed',
      userId: await userId('demo@example.com'),
      organizationId: acme!.id,
      email,
      details: { target: bob, kind: 'member', before: 'member', after: 'admin' },
    });

    const deleted = await deleteAccount(accessToken, ' Bob@Example.com ');
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json.msg).toBe('Your account has been deleted');

    // Every session of the account ends: its access tokens and refresh tokens stop working.
    for (const token of [accessToken, other.accessToken])
      expect((await call(app, { url: '/v1/user', token })).statusCode).toBe(401);
    const refresh = await call(app, {
      url: '/v1/organization/refresh',
      method: 'POST',
      headers: { 'x-refresh-token': refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    expect(await db().select().from(users).where(eq(users.id, bob))).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.userId, bob))).toEqual([]);
    expect(await db().select().from(memberships).where(eq(memberships.userId, bob))).toEqual([]);
    expect(await db().select().from(organizations).where(eq(organizations.ownerId, bob))).toEqual([]);
    expect(await db().select().from(dataExports).where(eq(dataExports.userId, bob))).toEqual([]);

    // Nothing in the log names Bob any more; his entries in Acme stay, under one pseudonym.
    const naming = await db()
      .select()
      .from(activityLogs)
      .where(sql`${activityLogs.userId} = ${bob} or lower(${activityLogs.email}) = ${email} or ${activityLogs.details}::text like ${`%${bob}%`}`);
    expect(naming).toEqual([]);
    const kept = await db()
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.organizationId, acme!.id), like(activityLogs.userId, 'deleted-%')));
    expect(kept.map((row) => row.eventType)).toContain('organization.access');
    expect(kept.every((row) => row.ip === null && row.userAgent === null && row.email === null)).toBe(true);
    const [about] = await db()
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.organizationId, acme!.id), eq(activityLogs.eventType, 'member.role-changed')));
    expect(about!.details).toMatchObject({ target: kept[0]!.userId, kind: 'member' });
    expect(about!.email).toBeNull();
    const [event] = await db().select().from(activityLogs).where(eq(activityLogs.eventType, 'account.deleted'));
    expect(event).toMatchObject({ userId: null, email: null });

    // Its login is refused exactly as an unknown address's.
    const login = await call(app, { url: '/v1/login', body: { email, password: 'Demo@1234', captcha: 'test' } });
    const unknown = await call(app, {
      url: '/v1/login',
      body: { email: 'nobody-here@example.com', password: 'Demo@1234', captcha: 'test' },
    });
    expect(login.statusCode).toBe(unknown.statusCode);
    expect(login.json).toEqual(unknown.json);

    await app.services.mailer.idle();
    // In the language Bob last used with the server (French, when he asked for his copy above).
    const subjects = ['Your account has been deleted', 'Votre compte a été supprimé'];
    const mail = (await mailbox(app, email)).find((m) => subjects.includes(m.subject));
    expect(mail?.text).toMatch(/^(Hello|Bonjour) Bob/);
  });
});
