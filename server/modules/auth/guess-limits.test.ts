import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { minutes, seconds } from '../../clock';
import type { App } from '../../http/types';
import { DEMO_PASSWORD } from '../../seed/demo-data';
import { FakeClock, call, createTestApp, createTwinApp, linkParams } from '../../test/test-app';
import { users } from '../users/schema';
import { knownLoginAddresses } from './schema';

/**
 * Password guess limits hold under parallel requests and across API instances (issue 17 item 6), and one
 * address's failures do not lock out everyone behind it (item 7). What is counted is the password checks
 * actually performed: the hasher's verify, spied on.
 */
afterEach(() => {
  vi.restoreAllMocks();
});

const login = (app: App, email: string, password: string, ip: string) =>
  call(app, { url: '/v1/login', body: { email, password, captcha: 'x' }, ip });

const statuses = (answers: { statusCode: number }[]) =>
  answers.reduce<Record<number, number>>(
    (acc, a) => ({ ...acc, [a.statusCode]: (acc[a.statusCode] ?? 0) + 1 }),
    {},
  );

describe('the per-account limit (10 failures per 15 minutes)', () => {
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

  it('50 parallel wrong logins for one email check exactly 10 passwords', async () => {
    const verify = vi.spyOn(app.services.hasher, 'verify');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(app, 'alice@example.com', `Wrong@${i}abc`, `10.60.0.${i}`)),
    );
    expect(verify).toHaveBeenCalledTimes(10);
    expect(statuses(answers)).toEqual({ 400: 10, 429: 40 });
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json).toEqual({
      msg: 'Too many login attempts. Please try again later',
      code: 'LOGIN_THROTTLED',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('holds across two API instances on one database', async () => {
    const verifyA = vi.spyOn(app.services.hasher, 'verify');
    const verifyB = vi.spyOn(twin.services.hasher, 'verify');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        login(i % 2 ? twin : app, 'bob@example.com', `Wrong@${i}abc`, `10.61.0.${i}`),
      ),
    );
    expect(verifyA.mock.calls.length + verifyB.mock.calls.length).toBe(10);
    expect(statuses(answers)).toEqual({ 400: 10, 429: 30 });
    // the lock is the database's: the right password is refused by both instances
    expect((await login(app, 'bob@example.com', DEMO_PASSWORD, '10.61.1.1')).statusCode).toBe(429);
    expect((await login(twin, 'bob@example.com', DEMO_PASSWORD, '10.61.1.2')).statusCode).toBe(429);
  });

  it('counts an unknown email the same way', async () => {
    const verify = vi.spyOn(app.services.hasher, 'verify');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        login(app, 'ghost-parallel@example.com', `Wrong@${i}abc`, `10.62.0.${i}`),
      ),
    );
    expect(verify).toHaveBeenCalledTimes(10);
    expect(statuses(answers)).toEqual({ 400: 10, 429: 20 });
  });

  it('opens again when the window has passed, and a right password resets the count', async () => {
    clock.advance(minutes(15) + seconds(1));
    expect((await login(app, 'alice@example.com', DEMO_PASSWORD, '10.63.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 9; i++)
      expect((await login(app, 'alice@example.com', `Wrong@${i}abc`, '10.63.0.2')).statusCode).toBe(400);
    expect((await login(app, 'alice@example.com', DEMO_PASSWORD, '10.63.0.3')).statusCode).toBe(200);
    for (let i = 0; i < 9; i++)
      expect((await login(app, 'alice@example.com', `Wrong@${i}abc`, '10.63.0.4')).statusCode).toBe(400);
    expect((await login(app, 'alice@example.com', DEMO_PASSWORD, '10.63.0.5')).statusCode).toBe(200);
  });
});

describe('the per-address failure budget (100 per 15 minutes)', () => {
  const clock = new FakeClock();
  let app: App;
  beforeAll(async () => {
    // 130 logins at once must all reach the budget, whatever the machine: the hashing queue's own limit (64 waiting
    // per hashing thread, one thread fewer than the cores) answers 429 SERVER_BUSY before it, which is
    // server/security/login-admission.test.ts's subject, not this one's.
    app = await createTestApp({ clock, env: { HASH_QUEUE_LIMIT: '256' } });
  });
  afterAll(() => app.close());

  const OFFICE = '203.0.113.7';

  it('checks exactly 100 passwords for 130 parallel failures from one address', async () => {
    const verify = vi.spyOn(app.services.hasher, 'verify');
    const answers = await Promise.all(
      Array.from({ length: 130 }, (_, i) =>
        login(app, `target${i}@example.com`, 'Wrong@123abc', '198.51.100.9'),
      ),
    );
    expect(verify).toHaveBeenCalledTimes(100);
    expect(statuses(answers)).toEqual({ 400: 100, 429: 30 });
  });

  it('an attacker behind an office NAT does not lock out the colleagues who sign in from there', async () => {
    // Monday morning: the office signs in as usual.
    for (const email of ['alice@example.com', 'bob@example.com', 'carol@example.com'])
      expect((await login(app, email, DEMO_PASSWORD, OFFICE)).statusCode).toBe(200);
    // One machine in the office guesses passwords of many accounts.
    const attack = [];
    for (let i = 0; i < 120; i++)
      attack.push((await login(app, `victim${i % 40}@example.com`, `Guess@${i}xyz`, OFFICE)).statusCode);
    expect(attack.slice(0, 100).every((s) => s === 400)).toBe(true);
    expect(attack.slice(100).every((s) => s === 429)).toBe(true);

    // A colleague's right password still gets in, from the same address.
    const verify = vi.spyOn(app.services.hasher, 'verify');
    expect((await login(app, 'alice@example.com', DEMO_PASSWORD, OFFICE)).statusCode).toBe(200);
    expect((await login(app, 'carol@example.com', DEMO_PASSWORD, OFFICE)).statusCode).toBe(200);
    expect(verify).toHaveBeenCalledTimes(2);

    // The attacker stays throttled: new accounts from this address are refused without a password check.
    verify.mockClear();
    const more = [];
    for (let i = 0; i < 20; i++)
      more.push(await login(app, `other${i}@example.com`, `Guess@${i}xyz`, OFFICE));
    expect(more.every((a) => a.statusCode === 429)).toBe(true);
    expect(more[0].json.msg).toBe('Too many login attempts. Please try again later');
    expect(verify).not.toHaveBeenCalled();
  });

  it("a colleague's account is still protected by its own limit when the attacker targets it", async () => {
    const verify = vi.spyOn(app.services.hasher, 'verify');
    const answers = [];
    for (let i = 0; i < 15; i++)
      answers.push((await login(app, 'bob@example.com', `Guess@${i}xyz`, OFFICE)).statusCode);
    expect(verify).toHaveBeenCalledTimes(10);
    expect(answers.slice(10).every((s) => s === 429)).toBe(true);
  });

  it('an account that has not signed in from the address waits out the window', async () => {
    // demo@example.com never signed in from the office: during the attack it is refused like the attacker.
    expect((await login(app, 'demo@example.com', DEMO_PASSWORD, OFFICE)).statusCode).toBe(429);
    // From anywhere else it is not affected.
    expect((await login(app, 'demo@example.com', DEMO_PASSWORD, '192.0.2.44')).statusCode).toBe(200);
    clock.advance(minutes(15) + seconds(1));
    expect((await login(app, 'demo@example.com', DEMO_PASSWORD, OFFICE)).statusCode).toBe(200);
  });
});

describe('what a right password does to the counts', () => {
  const clock = new FakeClock();
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ clock });
  });
  afterAll(() => app.close());

  it("gives the address's slot back: right passwords never use up its failure budget", async () => {
    const ADDRESS = '198.51.100.77';
    for (let i = 0; i < 99; i++)
      expect((await login(app, `stranger${i}@example.com`, 'Wrong@123abc', ADDRESS)).statusCode).toBe(400);
    // Three people sign in from there: each takes the last slot and returns it.
    for (const email of ['alice@example.com', 'bob@example.com', 'carol@example.com'])
      expect((await login(app, email, DEMO_PASSWORD, ADDRESS)).statusCode).toBe(200);
    // So the 100th failure is still checked, and only the 101st is refused.
    expect((await login(app, 'stranger99@example.com', 'Wrong@123abc', ADDRESS)).statusCode).toBe(400);
    expect((await login(app, 'stranger100@example.com', 'Wrong@123abc', ADDRESS)).statusCode).toBe(429);
  });

  it('forgets the addresses an account has not signed in from for 30 days', async () => {
    const { db } = app.services;
    const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'demo@example.com'));
    const knownTo = async () =>
      (await db.select().from(knownLoginAddresses).where(eq(knownLoginAddresses.userId, demo.id)))
        .map((row) => row.ip)
        .sort();
    expect((await login(app, 'demo@example.com', DEMO_PASSWORD, '192.0.2.1')).statusCode).toBe(200);
    clock.advance(minutes(60 * 24 * 20));
    expect((await login(app, 'demo@example.com', DEMO_PASSWORD, '192.0.2.2')).statusCode).toBe(200);
    expect(await knownTo()).toEqual(['192.0.2.1', '192.0.2.2']);
    // 31 days after the first: it is dropped at the next sign-in; the second (11 days old) and the new one stay.
    clock.advance(minutes(60 * 24 * 11));
    expect((await login(app, 'demo@example.com', DEMO_PASSWORD, '192.0.2.3')).statusCode).toBe(200);
    expect(await knownTo()).toEqual(['192.0.2.2', '192.0.2.3']);
    // Signing in again from an old address renews it rather than dropping it.
    clock.advance(minutes(60 * 24 * 25));
    expect((await login(app, 'demo@example.com', DEMO_PASSWORD, '192.0.2.2')).statusCode).toBe(200);
    expect(await knownTo()).toEqual(['192.0.2.2', '192.0.2.3']);
    clock.advance(minutes(60 * 24 * 6));
    expect((await login(app, 'demo@example.com', DEMO_PASSWORD, '192.0.2.2')).statusCode).toBe(200);
    expect(await knownTo()).toEqual(['192.0.2.2']);
  });
});

