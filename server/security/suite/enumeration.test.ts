/**
 * Account enumeration (issue #17, "The suite that keeps it fixed"): login, forgot-password, sign-up and
 * resend-email answer a known and an unknown address with the same status and the same body, and in the same
 * time within noise. Timing runs with the production argon2id cost (OWASP: m=19456 KiB, t=2, p=1), since
 * skipping a password hash is the difference an attacker would time.
 *
 * "Within noise" is measured in password hashes, not milliseconds (machines and load differ, and a ratio of medians
 * shrinks as load slows every call): each round times one call of each kind and one argon2 verification on the
 * same server, and for every two kinds the median over the rounds of (one's time - the other's) / that round's
 * verification must stay below HALF. Pairing within a round, rather than comparing medians, keeps a busy moment
 * (another test file on the other core) from landing on one kind only. A skipped hash is a whole one, and the last
 * test holds the measure to that: a call that hashes against one that does not must fail the same criterion.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minutes } from '../../clock';
import { SIGN_UP_ANSWER_FLOOR_MS } from '../../config';
import type { App } from '../../http/types';
import { OWASP_ARGON2 } from '../../security/password-hasher';
import { FakeClock, call, createTestApp } from '../../test/test-app';

const SAMPLES = 21;
/** The largest median gap allowed between two kinds, as a share of one verification. */
const HALF = 0.5;
const clock = new FakeClock();
let app: App;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

beforeAll(async () => {
  // Production's hash cost and sign-up floor: what an attacker would time.
  app = await createTestApp({
    clock,
    argon2: OWASP_ARGON2,
    configOverrides: { signUpAnswerFloorMs: SIGN_UP_ANSWER_FLOOR_MS },
  });
});
afterAll(() => app.close());

type Send = (email: string, ip: string) => Promise<{ statusCode: number; body: string }>;
let round = 0;

/**
 * Calls `send` for each kind of address, alternately, SAMPLES times; between rounds the clock moves past every
 * throttle window and each call comes from its own address, so no limit answers instead of the endpoint.
 */
async function compare(send: Send, kinds: Record<string, (i: number) => string>) {
  const answers: Record<string, Set<string>> = {};
  const times: Record<string, number[]> = {};
  const verifications: number[] = [];
  const reference = await app.services.hasher.hash('Reference-pass1!');
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    await app.services.hasher.verify(reference, 'Wrong-pass1!');
    verifications.push(performance.now() - started);
    const order = i % 2 === 0 ? Object.keys(kinds) : Object.keys(kinds).reverse();
    for (const kind of order) {
      round += 1;
      clock.advance(minutes(120));
      const start = performance.now();
      const response = await send(kinds[kind](i), `198.51.100.${round % 250}`);
      (times[kind] ??= []).push(performance.now() - start);
      (answers[kind] ??= new Set()).add(`${response.statusCode} ${response.body}`);
      // Mail goes out after the answer; let it finish outside the measured time.
      await app.services.mailer.idle();
    }
  }
  const kindNames = Object.keys(kinds);
  // For each two kinds, a before b: the median over the rounds of their time difference, in verifications.
  const gaps: Record<string, number> = {};
  for (const a of kindNames)
    for (const b of kindNames)
      if (a < b) gaps[`${a}-${b}`] = median(verifications.map((v, i) => (times[a]![i]! - times[b]![i]!) / v));
  return {
    answers,
    gaps,
    medians: Object.fromEntries(Object.entries(times).map(([kind, list]) => [kind, median(list)])),
    verification: median(verifications),
  };
}

/** The largest paired gap between two kinds, in verifications. */
const gap = ({ gaps }: Awaited<ReturnType<typeof compare>>) => Math.max(...Object.values(gaps).map(Math.abs));
const describeTimes = ({ gaps, medians, verification }: Awaited<ReturnType<typeof compare>>) =>
  `paired gaps ${JSON.stringify(gaps)}, medians ${JSON.stringify(medians)} ms, one verification ${verification} ms`;

function expectIndistinguishable(result: Awaited<ReturnType<typeof compare>>) {
  const distinct = new Set(Object.values(result.answers).flatMap((set) => [...set]));
  // One answer, the same for every kind of address and every call.
  expect([...distinct]).toHaveLength(1);
  expect(gap(result), describeTimes(result)).toBeLessThan(HALF);
  return [...distinct][0];
}

describe('the same answer, in the same time, for known and unknown addresses', () => {
  it('POST /v1/login: a wrong password and an unknown address', async () => {
    const result = await compare(
      (email, ip) => call(app, { url: '/v1/login', body: { email, password: 'Wrong-pass1!' }, ip }),
      { known: () => 'alice@example.com', unknown: (i) => `nobody-login-${i}@example.com` },
    );
    expect(expectIndistinguishable(result)).toMatch(/^400 .*Invalid email or password/);
  });

  it('POST /v1/forget-password', async () => {
    const result = await compare(
      (email, ip) => call(app, { url: '/v1/forget-password', body: { email }, ip }),
      { known: () => 'bob@example.com', unknown: (i) => `nobody-forgot-${i}@example.com` },
    );
    expect(expectIndistinguishable(result)).toMatch(/^200 /);
  });

  it('POST /v1/register: an existing account and a new address', async () => {
    const result = await compare(
      (email, ip) =>
        call(app, {
          url: '/v1/register',
          body: { firstName: 'Same', lastName: 'Answer', email, password: 'Str0ng!Pass' },
          ip,
        }),
      { existing: () => 'carol@example.com', new: (i) => `newcomer-${i}@example.com` },
    );
    expect(expectIndistinguishable(result)).toMatch(/^200 /);
  });

  it('POST /v1/resend-email: unverified, verified and unknown addresses', async () => {
    const result = await compare((email, ip) => call(app, { url: '/v1/resend-email', body: { email }, ip }), {
      unverified: () => 'unverified@example.com',
      verified: () => 'dave@example.com',
      unknown: (i) => `nobody-resend-${i}@example.com`,
    });
    expect(expectIndistinguishable(result)).toMatch(/^200 /);
  });

  it('the measure sees one password hash: a login (which hashes) against a forgot-password (which does not)', async () => {
    // The control of the tests above: two calls that differ by exactly one hash must fail their criterion.
    const result = await compare(
      (target, ip) =>
        target.startsWith('login:')
          ? call(app, { url: '/v1/login', body: { email: target.slice(6), password: 'Wrong-pass1!' }, ip })
          : call(app, { url: '/v1/forget-password', body: { email: target.slice(7) }, ip }),
      { hashing: (i) => `login:control-${i}@example.com`, plain: (i) => `forgot:control-${i}@example.com` },
    );
    // hashing - plain, in verifications: about one.
    expect(result.gaps['hashing-plain'], describeTimes(result)).toBeGreaterThan(HALF);
    });
});
