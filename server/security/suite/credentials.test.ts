/**
 * Credentials (issue #17, "The suite that keeps it fixed").
 *
 * Bearer tokens: malformed, tampered and wrong-type tokens on every `auth: 'session'` entry of the endpoint table,
 * each refused with 401 before anything runs, nothing stored. The request is otherwise valid (the entry's
 * sample), so only the token can be what refuses it. The single-endpoint versions (tampering, alg none, another
 * algorithm, no exp, expiry) are in server/modules/sessions/session.test.ts; this file holds the rule to the table.
 *
 * Single-use credentials under concurrency, and the authenticator window at login. What is already held
 * elsewhere, and not repeated here:
 * - a rotated refresh token presented again ends the whole login: server/modules/sessions/session.test.ts
 *   ('detects reuse…', and the grace window of parallel refreshes);
 * - a reset link and a verification link work once (one after the other), and expire:
 *   server/modules/auth/account.test.ts;
 * - an authenticator code is accepted once at login, and a tokenId once: server/modules/auth/two-factor.test.ts;
 *   the ±1 step window at set-up: server/modules/user-security/two-factor-settings.test.ts;
 * - a first-party launch token presented twice at once: server/modules/apps/apps.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { SignJWT, decodeJwt } from 'jose';
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { minutes, seconds } from '../../clock';
import type { App } from '../../http/types';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../../seed/demo-data';
import { FakeClock, call, createTestApp, linkParams, loginAs } from '../../test/test-app';
import { ENTRIES, describeEntry, injectOptions, validInput } from './contract-inputs';
import { changedTables, expectRefusal, fingerprint, organizationToken } from './suite-app';

const signingKey = randomBytes(32);
const clock = new FakeClock();
let app: App;
/** Label → the Authorization header value (null: no header at all). */
const presented: [string, string | null][] = [];
/** Every table once the tokens above exist, before the first refused request. */
let initial: Record<string, string>;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

beforeAll(async () => {
  app = await createTestApp({ clock, signingKey });
  const orgToken = await organizationToken(app, 'demo@example.com');
  const claims = decodeJwt(orgToken);
  const [header, payload, signature] = orgToken.split('.');
  const now = Math.floor(clock.now().getTime() / 1000);
  const sign = (body: Record<string, unknown>, alg = 'HS256', key: Uint8Array = signingKey) =>
    new SignJWT(body).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);

  // Another user's identity in a token signed by nobody we trust.
  const alice = decodeJwt((await loginAs(app, 'alice@example.com')).accessToken);
  // A login that has ended: its token is well signed and unexpired, but the session is gone.
  const ended = await loginAs(app, 'carol@example.com');
  await call(app, { url: '/v1/logout', token: ended.accessToken, body: {} });

  // Tokens of other kinds this server hands out: none of them is an access token.
  const { refreshToken } = await loginAs(app, 'demo@example.com');
  const apps = (await call(app, { url: '/v1/apps', token: orgToken })).json.data as {
    id: string;
    thirdParty: boolean;
    canLaunch: boolean;
  }[];
  const firstParty = apps.find((item) => !item.thirdParty && item.canLaunch)!;
  const launchToken = (
    await call(app, { url: '/v1/app/launch', token: orgToken, body: { appId: firstParty.id } })
  ).json.data.token as string;
  const partnerApp = apps.find((item) => item.thirdParty)!;
  await call(app, {
    method: 'PATCH',
    url: '/v1/app/status',
    token: orgToken,
    body: { appId: partnerApp.id, enabled: true },
  });
  await call(app, {
    method: 'PATCH',
    url: '/v1/app/config',
    token: orgToken,
    body: { appId: partnerApp.id, ssoIntegrationCompleted: true },
  });
  const ssoToken = (await call(app, { url: '/v1/app/sso', token: orgToken, body: { appId: partnerApp.id } }))
    .json.data.token as string;
  const challenge = (
    await call(app, { url: '/v1/login', body: { email: 'totp@example.com', password: 'Demo@1234' } })
  ).json.data.tokenId as string;
  await call(app, { url: '/v1/forget-password', body: { email: 'bob@example.com' } });
  await app.services.mailer.idle();
  const resetToken = (await linkParams(app, 'bob@example.com', '/reset-password')).get('verificationToken')!;
  for (const [what, token] of Object.entries({ refreshToken, launchToken, ssoToken, challenge, resetToken }))
    expect(token, what).toEqual(expect.any(String));

  const bearer = (token: string) => `Bearer ${token}`;
  presented.push(
    ['no Authorization header', null],
    ['an empty bearer', 'Bearer '],
    ['Basic credentials', 'Basic ZGVtb0BleGFtcGxlLmNvbTpEZW1vQDEyMzQ='],
    ['the token without "Bearer"', orgToken],
    ['garbage', bearer('not-a-token')],
    ['three empty parts', bearer('..')],
    ['parts that are not base64', bearer('%%%.%%%.%%%')],
    ["alg 'none'", bearer(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`)],
    [
      "alg 'none' with the real signature",
      bearer(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`),
    ],
    ['HS512 with the right key', bearer(await sign(claims, 'HS512'))],
    ['HS256 with another key', bearer(await sign(claims, 'HS256', randomBytes(32)))],
    [
      'the payload changed to another user',
      bearer(`${header}.${b64({ ...claims, sub: alice.sub, sid: alice.sid })}.${signature}`),
    ],
    [
      'the payload changed to another organisation',
      bearer(`${header}.${b64({ ...claims, org: '11111111-1111-4111-8111-000000000002' })}.${signature}`),
    ],
    [
      'a flipped signature',
      bearer(`${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`),
    ],
    ['expired an hour ago', bearer(await sign({ ...claims, iat: now - 7200, exp: now - 3600 }))],
    ['without exp', bearer(await sign({ sub: claims.sub, sid: claims.sid, org: claims.org, iat: now }))],
    ['without sid', bearer(await sign({ sub: claims.sub, iat: now, exp: now + 600 }))],
    [
      'a session id that does not exist',
      bearer(await sign({ ...claims, sid: '00000000-0000-4000-8000-000000000000' })),
    ],
    ['another user’s session id under this user', bearer(await sign({ ...claims, sid: alice.sid }))],
    ['a logged-out session', bearer(ended.accessToken)],
    ['a refresh token', bearer(refreshToken)],
    ['a first-party launch token', bearer(launchToken)],
    ['a partner SSO token', bearer(ssoToken)],
    ['a second-factor tokenId', bearer(challenge)],
    ['a password-reset token', bearer(resetToken)],
  );
  initial = await fingerprint(app);
});
afterAll(() => app.close());

