/**
 * Account enumeration (issue #17, "The suite that keeps it fixed"; issue #40): login, forgot-password, sign-up and
 * resend-email answer a known and an unknown address with the same status and the same body, and do the same
 * password work for both. Skipping a password hash is the difference an attacker would time, so instead of timing
 * (which a busy machine turns into noise; the timing itself is measured by `npm run bench:api`), each call counts
 * the argon2 operations it runs: every hash and verification takes a turn in the hasher's queue, and the turns a
 * call took, including the mail work it leaves behind, must not depend on whether the account exists. The last
 * test is the control: two calls that differ by one verification must differ in the count.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { minutes } from '../../clock';
import type { App } from '../../http/types';
import { FakeClock, call, createTestApp } from '../../test/test-app';

const SAMPLES = 3;
const clock = new FakeClock();
let app: App;

beforeAll(async () => {
  app = await createTestApp({ clock });
  // An unknown account's login verifies against a dummy hash made on first use: make it now, so that one-off
  // hash is not counted against the first unknown address.
  await app.services.hasher.burn('warm-up');
});
afterAll(() => app.close());

type Send = (email: string, ip: string) => Promise<{ statusCode: number; body: string }>;
let round = 0;

/** The argon2 operations (hashes and verifications) started while `work` runs. */
async function argon2Turns(work: () => Promise<void>): Promise<number> {
  const hasher = app.services.hasher as unknown as { inTurn: (...args: unknown[]) => Promise<unknown> };
  const turns = vi.spyOn(hasher, 'inTurn');
  try {
    await work();
    return turns.mock.calls.length;
  } finally {
    turns.mockRestore();
  }
}

/**
 * Calls `send` for each kind of address, alternately, SAMPLES times; between calls the clock moves past every
 * throttle window and each call comes from its own address, so no limit answers instead of the endpoint.
 */
async function compare(send: Send, kinds: Record<string, (i: number) => string>) {
  const answers: Record<string, Set<string>> = {};
  const work: Record<string, Set<number>> = {};
  for (let i = 0; i < SAMPLES; i++) {
    for (const kind of Object.keys(kinds)) {
      round += 1;
      clock.advance(minutes(120));
      const turns = await argon2Turns(async () => {
        const response = await send(kinds[kind](i), `198.51.100.${round % 250}`);
        (answers[kind] ??= new Set()).add(`${response.statusCode} ${response.body}`);
        // Mail goes out after the answer: the work it does counts too.
        await app.services.mailer.idle();
      });
      (work[kind] ??= new Set()).add(turns);
    }
  }
  return { answers, work: Object.fromEntries(Object.entries(work).map(([kind, counts]) => [kind, [...counts]])) };
}

function expectIndistinguishable({ answers, work }: Awaited<ReturnType<typeof compare>>) {
  const distinct = new Set(Object.values(answers).flatMap((set) => [...set]));
  // One answer, the same for every kind of address and every call.
  expect([...distinct]).toHaveLength(1);
  // One amount of password work, the same for every kind of address and every call.
  const counts = Object.values(work)[0];
  expect(counts).toHaveLength(1);
  for (const kindCounts of Object.values(work)) expect(kindCounts).toEqual(counts);
  return { answer: [...distinct][0], turns: counts[0] };
}

describe('the same answer, after the same password work, for known and unknown addresses', () => {
  it('POST /v1/login: a wrong password and an unknown address each verify one password', async () => {
    const result = await compare(
      (email, ip) => call(app, { url: '/v1/login', body: { email, password: 'Wrong-pass1!' }, ip }),
      { known: () => 'alice@example.com', unknown: (i) => `nobody-login-${i}@example.com` },
    );
    const { answer, turns } = expectIndistinguishable(result);
    expect(answer).toMatch(/^400 .*Invalid email or password/);
    expect(turns).toBe(1);
  });

  it('POST /v1/forget-password', async () => {
    const result = await compare((email, ip) => call(app, { url: '/v1/forget-password', body: { email }, ip }), {
      known: () => 'bob@example.com',
      unknown: (i) => `nobody-forgot-${i}@example.com`,
    });
    expect(expectIndistinguishable(result).answer).toMatch(/^200 /);
  });

  it('POST /v1/register: an existing account and a new address each hash the password', async () => {
    const result = await compare(
      (email, ip) =>
        call(app, {
          url: '/v1/register',
          body: { firstName: 'Same', lastName: 'Answer', email, password: 'Str0ng!Pass' },
          ip,
        }),
      { existing: () => 'carol@example.com', new: (i) => `newcomer-${i}@example.com` },
    );
    const { answer, turns } = expectIndistinguishable(result);
    expect(answer).toMatch(/^200 /);
    expect(turns).toBe(1);
  });

  it('POST /v1/resend-email: unverified, verified and unknown addresses', async () => {
    const result = await compare((email, ip) => call(app, { url: '/v1/resend-email', body: { email }, ip }), {
      unverified: () => 'unverified@example.com',
      verified: () => 'dave@example.com',
      unknown: (i) => `nobody-resend-${i}@example.com`,
    });
    expect(expectIndistinguishable(result).answer).toMatch(/^200 /);
  });

  it('the count sees one verification: a login (which verifies) against a forgot-password (which does not)', async () => {
    // The control of the tests above: two calls that differ by exactly one verification must differ in the count.
    const result = await compare(
      (target, ip) =>
        target.startsWith('login:')
          ? call(app, { url: '/v1/login', body: { email: target.slice(6), password: 'Wrong-pass1!' }, ip })
          : call(app, { url: '/v1/forget-password', body: { email: target.slice(7) }, ip }),
      { verifying: (i) => `login:control-${i}@example.com`, plain: (i) => `forgot:control-${i}@example.com` },
    );
    expect(result.work).toEqual({ verifying: [1], plain: [0] });
  });
});
