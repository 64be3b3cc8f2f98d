import { and, eq } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REFRESH_TOKEN_HEADER } from '../../contract/v1/constants';
import { throttleCounters } from '../db/schema';
import type { App } from '../http/types';
import { call, createTestApp, loginAs } from '../test/test-app';
import type { Argon2Params, Argon2Runner } from './argon2-workers';

/**
 * A login storm must not slow other calls (issue #33 finding 14, docs/performance.md "A login storm"). Hashing is
 * replaced by a stand-in whose verifications wait until the test lets them finish, so the storm can be held at
 * its peak and looked at: how many hashes run, which logins have touched the database, and whether a signed-in
 * user is still served. Nothing here measures time.
 */
class HeldArgon2 implements Argon2Runner {
  running = 0;
  mostAtOnce = 0;
  private holding = false;
  private readonly held: (() => void)[] = [];

  async hash(password: string, _params: Argon2Params): Promise<string> {
    return `held$${password}`;
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    this.running += 1;
    this.mostAtOnce = Math.max(this.mostAtOnce, this.running);
    if (this.holding) await new Promise<void>((resolve) => this.held.push(resolve));
    this.running -= 1;
    return passwordHash === `held$${password}`;
  }

  hold(): void {
    this.holding = true;
  }

  /** Lets every held verification finish, and those that come later pass straight through. */
  releaseAll(): void {
    this.holding = false;
    for (const release of this.held.splice(0)) release();
  }

  async close(): Promise<void> {}
}

const STORM_IP = '198.51.100.33';
const STORM = 50;
let app: App;
const argon2 = new HeldArgon2();

beforeAll(async () => {
  // Two hashes at once: four sign-ins admitted (twice the hashes), the rest wait before their first query.
  app = await createTestApp({ env: { HASH_CONCURRENCY: '2' }, argon2Runner: argon2 });
});
afterAll(() => app.close());

/** Password checks reserved from the storm's address: one per login that reached the guess limits. */
async function reservedFromStormAddress(on: App = app): Promise<number> {
  const [row] = await on.database.db
    .select({ count: throttleCounters.count })
    .from(throttleCounters)
    .where(and(eq(throttleCounters.bucket, 'login-ip'), eq(throttleCounters.key, STORM_IP)));
  return row?.count ?? 0;
}

describe('a login storm', () => {
  it('runs at most the allowed hashes, keeps waiting logins off the database, and serves signed-in users meanwhile', async () => {
    const { accessToken, refreshToken } = await loginAs(app, 'demo@example.com');
    argon2.hold();
    argon2.mostAtOnce = 0;

    // Fifty sign-ins at once, every one of them for an address with no account (each still costs a verification).
    const storm = Array.from({ length: STORM }, (_, i) =>
      call(app, {
        url: '/v1/login',
        body: { email: `storm-${i}@example.com`, password: 'Wrong-password-1', captcha: 'x' },
        ip: STORM_IP,
      }),
    );
    // The storm at its peak: two hashing, two more admitted and waiting for a hash, the other 46 waiting to start.
    await vi.waitFor(() =>
      expect(app.services.hasher.load).toEqual({
        signIns: { running: 4, waiting: STORM - 4 },
        hashes: { running: 2, waiting: 2 },
      }),
    );
    expect(argon2.running).toBe(2);
    // Only the four admitted logins have reached the database (each reserved its password check there).
    expect(await reservedFromStormAddress()).toBe(4);

    // While every hash is held, the database answers and a signed-in user is served: no login holds a connection
    // or a transaction across its hash (PGlite has one connection: a held one would block these for good).
    await expect(app.database.db.execute(sql`select 1`)).resolves.toBeDefined();
    const user = await call(app, { url: '/v1/user', token: accessToken });
    expect(user.statusCode).toBe(200);
    expect(user.json.data.userInfo).toMatchObject({ email: 'demo@example.com' });
    const refreshed = await call(app, {
      method: 'POST',
      url: '/v1/organization/refresh',
      headers: { [REFRESH_TOKEN_HEADER]: refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(argon2.running).toBe(2);

    argon2.releaseAll();
    const answers = await Promise.all(storm);
    // Every one of them waited its turn and got the ordinary answer: none was refused as busy, none failed.
    expect(answers.map((answer) => answer.json.code)).toEqual(Array(STORM).fill('INVALID_CREDENTIALS'));
    expect(argon2.mostAtOnce).toBe(2);
    expect(await reservedFromStormAddress()).toBe(STORM);
    expect(app.services.hasher.load).toEqual({
      signIns: { running: 0, waiting: 0 },
      hashes: { running: 0, waiting: 0 },
    });
  });

  it('refuses what cannot wait with 429 SERVER_BUSY before any query: a busy answer spends no guess', async () => {
    const held = new HeldArgon2();
    // One hash at a time: two sign-ins admitted, one place to wait, the rest refused at once.
    const small = await createTestApp({
      env: { HASH_CONCURRENCY: '1', HASH_QUEUE_LIMIT: '1' },
      argon2Runner: held,
    });
    try {
      await small.services.hasher.burn('warm-up');
      held.hold();
      const answered: Awaited<ReturnType<typeof call>>[] = [];
      const logins = Array.from({ length: 10 }, (_, i) =>
        call(small, {
          url: '/v1/login',
          body: { email: `busy-${i}@example.com`, password: 'Wrong-password-1', captcha: 'x' },
          ip: STORM_IP,
        }).then((answer) => {
          answered.push(answer);
          return answer;
        }),
      );
      // Seven answer while every hash is held (the other three cannot: two are admitted, one waits for its turn).
      await vi.waitFor(() => expect(answered).toHaveLength(7));
      expect(small.services.hasher.load.signIns).toEqual({ running: 2, waiting: 1 });
      for (const answer of answered) {
        expect(answer.statusCode).toBe(429);
        expect(answer.json.code).toBe('SERVER_BUSY');
        expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
      // Both admitted have reserved their check: one is hashing, the other waits for the hash.
      await vi.waitFor(() => expect(small.services.hasher.load.hashes).toEqual({ running: 1, waiting: 1 }));
      expect(held.running).toBe(1);
      // Only the two admitted reached the guess limits; the refused took nothing from anyone's budget.
      expect(await reservedFromStormAddress(small)).toBe(2);

      held.releaseAll();
      const answers = await Promise.all(logins);
      expect(answers.filter((answer) => answer.json.code === 'INVALID_CREDENTIALS')).toHaveLength(3);
      expect(await reservedFromStormAddress(small)).toBe(3);
    } finally {
      held.releaseAll();
      await small.close();
    }
  });
});