const sessionEntries = ENTRIES.filter((entry) => entry.endpoint.auth === 'session');

describe.each(sessionEntries.map((entry) => [describeEntry(entry), entry] as const))(
  'bearer tokens: %s',
  (_label, entry) => {
    it('refuses every malformed, tampered or wrong-type token with 401, before anything runs', async () => {
      expect(presented.length).toBeGreaterThan(20);
      for (const [what, authorization] of presented) {
        const options = injectOptions(entry, validInput(entry));
        if (authorization !== null) options.headers = { ...options.headers, authorization };
        const response = await app.inject(options);
        expectRefusal(response, 401, what);
        expect(response.json().msg, what).toBe('Session expired. Please log in again');
      }
    });
  },
);

it('stored nothing while every token was tried on every endpoint', async () => {
  expect(changedTables(initial, await fingerprint(app))).toEqual([]);
});

describe('a mailed link presented twice at the same moment works once', () => {
  // Each test in its own throttle and code windows.
  beforeEach(() => clock.advance(minutes(20)));

  it('PATCH /v1/reset-password: one reset, the other "Link is expired", and the winner’s password is the one set', async () => {
    await call(app, { url: '/v1/forget-password', body: { email: 'bob@example.com' } });
    await app.services.mailer.idle();
    const token = (await linkParams(app, 'bob@example.com', '/reset-password')).get('verificationToken');
    const passwords = ['Firs7!Choice', 'Secon2!Choice'];
    const answers = await Promise.all(
      passwords.map((password) =>
        call(app, { method: 'PATCH', url: '/v1/reset-password', body: { token, password } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const loser = answers.find((answer) => answer.statusCode === 400)!;
    expect(loser.json.msg).toBe('Link is expired');
    const winner = passwords[answers.findIndex((answer) => answer.statusCode === 200)];
    await loginAs(app, 'bob@example.com', winner);
    const other = await call(app, {
      url: '/v1/login',
      body: { email: 'bob@example.com', password: passwords.find((p) => p !== winner) },
    });
    expect(other.json.msg).toBe('Invalid email or password');
  });

  it('POST /v1/verify-email: one verification, the other "Link is expired"', async () => {
    await call(app, {
      url: '/v1/register',
      body: { firstName: 'Twice', lastName: 'Clicked', email: 'twice@example.com', password: 'Str0ng!Pass' },
    });
    await app.services.mailer.idle();
    const token = (await linkParams(app, 'twice@example.com', '/email-verification')).get(
      'verificationToken',
    );
    const answers = await Promise.all(
      [1, 2].map(() => call(app, { url: '/v1/verify-email', body: { token } })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)!.json.msg).toBe('Link is expired');
  });
});

describe('the authenticator at login', () => {
  beforeEach(() => clock.advance(minutes(20)));
  const challenge = async () =>
    (await call(app, { url: '/v1/login', body: { email: 'totp@example.com', password: DEMO_PASSWORD } })).json
      .data.tokenId as string;
  const codeAt = (offsetSeconds: number) =>
    generate({ secret: DEMO_TOTP_SECRET, epoch: Math.floor(clock.now().getTime() / 1000) + offsetSeconds });
  const verify = async (tokenId: string, code: string) =>
    call(app, { url: '/v1/two-factor/verify', body: { tokenId, type: 'totp', code } });

  it('accepts the step before and the step after (clock drift), not two steps away', async () => {
    for (const offset of [-60, 60]) {
      const refused = await verify(await challenge(), await codeAt(offset));
      expect(refused.statusCode, `${offset} s`).toBe(400);
      expect(refused.json.msg).toBe('Invalid verification code');
    }
    clock.advance(minutes(20));
    expect((await verify(await challenge(), await codeAt(-30))).statusCode).toBe(200);
    clock.advance(seconds(90));
    expect((await verify(await challenge(), await codeAt(30))).statusCode).toBe(200);
  });

  it('never accepts a step older than the last one accepted, even within the window', async () => {
    clock.advance(seconds(30));
    expect((await verify(await challenge(), await codeAt(0))).statusCode).toBe(200);
    // The previous step is inside the ±1 window, but an older code than one already used is a replay.
    const older = await verify(await challenge(), await codeAt(-30));
    expect(older.statusCode).toBe(400);
    expect(older.json.msg).toBe('Invalid verification code');
  });

  it('accepts one code once when it is presented on two logins at the same moment', async () => {
    clock.advance(seconds(30));
    const [first, second] = [await challenge(), await challenge()];
    const code = await codeAt(0);
    const answers = await Promise.all([verify(first, code), verify(second, code)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });
});
