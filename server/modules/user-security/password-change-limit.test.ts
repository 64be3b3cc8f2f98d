import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { minutes, seconds } from '../../clock';
import type { App } from '../../http/types';
import { DEMO_PASSWORD } from '../../seed/demo-data';
import { FakeClock, call, createTestApp, createTwinApp, loginAs } from '../../test/test-app';

/**
 * A stolen session must not guess the current password faster than the limit allows, in parallel or through
 * several API instances (issue 17 item 6): the checks actually performed are counted on the hasher.
 */
const clock = new FakeClock();
let app: App;
let twin: App;
beforeAll(async () => {
  app = await createTestApp({ clock });
  twin = await createTwinApp(app, { clock });
});
afterAll(async () => {
  await twin.close();
  await app.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const change = (on: App, token: string, currentPassword: string) =>
  call(on, {
    method: 'PATCH',
    url: '/v1/change-password',
    token,
    body: { currentPassword, newPassword: 'N3w!Secret' },
  });

describe('PATCH /v1/change-password under parallel wrong current passwords', () => {
  it('30 parallel wrong current passwords check exactly 5', async () => {
    const { accessToken } = await loginAs(app, 'alice@example.com');
    const verify = vi.spyOn(app.services.hasher, 'verify');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => change(app, accessToken, `Wr0ng!${i}xx`)),
    );
    expect(verify).toHaveBeenCalledTimes(5);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(25);
    expect(answers.find((a) => a.statusCode === 429)!.json.msg).toBe(
      'Too many wrong passwords. Please try again later',
    );
    // the right one waits too
    expect((await change(app, accessToken, DEMO_PASSWORD)).statusCode).toBe(429);
  });

  it('holds across two API instances', async () => {
    const { accessToken } = await loginAs(app, 'bob@example.com');
    const verifyA = vi.spyOn(app.services.hasher, 'verify');
    const verifyB = vi.spyOn(twin.services.hasher, 'verify');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => change(i % 2 ? twin : app, accessToken, `Wr0ng!${i}xx`)),
    );
    expect(verifyA.mock.calls.length + verifyB.mock.calls.length).toBe(5);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(25);
  });

  it('lets the right password through after the 15-minute window', async () => {
    clock.advance(minutes(15) + seconds(1));
    const { accessToken } = await loginAs(app, 'alice@example.com');
    expect((await change(app, accessToken, DEMO_PASSWORD)).statusCode).toBe(200);
  });
});
