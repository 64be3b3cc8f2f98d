import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { REFRESH_TOKEN_HEADER } from '../contract/v1/constants';
import { seconds } from './clock';
import type { App } from './http/types';
import { DEMO_PASSWORD } from './seed/demo-data';
import { FakeClock, call, createTestApp, createTwinApp, loginAs } from './test/test-app';

/**
 * Two API instances on one PostgreSQL database with one signing key (JWT_SECRET), each with its own connection
 * pool, services and memory: what two servers behind a load balancer share is the database, so every limit
 * below must live there (issue 17, server/README.md "Security"): the login lockout, refresh reuse detection
 * and the refresh grace window. Runs only in `npm run test:postgres`
 * (vite.config.ts includes *.postgres.test.ts only when DATABASE_URL is set).
 */
if (!process.env.DATABASE_URL) {
  throw new Error('server/multi-instance.postgres.test.ts needs PostgreSQL: run it with npm run test:postgres');
}

const clock = new FakeClock();
let a: App;
let b: App;
beforeAll(async () => {
  a = await createTestApp({ clock });
  b = await createTwinApp(a, { clock });
});
afterAll(async () => {
  await b.close();
  await a.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const refresh = (app: App, token: string) =>
  call(app, { method: 'POST', url: '/v1/organization/refresh', headers: { [REFRESH_TOKEN_HEADER]: token } });
const profile = (app: App, token: string) => call(app, { url: '/v1/user', token });
const login = (app: App, email: string, password: string, ip: string) =>
  call(app, { url: '/v1/login', body: { email, password, captcha: 'x' }, ip });

describe('two instances on one PostgreSQL database', () => {
  it('have their own connection pools', () => {
    expect(a.database).not.toBe(b.database);
  });

  it('login lockout: 40 parallel wrong passwords for one account, split over both, check exactly 10; then both refuse the right one', async () => {
    const checks = [vi.spyOn(a.services.hasher, 'verify'), vi.spyOn(b.services.hasher, 'verify')];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(i % 2 ? b : a, 'carol@example.com', `Wrong@${i}abc`, `10.70.0.${i}`)),
    );
    expect(checks[0].mock.calls.length + checks[1].mock.calls.length).toBe(10);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(30);
    expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(10);
    for (const [i, app] of [a, b].entries()) {
      const refused = await login(app, 'carol@example.com', DEMO_PASSWORD, `10.70.1.${i}`);
      expect(refused.statusCode).toBe(429);
      expect(refused.json.code).toBe('LOGIN_THROTTLED');
    }
  });

  it('refresh reuse detection: a token rotated on one instance and presented to the other after the grace window ends the login on both', async () => {
    const first = await loginAs(a, 'alice@example.com');
    const second = (await refresh(a, first.refreshToken)).json.data;
    expect((await profile(b, second.accessToken)).statusCode).toBe(200);
    clock.advance(seconds(11));

    const reused = await refresh(b, first.refreshToken);
    expect(reused.statusCode).toBe(401);
    expect(reused.json.code).toBe('REFRESH_TOKEN_REUSED');
    for (const app of [a, b]) {
      expect((await profile(app, second.accessToken)).statusCode).toBe(401);
      expect((await refresh(app, second.refreshToken)).statusCode).toBe(401);
    }
  });

  it('refresh grace window: one token refreshed in parallel on both instances gives every caller the same working pair', async () => {
    const first = await loginAs(a, 'bob@example.com');
    clock.advance(seconds(1));
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => refresh(i % 2 ? b : a, first.refreshToken)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const current = new Set(answers.map((answer) => answer.json.data.refreshToken));
    expect(current.size).toBe(1);
    const sid = decodeJwt(first.accessToken).sid;
    for (const [i, answer] of answers.entries()) {
      expect(decodeJwt(answer.json.data.accessToken).sid).toBe(sid);
      expect((await profile(i % 2 ? a : b, answer.json.data.accessToken)).statusCode).toBe(200);
    }
    // A retry whose answer was lost, on the other instance, a few seconds later: still the current pair.
    clock.advance(seconds(5));
    const retried = await refresh(b, first.refreshToken);
    expect(retried.statusCode).toBe(200);
    expect(retried.json.data.refreshToken).toBe([...current][0]);
    // And the pair they all hold keeps working.
    const next = await refresh(b, [...current][0]);
    expect(next.statusCode).toBe(200);
    expect((await profile(a, next.json.data.accessToken)).statusCode).toBe(200);
  });
});
