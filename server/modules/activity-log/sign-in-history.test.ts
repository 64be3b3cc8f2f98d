import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignInHistoryData } from '../../../contract/v1/charts';
import { activityLogs } from '../../db/schema';
import type { App } from '../../http/types';
import { newId } from '../../security/random';
import { DEMO_PASSWORD } from '../../seed/demo-data';
import { call, createTestApp, FakeClock, loginAs } from '../../test/test-app';
import { users } from '../users/schema';

const DAY_MS = 24 * 3600_000;
const clock = new FakeClock(Date.UTC(2030, 0, 15, 9, 0, 0));
let app: App;

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

const userId = async (email: string) =>
  (await app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;

const signIns = async (token: string, query = '') => {
  const answer = await call(app, { url: `/v1/activity-logs/sign-ins${query}`, token });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json.data as SignInHistoryData).days;
};
const on = (days: SignInHistoryData['days'], day: string) => days.find((d) => d.day === day);

/** An event of `email`'s account written straight to the log, `hoursAgo` before the clock. */
async function event(
  email: string,
  eventType: string,
  hoursAgo: number,
  details: Record<string, unknown> | null = null,
) {
  await app.database.db.insert(activityLogs).values({
    id: newId(),
    eventType,
    userId: await userId(email),
    details,
    createdAt: new Date(clock.now().getTime() - hoursAgo * 3600_000),
  });
}

describe('GET /v1/activity-logs/sign-ins', () => {
  it("counts the caller's own sign-ins and refused attempts per day of the last 30, today last, zero days included", async () => {
    // Alice has no seeded sign-ins: what is counted is what this test does.
    const wrong = await call(app, {
      url: '/v1/login',
      body: { email: 'alice@example.com', password: 'Wrong-Password-1', captcha: 'test' },
    });
    expect(wrong.statusCode).toBe(400);
    const alice = await loginAs(app, 'alice@example.com', DEMO_PASSWORD);
    await event('alice@example.com', 'sso.login', 48, { outcome: 'logged-in' });
    await event('alice@example.com', 'sso.login', 48, { outcome: 'password-required' });
    await event('alice@example.com', 'two-factor.failure', 48, { type: 'totp' });
    // A wrong code while setting up a second factor is not a sign-in; nor is anything older than 30 days.
    await event('alice@example.com', 'two-factor.failure', 48, { type: 'totp', during: 'setup' });
    await event('alice@example.com', 'login.success', 30 * 24 + 1);
    // Someone else's sign-in is not Alice's.
    await event('bob@example.com', 'login.success', 1);

    const days = await signIns(alice.accessToken);
    expect(days).toHaveLength(30);
    expect(days[0].day).toBe('2029-12-17');
    expect(days.at(-1)).toEqual({ day: '2030-01-15', succeeded: 1, failed: 1 });
    expect(on(days, '2030-01-13')).toEqual({ day: '2030-01-13', succeeded: 1, failed: 1 });
    const total = days.reduce((sum, d) => sum + d.succeeded + d.failed, 0);
    expect(total).toBe(4);
  });

  it('counts in the days of the requested zone', async () => {
    // 2030-01-14 20:00 UTC is already the 15th in Sydney.
    const carol = await loginAs(app, 'carol@example.com', DEMO_PASSWORD);
    await event('carol@example.com', 'login.failure', 13, { reason: 'password' });
    const utc = await signIns(carol.accessToken);
    expect(on(utc, '2030-01-14')?.failed).toBe(1);
    const sydney = await signIns(carol.accessToken, '?timeZone=Australia%2FSydney');
    expect(on(sydney, '2030-01-14')?.failed).toBe(0);
    expect(on(sydney, '2030-01-15')).toEqual({ day: '2030-01-15', succeeded: 1, failed: 1 });
  });

  it("shows the demo user's seeded month, with its refused attempts", async () => {
    const demo = await loginAs(app, 'demo@example.com', DEMO_PASSWORD);
    const days = await signIns(demo.accessToken);
    expect(on(days, new Date(clock.now().getTime() - 9 * DAY_MS).toISOString().slice(0, 10))).toMatchObject({
      succeeded: 2,
      failed: 4,
    });
    expect(days.filter((d) => d.failed > 0)).toHaveLength(3);
  });

  it('refuses an unknown zone on its field and a caller without a session', async () => {
    const alice = await loginAs(app, 'alice@example.com', DEMO_PASSWORD);
    const refused = await call(app, {
      url: '/v1/activity-logs/sign-ins?timeZone=Mars%2FOlympus',
      token: alice.accessToken,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json.errors).toEqual([{ field: 'timeZone', msg: expect.any(String) }]);
    const unknownField = await call(app, {
      url: '/v1/activity-logs/sign-ins?userId=x',
      token: alice.accessToken,
    });
    expect(unknownField.statusCode).toBe(400);
    expect((await call(app, { url: '/v1/activity-logs/sign-ins' })).statusCode).toBe(401);
  });
});
