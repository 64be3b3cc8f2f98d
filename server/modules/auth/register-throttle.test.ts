import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { minutes, seconds } from '../../clock';
import type { App } from '../../http/types';
import { DEMO_PASSWORD } from '../../seed/demo-data';
import { FakeClock, call, createTestApp, mailbox } from '../../test/test-app';

/**
 * Sign-up must not flood an inbox or the password hasher (issue 17 item 4): POST /v1/register is throttled per
 * address and per client address like forgot-password, and sends at most one mail per address per window,
 * whatever the address's state; the caller cannot tell which addresses have an account.
 */
const clock = new FakeClock();
let app: App;
beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

const register = (email: string, ip: string) =>
  call(app, {
    url: '/v1/register',
    body: { firstName: 'Flood', lastName: 'Test', email, password: 'Str0ng!Pass' },
    ip,
  });

async function settled(): Promise<void> {
  await app.services.mailer.idle();
}

const distinctIps = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}.${i}`);

describe('POST /v1/register cannot flood an inbox', () => {
  it("20 sign-ups for an existing account send one 'you already have an account' mail", async () => {
    for (const ip of distinctIps(20, '10.40.0')) await register('alice@example.com', ip);
    await settled();
    const mails = await mailbox(app, 'alice@example.com');
    expect(mails.map((m) => m.subject)).toEqual(['You already have an account']);
  });

  it('20 sign-ups for an unverified account send one verification mail', async () => {
    for (const ip of distinctIps(20, '10.41.0')) await register('unverified@example.com', ip);
    await settled();
    const mails = await mailbox(app, 'unverified@example.com');
    expect(mails.map((m) => m.subject)).toEqual(['Verify your email']);
  });

  it('20 parallel sign-ups for a new address create one account and send one mail', async () => {
    await Promise.all(distinctIps(20, '10.42.0').map((ip) => register('parallel-new@example.com', ip)));
    await settled();
    const mails = await mailbox(app, 'parallel-new@example.com');
    expect(mails.map((m) => m.subject)).toEqual(['Verify your email']);
  });

  it('20 parallel sign-ups for an existing account send one mail', async () => {
    await Promise.all(distinctIps(20, '10.43.0').map((ip) => register('bob@example.com', ip)));
    await settled();
    expect(await mailbox(app, 'bob@example.com')).toHaveLength(1);
  });

  it('refuses a sixth sign-up for one address with 429, the same for known and unknown addresses, without hashing', async () => {
    const hash = vi.spyOn(app.services.hasher, 'hash');
    try {
      const answers = async (email: string, prefix: string) => {
        const out = [];
        for (const ip of distinctIps(8, prefix)) {
          const { statusCode, json, headers } = await register(email, ip);
          out.push({ statusCode, json, retryAfter: headers['retry-after'] });
        }
        return out;
      };
      hash.mockClear();
      const known = await answers('carol@example.com', '10.44.0');
      expect(hash).toHaveBeenCalledTimes(5);
      hash.mockClear();
      const unknown = await answers('nobody-yet@example.com', '10.45.0');
      expect(hash).toHaveBeenCalledTimes(5);
      expect(known.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      expect(unknown.map((a) => a.statusCode)).toEqual(known.map((a) => a.statusCode));
      expect(known[5].json).toEqual({
        msg: 'Too many requests. Please try again later',
        code: 'MAIL_THROTTLED',
      });
      expect(unknown[5].json).toEqual(known[5].json);
      expect(Number(known[5].retryAfter)).toBeGreaterThan(0);
      // Every allowed answer is the same sentence, whether or not the address had an account.
      expect(new Set([...known, ...unknown].slice(0, 5).map((a) => JSON.stringify(a.json))).size).toBe(1);
    } finally {
      hash.mockRestore();
    }
  });

  it('throttles one client address across many addresses (30 per window)', async () => {
    const codes = [];
    for (let i = 0; i < 32; i++)
      codes.push((await register(`spray${i}@example.com`, '10.46.0.1')).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes.slice(30)).toEqual([429, 429]);
  });

  it('mails the address again after the window, so a lost mail can still arrive', async () => {
    clock.advance(minutes(15) + seconds(1));
    await register('alice@example.com', '10.47.0.1');
    await settled();
    expect(await mailbox(app, 'alice@example.com')).toHaveLength(2);
    // and the login of the address's owner was never touched by any of this
    expect(
      (await call(app, { url: '/v1/login', body: { email: 'alice@example.com', password: DEMO_PASSWORD } }))
        .statusCode,
    ).toBe(200);
  });
});
