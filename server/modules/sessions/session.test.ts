import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_TOKEN_HEADER } from '../../../contract/v1/constants';
import { seconds } from '../../clock';
import { activityLogs } from '../../db/schema';
import type { App } from '../../http/types';
import { FakeClock, call, createTestApp, loginAs } from '../../test/test-app';
import { DEMO_IDS } from '../organizations/seed';

/** The default REFRESH_REUSE_GRACE_SECONDS (server/README.md "Security"). */
const REFRESH_REUSE_GRACE_DEFAULT = 10;

const clock = new FakeClock();
const signingKey = randomBytes(32);
let app: App;
beforeAll(async () => {
  app = await createTestApp({ clock, signingKey });
});
afterAll(() => app.close());

const refresh = (token?: string) =>
  call(app, { method: 'POST', url: '/v1/organization/refresh', headers: token ? { [REFRESH_TOKEN_HEADER]: token } : {} });
const profile = (token: string) => call(app, { url: '/v1/user', token });
const reuseEvents = async (userId: string) =>
  (await app.services.db.select().from(activityLogs).where(eq(activityLogs.eventType, 'refresh.reuse'))).filter(
    (event) => event.userId === userId,
  ).length;

describe('access tokens', () => {
  it('are HS256 JWTs with sub, iat and exp 15 minutes apart', async () => {
    const { accessToken } = await loginAs(app, 'demo@example.com');
    const claims = decodeJwt(accessToken);
    expect(claims.exp! - claims.iat!).toBe(900);
    expect(claims.sub).toEqual(expect.any(String));
    expect(JSON.parse(Buffer.from(accessToken.split('.')[0], 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
  });

  it('expire: 401 after their lifetime', async () => {
    const { accessToken } = await loginAs(app, 'demo@example.com');
    expect((await profile(accessToken)).statusCode).toBe(200);
    clock.advance(seconds(901));
    const expired = await profile(accessToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json).toEqual({ msg: 'Session expired. Please log in again', code: 'TOKEN_INVALID' });
  });

  it('are refused when tampered with', async () => {
    const { accessToken } = await loginAs(app, 'demo@example.com');
    const [header, payload, signature] = accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
    expect((await profile(`${header}.${forgedPayload}.${signature}`)).statusCode).toBe(401);
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    expect((await profile(`${header}.${payload}.${flipped}`)).statusCode).toBe(401);
  });

  it("are refused with alg 'none', another algorithm, or without exp", async () => {
    const { accessToken } = await loginAs(app, 'demo@example.com');
    const claims = decodeJwt(accessToken);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    expect((await profile(none)).statusCode).toBe(401);
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(signingKey);
    expect((await profile(hs512)).statusCode).toBe(401);
    const { exp: _exp, ...noExp } = claims;
    const withoutExp = await new SignJWT(noExp).setProtectedHeader({ alg: 'HS256' }).sign(signingKey);
    expect((await profile(withoutExp)).statusCode).toBe(401);
    // the same claims, properly signed, do pass: the refusals above are about the token, not the session
    const proper = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(signingKey);
    expect((await profile(proper)).statusCode).toBe(200);
  });

  it('are required on authenticated routes', async () => {
    const response = await call(app, { url: '/v1/organization-list' });
    expect(response.statusCode).toBe(401);
    expect(response.json.msg).toBe('Session expired. Please log in again');
    expect((await call(app, { url: '/v1/user', headers: { authorization: 'Basic abc' } })).statusCode).toBe(401);
  });
});

describe('POST /v1/organization/refresh', () => {
  it('rotates: a new pair each time, and the new access token works', async () => {
    const first = await loginAs(app, 'alice@example.com');
    clock.advance(seconds(1));
    const response = await refresh(first.refreshToken);
    expect(response.statusCode).toBe(200);
    expect(response.json.msg).toBe('Token refreshed');
    const second = response.json.data;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect((await profile(second.accessToken)).statusCode).toBe(200);
    expect((await refresh(second.refreshToken)).statusCode).toBe(200);
  });

  it('detects reuse after the grace window: the rotated token gets 401 and the newer one stops working too', async () => {
    const first = await loginAs(app, 'alice@example.com');
    const second = (await refresh(first.refreshToken)).json.data;
    clock.advance(seconds(REFRESH_REUSE_GRACE_DEFAULT + 1));
    const reused = await refresh(first.refreshToken);
    expect(reused.statusCode).toBe(401);
    expect(reused.json.code).toBe('REFRESH_TOKEN_REUSED');
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
    expect((await profile(second.accessToken)).statusCode).toBe(401);
    const [event] = await app.services.db.select().from(activityLogs).where(eq(activityLogs.eventType, 'refresh.reuse')).orderBy(desc(activityLogs.seq));
    expect(event).toBeDefined();
  });

  it('five tabs refreshing with one token at once: each gets a working pair of the session, and the pair keeps working', async () => {
    const first = await loginAs(app, 'alice@example.com');
    const reusesBefore = await reuseEvents(decodeJwt(first.accessToken).sub!);
    clock.advance(seconds(1));
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => refresh(first.refreshToken)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // One session, one current refresh token: every tab holds the same one, so no tab's copy goes stale.
    const refreshTokens = new Set(answers.map((a) => a.json.data.refreshToken));
    expect(refreshTokens.size).toBe(1);
    const [current] = refreshTokens;
    expect(current).not.toBe(first.refreshToken);
    const sid = decodeJwt(first.accessToken).sid;
    for (const answer of answers) {
      expect(decodeJwt(answer.json.data.accessToken).sid).toBe(sid);
      expect((await profile(answer.json.data.accessToken)).statusCode).toBe(200);
    }
    const next = await refresh(current);
    expect(next.statusCode).toBe(200);
    expect((await profile(next.json.data.accessToken)).statusCode).toBe(200);
    expect(await reuseEvents(decodeJwt(first.accessToken).sub!)).toBe(reusesBefore);
  });

  it('within the grace window a rotated token is answered with the current pair, also after a later rotation', async () => {
    const first = await loginAs(app, 'alice@example.com');
    const second = (await refresh(first.refreshToken)).json.data;
    clock.advance(seconds(REFRESH_REUSE_GRACE_DEFAULT - 2));
    // A tab whose answer was lost on a bad network tries again with the token it sent.
    const retried = await refresh(first.refreshToken);
    expect(retried.statusCode).toBe(200);
    expect(retried.json.data.refreshToken).toBe(second.refreshToken);
    const third = (await refresh(second.refreshToken)).json.data;
    clock.advance(seconds(1));
    const late = await refresh(first.refreshToken);
    expect(late.statusCode).toBe(200);
    expect(late.json.data.refreshToken).toBe(third.refreshToken);
    expect((await profile(late.json.data.accessToken)).statusCode).toBe(200);
  });

  it('outside the grace window the same retry is reuse and ends the whole login', async () => {
    const first = await loginAs(app, 'alice@example.com');
    const org = await call(app, {
      url: '/v1/organization/access',
      token: first.accessToken,
      body: { orgId: DEMO_IDS.acme, portalId: 'kreanoAccount' },
    });
    expect(org.statusCode).toBe(200);
    const second = (await refresh(first.refreshToken)).json.data;
    clock.advance(seconds(REFRESH_REUSE_GRACE_DEFAULT + 1));
    const reused = await refresh(first.refreshToken);
    expect(reused.statusCode).toBe(401);
    expect(reused.json.code).toBe('REFRESH_TOKEN_REUSED');
    expect((await profile(second.accessToken)).statusCode).toBe(401);
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
    expect((await profile(org.json.data.accessToken)).statusCode).toBe(401);
    expect((await refresh(org.json.data.refreshToken)).statusCode).toBe(401);
  });

  it('the grace window never revives an ended session', async () => {
    const first = await loginAs(app, 'alice@example.com');
    const second = (await refresh(first.refreshToken)).json.data;
    await call(app, { method: 'POST', url: '/v1/logout', token: second.accessToken });
    const retried = await refresh(first.refreshToken);
    expect(retried.statusCode).toBe(401);
  });

  it('refuses a missing or unknown refresh token', async () => {
    expect((await refresh()).statusCode).toBe(401);
    expect((await refresh('not-a-token')).statusCode).toBe(401);
  });
});

describe('POST /v1/logout', () => {
  it('revokes the session: its access and refresh tokens stop working', async () => {
    const pair = await loginAs(app, 'carol@example.com');
    const other = await loginAs(app, 'carol@example.com');
    const response = await call(app, { method: 'POST', url: '/v1/logout', token: pair.accessToken });
    expect(response.statusCode).toBe(200);
    expect(response.json.msg).toBe('Logged out successfully');
    expect((await profile(pair.accessToken)).statusCode).toBe(401);
    expect((await refresh(pair.refreshToken)).statusCode).toBe(401);
    // another login of the same user is another session
    expect((await profile(other.accessToken)).statusCode).toBe(200);
  });

  it('needs a valid access token', async () => {
    expect((await call(app, { method: 'POST', url: '/v1/logout' })).statusCode).toBe(401);
  });
});
