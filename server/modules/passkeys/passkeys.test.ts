import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema';
import { minutes, seconds } from '../../clock';
import type { App } from '../../http/types';
import { DEMO_IDS, DEMO_PASSWORD } from '../../seed/demo-data';
import { SoftwareAuthenticator, type CeremonyChoices } from '../../test/software-authenticator';
import { FakeClock, call, createTestApp, loginAs, mailbox } from '../../test/test-app';
import { users } from '../users/schema';
import { passkeyChallenges } from './schema';

/**
 * Passkeys (issue #36 item 1, docs/passkeys.md), driven through the API with a software authenticator that builds
 * the real WebAuthn structures: the server's verification (@simplewebauthn/server) runs on them unchanged.
 */
const ORIGIN = 'http://portal.test';
const RP_ID = 'portal.test';
const clock = new FakeClock();
let app: App;
beforeAll(async () => {
  app = await createTestApp({ clock, env: { PASSKEY_EXTRA_ORIGINS: 'http://sign.portal.test' } });
});
afterAll(() => app.close());

const newAuthenticator = (options?: { counter?: number; synced?: boolean }) =>
  new SoftwareAuthenticator({ origin: ORIGIN, rpId: RP_ID }, options);

async function userId(email: string): Promise<string> {
  const [row] = await app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

/** A login of that account made just now (every test account, with or without 2FA). */
async function sessionOf(email: string) {
  return app.services.sessions.startLogin(await userId(email));
}

async function events(email: string, event: string) {
  return app.database.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.userId, await userId(email)), eq(activityLogs.eventType, event)))
    .orderBy(desc(activityLogs.seq));
}

/** Registers a passkey for a freshly signed-in user (a login is recent authentication). */
async function register(
  token: string,
  authenticator: SoftwareAuthenticator,
  name = 'Laptop',
  choices: CeremonyChoices = {},
) {
  const options = await call(app, { url: '/v1/passkeys/registration-options', method: 'POST', token });
  expect(options.statusCode).toBe(200);
  const { challengeId } = options.json.data;
  return call(app, {
    url: '/v1/passkeys',
    token,
    body: { challengeId, name, credential: authenticator.register(options.json.data.options, choices) },
  });
}

const signInOptions = async () =>
  (await call(app, { url: '/v1/passkey-login/options', method: 'POST' })).json.data as {
    challengeId: string;
    options: { challenge: string; rpId: string; userVerification: string };
  };
const signIn = (challengeId: string, credential: unknown) =>
  call(app, { url: '/v1/passkey-login', body: { challengeId, credential } });

