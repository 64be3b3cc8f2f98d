import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_TOKEN_HEADER } from '../../../contract/v1/constants';
import { seconds } from '../../clock';
import { loadConfig } from '../../config';
import type { App } from '../../http/types';
import { FakeClock, call, createTestApp, loginAs } from '../../test/test-app';
import { hours } from '../../test/time';

/**
 * How long a login lives on the server (server/README.md "Security", docs/limits-and-timing.md): a refresh
 * token unused for the idle timeout is refused, and no amount of refreshing outlives the absolute lifetime.
 */

const refresh = (app: App, token: string) =>
  call(app, { method: 'POST', url: '/v1/organization/refresh', headers: { [REFRESH_TOKEN_HEADER]: token } });
const profile = (app: App, token: string) => call(app, { url: '/v1/user', token });

describe('configuration', () => {
  it("the idle timeout defaults to the portal's idle rule: the access token's lifetime plus the 120 s warning", () => {
    expect(loadConfig({}).sessionIdleSeconds).toBe(900 + 120);
    expect(loadConfig({ ACCESS_TOKEN_TTL: '300' }).sessionIdleSeconds).toBe(300 + 120);
    expect(loadConfig({ SESSION_IDLE_TIMEOUT: '3600' }).sessionIdleSeconds).toBe(3600);
    expect(loadConfig({}).sessionMaxAgeSeconds).toBe(7 * 24 * 3600);
  });

  it('the refresh reuse grace window defaults to 10 s, 0 turns it off, and nonsense stops the server', () => {
    expect(loadConfig({}).refreshReuseGraceSeconds).toBe(10);
    expect(loadConfig({ REFRESH_REUSE_GRACE_SECONDS: '0' }).refreshReuseGraceSeconds).toBe(0);
    expect(() => loadConfig({ REFRESH_REUSE_GRACE_SECONDS: '-1' })).toThrow(/REFRESH_REUSE_GRACE_SECONDS/);
    expect(() => loadConfig({ SESSION_IDLE_TIMEOUT: 'soon' })).toThrow(/SESSION_IDLE_TIMEOUT/);
  });
});

describe('idle timeout (default)', () => {
  const clock = new FakeClock();
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ clock, signingKey: randomBytes(32) });
  });
  afterAll(() => app.close());

  it('refuses a refresh token left unused for longer than 17 minutes and ends its session', async () => {
    const pair = await loginAs(app, 'alice@example.com');
    clock.advance(seconds(900 + 120 + 1));
    const refused = await refresh(app, pair.refreshToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json).toEqual({ msg: 'Session expired. Please log in again', code: 'SESSION_IDLE' });
    // Ended, not just refused: trying again (or later) does not bring it back.
    expect((await refresh(app, pair.refreshToken)).statusCode).toBe(401);
  });

  it('accepts it at 17 minutes, and each refresh starts the idle time again', async () => {
    let pair = await loginAs(app, 'alice@example.com');
    // An hour of work: the portal refreshes about every 14 minutes; here every 17, the longest allowed gap.
    for (let step = 0; step < 4; step++) {
      clock.advance(seconds(900 + 120));
      const response = await refresh(app, pair.refreshToken);
      expect(response.statusCode).toBe(200);
      pair = response.json.data;
    }
    expect((await profile(app, pair.accessToken)).statusCode).toBe(200);
  });

  it("one login going idle ends only that login: the user's other logins keep working", async () => {
    const login = await loginAs(app, 'alice@example.com');
    clock.advance(seconds(900 + 120 + 1));
    expect((await refresh(app, login.refreshToken)).json.code).toBe('SESSION_IDLE');
    const other = await loginAs(app, 'alice@example.com');
    expect((await profile(app, other.accessToken)).statusCode).toBe(200);
  });
});

describe('idle timeout and absolute lifetime (configured)', () => {
  const clock = new FakeClock();
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({
      clock,
      signingKey: randomBytes(32),
      env: { SESSION_IDLE_TIMEOUT: String(2 * 24 * 3600) },
    });
  });
  afterAll(() => app.close());

  it('SESSION_IDLE_TIMEOUT is honoured: a day without refreshing is fine under a 2-day timeout', async () => {
    const pair = await loginAs(app, 'alice@example.com');
    clock.advance(hours(24));
    expect((await refresh(app, pair.refreshToken)).statusCode).toBe(200);
  });

  it('stops at the absolute session lifetime (7 days) however often it is used', async () => {
    let pair = await loginAs(app, 'alice@example.com');
    for (let day = 0; day < 6; day++) {
      clock.advance(hours(24));
      const response = await refresh(app, pair.refreshToken);
      expect(response.statusCode).toBe(200);
      pair = response.json.data;
    }
    clock.advance(hours(24));
    const ended = await refresh(app, pair.refreshToken);
    expect(ended.statusCode).toBe(401);
    expect(ended.json.code).toBe('SESSION_ENDED');
  });
});

describe('REFRESH_REUSE_GRACE_SECONDS=0', () => {
  const clock = new FakeClock();
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ clock, env: { REFRESH_REUSE_GRACE_SECONDS: '0' } });
  });
  afterAll(() => app.close());

  it('turns the grace window off: a rotated token presented again, even at once, is reuse', async () => {
    const first = await loginAs(app, 'alice@example.com');
    const second = (await refresh(app, first.refreshToken)).json.data;
    const reused = await refresh(app, first.refreshToken);
    expect(reused.statusCode).toBe(401);
    expect(reused.json.code).toBe('REFRESH_TOKEN_REUSED');
    expect((await profile(app, second.accessToken)).statusCode).toBe(401);
  });
});