/** #33 finding 2: failures are counted per account and source; a completed reset ends the count. */
describe('nobody can lock an owner out from elsewhere', () => {
  const clock = new FakeClock();
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ clock });
  });
  afterAll(() => app.close());

  const HOME = '192.0.2.10';

  it('lets the owner in from where they signed in while the account is locked everywhere else', async () => {
    expect((await login(app, 'alice@example.com', DEMO_PASSWORD, HOME)).statusCode).toBe(200);
    const attack = [];
    for (let i = 0; i < 12; i++)
      attack.push((await login(app, 'alice@example.com', `Guess@${i}xyz`, `10.70.0.${i}`)).statusCode);
    expect(attack.slice(10).every((status) => status === 429)).toBe(true);
    // A new address with the right password waits like the attacker...
    expect((await login(app, 'alice@example.com', DEMO_PASSWORD, '10.70.1.1')).statusCode).toBe(429);
    // ...the owner's own address does not, and signing in there does not reopen the account to the attacker's.
    expect((await login(app, 'alice@example.com', DEMO_PASSWORD, HOME)).statusCode).toBe(200);
    expect((await login(app, 'alice@example.com', 'Guess@99xyz', '10.70.0.99')).statusCode).toBe(429);
  });

  it("caps guesses from the owner's address at 10 of its own, checked even in parallel", async () => {
    expect((await login(app, 'bob@example.com', DEMO_PASSWORD, HOME)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) await login(app, 'bob@example.com', `Guess@${i}xyz`, `10.71.0.${i}`);
    const verify = vi.spyOn(app.services.hasher, 'verify');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(app, 'bob@example.com', `Guess@${i}abc`, HOME)),
    );
    expect(verify).toHaveBeenCalledTimes(10);
    expect(statuses(answers)).toEqual({ 400: 10, 429: 20 });
  });

  it('a completed password reset lifts the lock', async () => {
    for (let i = 0; i < 10; i++) await login(app, 'carol@example.com', `Guess@${i}xyz`, `10.72.0.${i}`);
    expect((await login(app, 'carol@example.com', DEMO_PASSWORD, '10.72.1.1')).statusCode).toBe(429);
    await call(app, { url: '/v1/forget-password', body: { email: 'carol@example.com' }, ip: '10.72.1.2' });
    await app.services.mailer.idle();
    const token = (await linkParams(app, 'carol@example.com', '/reset-password')).get('verificationToken');
    const reset = await call(app, {
      method: 'PATCH',
      url: '/v1/reset-password',
      body: { token, password: 'Fresh#Start42' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(app, 'carol@example.com', 'Fresh#Start42', '10.72.1.3')).statusCode).toBe(200);
  });
});