describe('registering a passkey', () => {
  it('after a login: stored with its device type, listed, and in the activity log', async () => {
    const { accessToken } = await loginAs(app, 'alice@example.com');
    const added = await register(accessToken, newAuthenticator(), 'Work laptop');
    expect(added.statusCode).toBe(200);
    expect(added.json.msg).toBe('Passkey added');
    expect(added.json.data).toMatchObject({
      name: 'Work laptop',
      deviceType: 'singleDevice',
      backedUp: false,
      createdAt: clock.now().toISOString(),
      lastUsedAt: null,
    });
    // Listed in the order they were added.
    clock.advance(seconds(1));
    const synced = await register(accessToken, newAuthenticator({ synced: true }), 'Phone');
    expect(synced.json.data).toMatchObject({ deviceType: 'multiDevice', backedUp: true });
    const list = await call(app, { url: '/v1/passkeys', token: accessToken });
    expect(list.json.data.passkeys.map((p: { name: string }) => p.name)).toEqual(['Work laptop', 'Phone']);
    // A new way in is mailed to the account, as a new second factor is.
    await app.services.mailer.idle();
    const notices = (await mailbox(app, 'alice@example.com')).filter(
      (m) => m.subject === 'Security notice for your account',
    );
    expect(notices.filter((m) => m.text.includes('A passkey was added to your account'))).toHaveLength(2);
    expect((await events('alice@example.com', 'passkey.added')).map((e) => e.details?.name)).toEqual([
      'Phone',
      'Work laptop',
    ]);
  });

  it('asks for the rp id and user verification that make a passkey sign in alone', async () => {
    const { accessToken } = await loginAs(app, 'bob@example.com');
    const options = await call(app, {
      url: '/v1/passkeys/registration-options',
      method: 'POST',
      token: accessToken,
    });
    expect(options.json.data.options).toMatchObject({
      rp: { id: RP_ID },
      user: { name: 'bob@example.com' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
  });

  it('needs recent authentication: an older login answers 403 REAUTH_REQUIRED', async () => {
    const { accessToken } = await loginAs(app, 'carol@example.com');
    clock.advance(minutes(5) + seconds(1));
    const options = await call(app, {
      url: '/v1/passkeys/registration-options',
      method: 'POST',
      token: accessToken,
    });
    expect(options.statusCode).toBe(403);
    expect(options.json.code).toBe('REAUTH_REQUIRED');
    const proven = await call(app, {
      url: '/v1/reauth',
      token: accessToken,
      body: { password: DEMO_PASSWORD },
    });
    expect(proven.statusCode).toBe(200);
    expect((await register(accessToken, newAuthenticator())).statusCode).toBe(200);
  });

  it('refuses a challenge another session asked for, and the same authenticator twice', async () => {
    const { accessToken } = await sessionOf('dave@example.com');
    const other = await sessionOf('bob@example.com');
    const authenticator = newAuthenticator();
    const options = await call(app, {
      url: '/v1/passkeys/registration-options',
      method: 'POST',
      token: accessToken,
    });
    const stolen = await call(app, {
      url: '/v1/passkeys',
      token: other.accessToken,
      body: {
        challengeId: options.json.data.challengeId,
        name: 'Stolen',
        credential: authenticator.register(options.json.data.options),
      },
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json.code).toBe('PASSKEY_CHALLENGE_EXPIRED');

    const bob = await loginAs(app, 'bob@example.com');
    expect((await register(bob.accessToken, authenticator, 'Key')).statusCode).toBe(200);
    const again = await register(other.accessToken, authenticator, 'Key again');
    expect(again.statusCode).toBe(400);
    expect(again.json.code).toBe('PASSKEY_ALREADY_REGISTERED');
  });

  it('refuses an answer made for another origin or relying party', async () => {
    const { accessToken } = await loginAs(app, 'alice@example.com');
    const phished = await register(accessToken, newAuthenticator(), 'Phished', {
      origin: 'https://portal-login.example',
    });
    expect(phished.statusCode).toBe(400);
    expect(phished.json).toMatchObject({
      code: 'PASSKEY_REFUSED',
      msg: 'This passkey could not be verified. Try again or sign in another way',
    });
    const otherSite = await register(accessToken, newAuthenticator(), 'Other', { rpId: 'example.com' });
    expect(otherSite.json.code).toBe('PASSKEY_REFUSED');
    const unverified = await register(accessToken, newAuthenticator(), 'No PIN', { userVerified: false });
    expect(unverified.json.code).toBe('PASSKEY_REFUSED');
    // One of the listed extra origins (the product's other portals) is accepted.
    expect(
      (await register(accessToken, newAuthenticator(), 'Sign portal', { origin: 'http://sign.portal.test' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('signing in with a passkey and no password', () => {
  it('answers like a login with tokens that work, names no user in its options, and logs the method', async () => {
    const { accessToken } = await loginAs(app, 'carol@example.com');
    const authenticator = newAuthenticator();
    expect((await register(accessToken, authenticator, 'Carol key')).statusCode).toBe(200);

    const { challengeId, options } = await signInOptions();
    expect(options).toMatchObject({ rpId: RP_ID, userVerification: 'required' });
    expect(options).not.toHaveProperty('allowCredentials.0');
    const response = await signIn(challengeId, authenticator.authenticate(options));
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toMatchObject({
      email: { id: 'carol@example.com', verified: true },
      twoFactorEnabled: false,
    });
    const me = await call(app, { url: '/v1/user', token: response.json.data.accessToken });
    expect(me.json.data.userInfo.email).toBe('carol@example.com');
    const [login] = await events('carol@example.com', 'login.success');
    expect(login!.details).toMatchObject({ method: 'passkey' });
    const list = await call(app, { url: '/v1/passkeys', token: accessToken });
    const used = list.json.data.passkeys.find((p: { name: string }) => p.name === 'Carol key');
    expect(used.lastUsedAt).toBe(clock.now().toISOString());
  });

  it('uses a challenge once, and not after it expired', async () => {
    const { accessToken } = await sessionOf('sms2fa@example.com');
    const authenticator = newAuthenticator();
    await register(accessToken, authenticator);
    const { challengeId, options } = await signInOptions();
    expect((await signIn(challengeId, authenticator.authenticate(options))).statusCode).toBe(200);
    const replayed = await signIn(challengeId, authenticator.authenticate(options));
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json).toMatchObject({
      code: 'PASSKEY_CHALLENGE_EXPIRED',
      msg: 'This passkey request has expired. Please try again',
    });

    const late = await signInOptions();
    clock.advance(minutes(5));
    const expired = await signIn(late.challengeId, authenticator.authenticate(late.options));
    expect(expired.json.code).toBe('PASSKEY_CHALLENGE_EXPIRED');
    // Expired challenges do not pile up: the next ceremony clears them.
    await signInOptions();
    const left = await app.database.db.select().from(passkeyChallenges);
    expect(left.every((row) => row.expiresAt.getTime() > clock.now().getTime())).toBe(true);
  });

  it('refuses a wrong origin, a wrong relying party and an unknown passkey, spending the challenge', async () => {
    const { accessToken } = await loginAs(app, 'alice@example.com');
    const authenticator = newAuthenticator();
    await register(accessToken, authenticator);
    for (const choices of [
      { origin: 'https://phish.example' },
      { rpId: 'phish.example' },
      { userVerified: false },
    ]) {
      const { challengeId, options } = await signInOptions();
      const refused = await signIn(challengeId, authenticator.authenticate(options, choices));
      expect(refused.statusCode).toBe(400);
      expect(refused.json.code).toBe('PASSKEY_REFUSED');
      expect((await signIn(challengeId, authenticator.authenticate(options))).json.code).toBe(
        'PASSKEY_CHALLENGE_EXPIRED',
      );
    }
    const unknown = newAuthenticator();
    unknown.userHandle = Buffer.from(await userId('alice@example.com')).toString('base64url');
    const { challengeId, options } = await signInOptions();
    expect((await signIn(challengeId, unknown.authenticate(options))).json.code).toBe('PASSKEY_REFUSED');
  });

  it("refuses a passkey that names another account than its owner's", async () => {
    const { accessToken } = await loginAs(app, 'bob@example.com');
    const authenticator = newAuthenticator();
    await register(accessToken, authenticator);
    authenticator.userHandle = Buffer.from(await userId('demo@example.com')).toString('base64url');
    const { challengeId, options } = await signInOptions();
    const refused = await signIn(challengeId, authenticator.authenticate(options));
    expect(refused.json.code).toBe('PASSKEY_REFUSED');
  });

  it('refuses a signature counter that went backwards and records it in the activity log', async () => {
    const { accessToken } = await sessionOf('email2fa@example.com');
    const authenticator = newAuthenticator({ counter: 0 });
    await register(accessToken, authenticator, 'Security key');
    let ceremony = await signInOptions();
    expect(
      (await signIn(ceremony.challengeId, authenticator.authenticate(ceremony.options, { counter: 7 })))
        .statusCode,
    ).toBe(200);
    ceremony = await signInOptions();
    const cloned = await signIn(
      ceremony.challengeId,
      authenticator.authenticate(ceremony.options, { counter: 3 }),
    );
    expect(cloned.statusCode).toBe(400);
    expect(cloned.json).toMatchObject({
      code: 'PASSKEY_COUNTER_ROLLBACK',
      msg: 'This passkey was refused because it may have been copied. Sign in another way and check your passkeys',
    });
    ceremony = await signInOptions();
    const same = await signIn(
      ceremony.challengeId,
      authenticator.authenticate(ceremony.options, { counter: 7 }),
    );
    expect(same.json.code).toBe('PASSKEY_COUNTER_ROLLBACK');
    const recorded = await events('email2fa@example.com', 'passkey.counter-rollback');
    expect(recorded.map((e) => e.details)).toEqual([
      expect.objectContaining({ name: 'Security key', stored: 7, presented: 7 }),
      expect.objectContaining({ name: 'Security key', stored: 7, presented: 3 }),
    ]);
    ceremony = await signInOptions();
    expect(
      (await signIn(ceremony.challengeId, authenticator.authenticate(ceremony.options, { counter: 8 })))
        .statusCode,
    ).toBe(200);
  });

  it('lets a synced passkey that keeps no counter (always 0) sign in again', async () => {
    const { accessToken } = await loginAs(app, 'alice@example.com');
    const authenticator = newAuthenticator({ synced: true });
    await register(accessToken, authenticator, 'Synced');
    for (let i = 0; i < 2; i++) {
      const { challengeId, options } = await signInOptions();
      expect((await signIn(challengeId, authenticator.authenticate(options))).statusCode).toBe(200);
    }
  });
});

describe('challenges asked for without signing in', () => {
  it('are limited per address: a script cannot fill the table, another address is not affected', async () => {
    const ask = (ip: string) => call(app, { url: '/v1/passkey-login/options', method: 'POST', ip });
    clock.advance(minutes(1));
    for (let i = 0; i < 120; i++) expect((await ask('203.0.113.7')).statusCode).toBe(200);
    const refused = await ask('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json.code).toBe('PASSKEY_THROTTLED');
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await ask('203.0.113.8')).statusCode).toBe(200);
    clock.advance(minutes(1));
    expect((await ask('203.0.113.7')).statusCode).toBe(200);
  });
});

describe('a passkey is two factors', () => {
  it('enters an organisation that enforces 2FA after a passkey sign-in; a password login of the same user is refused', async () => {
    // demo@example.com is an admin of Globex, which enforces 2FA, and has 2FA off.
    const password = await loginAs(app, 'demo@example.com');
    const refused = await call(app, {
      url: '/v1/organization/access',
      token: password.accessToken,
      body: { orgId: DEMO_IDS.globex, portalId: 'kreanoAccount' },
    });
    expect(refused.json.code).toBe('TWO_FACTOR_REQUIRED');

    const authenticator = newAuthenticator();
    await register(password.accessToken, authenticator, 'Demo key');
    const { challengeId, options } = await signInOptions();
    const login = await signIn(challengeId, authenticator.authenticate(options));
    const entered = await call(app, {
      url: '/v1/organization/access',
      token: login.json.data.accessToken,
      body: { orgId: DEMO_IDS.globex, portalId: 'kreanoAccount' },
    });
    expect(entered.statusCode).toBe(200);
    // Inside, organisation-scoped calls pass the gate, and the token renews.
    const members = await call(app, { url: '/v1/acl/me', token: entered.json.data.accessToken });
    expect(members.statusCode).toBe(200);
    const renewed = await call(app, {
      url: '/v1/organization/refresh',
      method: 'POST',
      headers: { 'x-refresh-token': entered.json.data.refreshToken },
    });
    expect(renewed.statusCode).toBe(200);
    // Nothing was switched on behind the user's back.
    const me = await call(app, { url: '/v1/user', token: login.json.data.accessToken });
    expect(me.json.data.userInfo.twoFactorAuthentication.enabled).toBe(false);
  });

  it("is offered as the second step of a password login, and accepts only the account's own passkeys", async () => {
    const { accessToken: bobToken } = await loginAs(app, 'bob@example.com');
    const bobKey = newAuthenticator();
    await register(bobToken, bobKey, 'Bob key');
    // totp@example.com has 2FA on: its password login waits for a second factor.
    const first = await call(app, {
      url: '/v1/login',
      body: { email: 'totp@example.com', password: DEMO_PASSWORD },
    });
    expect(first.json.data.twoFactorConfigInfo.passkey).toEqual({ show: false, label: 'Passkey' });
    const tinaKey = newAuthenticator();
    const tinaSession = await sessionOf('totp@example.com');
    expect((await register(tinaSession.accessToken, tinaKey, 'Tina key')).statusCode).toBe(200);

    const login = await call(app, {
      url: '/v1/login',
      body: { email: 'totp@example.com', password: DEMO_PASSWORD },
    });
    const { tokenId } = login.json.data;
    expect(login.json.data.twoFactorConfigInfo.passkey).toEqual({ show: true, label: 'Passkey' });
    const stepOptions = async () =>
      (await call(app, { url: '/v1/two-factor/passkey/options', body: { tokenId } })).json.data;
    let step = await stepOptions();
    expect(step.options.allowCredentials).toEqual([
      { id: tinaKey.id, type: 'public-key', transports: ['internal'] },
    ]);
    const verify = (challengeId: string, credential: unknown) =>
      call(app, { url: '/v1/two-factor/passkey', body: { tokenId, challengeId, credential } });
    const foreign = await verify(step.challengeId, bobKey.authenticate(step.options));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json.code).toBe('PASSKEY_REFUSED');
    const [refusal] = await events('totp@example.com', 'passkey.refused');
    expect(refusal!.details).toMatchObject({ during: 'second-step', reason: 'other-account' });

    step = await stepOptions();
    const passed = await verify(step.challengeId, tinaKey.authenticate(step.options));
    expect(passed.statusCode).toBe(200);
    expect(passed.json.data).toMatchObject({ twoFactorEnabled: true, email: { id: 'totp@example.com' } });
    expect((await call(app, { url: '/v1/user', token: passed.json.data.accessToken })).statusCode).toBe(200);
    const [success] = await events('totp@example.com', 'login.success');
    expect(success!.details).toMatchObject({ secondFactor: 'passkey' });
    // The login's tokenId is spent.
    const again = await call(app, { url: '/v1/two-factor/passkey/options', body: { tokenId } });
    expect(again.json.code).toBe('CHALLENGE_EXPIRED');
  });

  it('refuses a second-step challenge of another login', async () => {
    const tinaSession = await sessionOf('totp@example.com');
    const key = newAuthenticator();
    await register(tinaSession.accessToken, key, 'Second key');
    const loginA = (
      await call(app, { url: '/v1/login', body: { email: 'totp@example.com', password: DEMO_PASSWORD } })
    ).json.data.tokenId;
    const loginB = (
      await call(app, { url: '/v1/login', body: { email: 'totp@example.com', password: DEMO_PASSWORD } })
    ).json.data.tokenId;
    const step = (await call(app, { url: '/v1/two-factor/passkey/options', body: { tokenId: loginA } })).json
      .data;
    const crossed = await call(app, {
      url: '/v1/two-factor/passkey',
      body: { tokenId: loginB, challengeId: step.challengeId, credential: key.authenticate(step.options) },
    });
    expect(crossed.json.code).toBe('PASSKEY_CHALLENGE_EXPIRED');
  });
});

describe('managing passkeys', () => {
  it("renames and removes one's own passkeys, never another account's; removal needs recent authentication", async () => {
    const alice = await loginAs(app, 'alice@example.com');
    const added = await register(alice.accessToken, newAuthenticator(), 'Old name');
    const id = added.json.data.id as string;
    const bob = await loginAs(app, 'bob@example.com');
    const foreignRename = await call(app, {
      url: `/v1/passkeys/${id}`,
      method: 'PATCH',
      token: bob.accessToken,
      body: { name: 'Mine' },
    });
    expect(foreignRename.statusCode).toBe(404);
    const foreignRemove = await call(app, {
      url: `/v1/passkeys/${id}`,
      method: 'DELETE',
      token: bob.accessToken,
    });
    expect(foreignRemove.statusCode).toBe(404);

    const renamed = await call(app, {
      url: `/v1/passkeys/${id}`,
      method: 'PATCH',
      token: alice.accessToken,
      body: { name: 'New name' },
    });
    expect(renamed.json).toMatchObject({ msg: 'Passkey renamed', data: { id, name: 'New name' } });
    const blank = await call(app, {
      url: `/v1/passkeys/${id}`,
      method: 'PATCH',
      token: alice.accessToken,
      body: { name: '' },
    });
    expect(blank.statusCode).toBe(400);

    clock.advance(minutes(6));
    const stale = await call(app, { url: `/v1/passkeys/${id}`, method: 'DELETE', token: alice.accessToken });
    expect(stale.json.code).toBe('REAUTH_REQUIRED');
    await call(app, { url: '/v1/reauth', token: alice.accessToken, body: { password: DEMO_PASSWORD } });
    const removed = await call(app, {
      url: `/v1/passkeys/${id}`,
      method: 'DELETE',
      token: alice.accessToken,
    });
    expect(removed.json).toMatchObject({ msg: 'Passkey removed' });
    const list = await call(app, { url: '/v1/passkeys', token: alice.accessToken });
    expect(list.json.data.passkeys.map((p: { id: string }) => p.id)).not.toContain(id);
    expect((await events('alice@example.com', 'passkey.removed'))[0]!.details).toMatchObject({
      name: 'New name',
    });
    await app.services.mailer.idle();
    const mail = await mailbox(app, 'alice@example.com');
    expect(mail.some((m) => m.text.includes('A passkey was removed from your account.'))).toBe(true);
    expect((await events('alice@example.com', 'passkey.renamed'))[0]!.details).toMatchObject({
      before: 'Old name',
      name: 'New name',
    });
  });

  it('answers in French', async () => {
    const { accessToken } = await loginAs(app, 'alice@example.com');
    const list = await call(app, {
      url: '/v1/passkeys',
      token: accessToken,
      headers: { 'accept-language': 'fr' },
    });
    expect(list.json.msg).toBe("Clés d'accès récupérées");
  });
});
