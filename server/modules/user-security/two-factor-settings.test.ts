import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totp } from '../../../e2e/support/totp';
import { seconds } from '../../clock';
import { activityLogs } from '../../db/schema';
import { users } from '../users/schema';
import type { App } from '../../http/types';
import { FakeClock, call, createTestApp, loginAs, mailbox } from '../../test/test-app';

const clock = new FakeClock();
let app: App;
beforeAll(async () => {
  app = await createTestApp({ clock, env: { BRAND_NAME: 'Kreano Test' } });
});
afterAll(() => app.close());

/** A verified user of its own per test, so no test depends on another's 2FA state. */
let counter = 0;
async function freshUser(): Promise<{ email: string; token: string }> {
  const email = `security${++counter}@example.com`;
  const registered = await call(app, {
    url: '/v1/register',
    body: { firstName: 'Sec', lastName: 'User', email, password: 'Str0ng!Pass' },
  });
  expect(registered.statusCode).toBe(200);
  await app.database.db.update(users).set({ emailVerifiedAt: clock.now() }).where(eq(users.email, email));
  return { email, token: (await loginAs(app, email, 'Str0ng!Pass')).accessToken };
}

const post = (token: string, url: string, body: unknown) => call(app, { method: 'POST', url, token, body });
const patch = (token: string, url: string, body: unknown) => call(app, { method: 'PATCH', url, token, body });
const profile = async (token: string) => (await call(app, { url: '/v1/user', token })).json.data.userInfo;
const codeAt = (secret: string, offsetSeconds = 0) =>
  totp(secret, clock.now().getTime() + offsetSeconds * 1000);
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function lastEvent(email: string) {
  const [row] = await app.database.db
    .select()
    .from(activityLogs)
    .where(eq(activityLogs.email, email))
    .orderBy(desc(activityLogs.seq))
    .limit(1);
  return row;
}

describe('the independent RFC 6238 helper', () => {
  it('matches the RFC test vector (SHA-1, T = 59 s)', () => {
    // "12345678901234567890" in Base32; RFC 6238 Appendix B gives 94287082, whose last 6 digits are the code.
    expect(totp('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 59_000)).toBe('287082');
    expect(totp('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 1_111_111_109_000)).toBe('081804');
  });
});

describe('authenticator (totp) setup', () => {
  it('returns a fresh secret and an otpauth URL with the brand as issuer and the email as account', async () => {
    const { email, token } = await freshUser();
    const first = await post(token, '/v1/two-factor/setup', { type: 'totp' });
    expect(first.statusCode).toBe(200);
    const { secret, url } = first.json.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = new URL(url);
    expect(parsed.protocol).toBe('otpauth:');
    expect(parsed.host).toBe('totp');
    expect(decodeURIComponent(parsed.pathname)).toBe(`/Kreano Test:${email}`);
    expect(parsed.searchParams.get('secret')).toBe(secret);
    expect(parsed.searchParams.get('issuer')).toBe('Kreano Test');
    expect(parsed.searchParams.get('digits') ?? '6').toBe('6');
    expect(parsed.searchParams.get('period') ?? '30').toBe('30');
    expect((parsed.searchParams.get('algorithm') ?? 'SHA1').toUpperCase()).toBe('SHA1');
    // Not enabled until confirmed, and a second start gives another secret.
    expect((await profile(token)).twoFactorAuthentication).toMatchObject({
      enabled: false,
      totp: { setupCompleted: false, enabled: false },
    });
    const second = await post(token, '/v1/two-factor/setup', { type: 'totp' });
    expect(second.json.data.secret).not.toBe(secret);
  });

  it('enables totp and overall 2FA with a code computed independently from the secret; the same code is refused again', async () => {
    const { email, token } = await freshUser();
    const { secret } = (await post(token, '/v1/two-factor/setup', { type: 'totp' })).json.data;
    const code = codeAt(secret);
    const confirmed = await post(token, '/v1/two-factor/confirmation', { code });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json.msg).toBe('Authenticator app enabled for two-factor authentication');
    expect(confirmed.json.data.userInfo.twoFactorAuthentication).toEqual({
      enabled: true,
      email: { setupCompleted: true, enabled: true },
      otp: { setupCompleted: false, enabled: false },
      totp: { setupCompleted: true, enabled: true },
    });
    expect(await lastEvent(email)).toMatchObject({
      eventType: 'two-factor.changed',
      details: { method: 'totp', change: 'setup-completed' },
    });

    // Login now asks for the second factor; the code used for setup does not open it.
    const login = await call(app, { url: '/v1/login', body: { email, password: 'Str0ng!Pass' } });
    expect(login.json.data).toMatchObject({
      twoFactorEnabled: true,
      twoFactorConfigInfo: { authenticator: { show: true } },
    });
    const replay = await call(app, {
      url: '/v1/two-factor/verify',
      body: { tokenId: login.json.data.tokenId, type: 'totp', code },
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json.msg).toBe('Invalid verification code');
    clock.advance(seconds(30));
    const fresh = await call(app, {
      url: '/v1/two-factor/verify',
      body: { tokenId: login.json.data.tokenId, type: 'totp', code: codeAt(secret) },
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json.data.accessToken).toEqual(expect.any(String));
  });

  it('accepts the previous step but refuses a code two steps old', async () => {
    const { token } = await freshUser();
    const { secret } = (await post(token, '/v1/two-factor/setup', { type: 'totp' })).json.data;
    const stale = await post(token, '/v1/two-factor/confirmation', { code: codeAt(secret, -60) });
    expect(stale.statusCode).toBe(400);
    expect(stale.json.msg).toBe('Invalid verification code');
    const previous = await post(token, '/v1/two-factor/confirmation', { code: codeAt(secret, -30) });
    expect(previous.statusCode).toBe(200);
  });

  it('refuses confirmation before setup, and setup again once complete', async () => {
    const { token } = await freshUser();
    const early = await post(token, '/v1/two-factor/confirmation', { code: '123456' });
    expect(early.statusCode).toBe(400);
    expect(early.json.msg).toBe('Start the authenticator setup first');
    const { secret } = (await post(token, '/v1/two-factor/setup', { type: 'totp' })).json.data;
    await post(token, '/v1/two-factor/confirmation', { code: codeAt(secret) });
    const again = await post(token, '/v1/two-factor/setup', { type: 'totp' });
    expect(again.statusCode).toBe(400);
    expect(again.json.msg).toBe('Authenticator is already set up. Reset it to set it up again');
  });

  it('pauses confirmation after 5 wrong codes', async () => {
    const { token } = await freshUser();
    const { secret } = (await post(token, '/v1/two-factor/setup', { type: 'totp' })).json.data;
    const good = codeAt(secret);
    const neighbours = new Set([codeAt(secret, -30), good, codeAt(secret, 30)]);
    let bad = good;
    for (let i = 0; i < 5; i++) {
      do bad = wrong(bad);
      while (neighbours.has(bad));
      expect((await post(token, '/v1/two-factor/confirmation', { code: bad })).statusCode).toBe(400);
    }
    const locked = await post(token, '/v1/two-factor/confirmation', { code: good });
    expect(locked.statusCode).toBe(429);
    expect(locked.json.msg).toBe('Too many wrong codes. Please try again later');
  });

  it('validates the code format', async () => {
    const { token } = await freshUser();
    const response = await post(token, '/v1/two-factor/confirmation', { code: '12ab56' });
    expect(response.statusCode).toBe(400);
    expect(response.json.msg).toBe('Code must be 6 digits');
  });
});

describe('reset', () => {
  it('clears enabled and setupCompleted of the method and its secret; login no longer offers it', async () => {
    const { email, token } = await freshUser();
    const { secret } = (await post(token, '/v1/two-factor/setup', { type: 'totp' })).json.data;
    await post(token, '/v1/two-factor/confirmation', { code: codeAt(secret) });
    const reset = await post(token, '/v1/two-factor/reset', { type: 'totp' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json.msg).toBe('Authenticator app removed from two-factor authentication');
    expect(reset.json.data.userInfo.twoFactorAuthentication.totp).toEqual({
      setupCompleted: false,
      enabled: false,
    });
    // Email remains, so 2FA as a whole stays on.
    expect(reset.json.data.userInfo.twoFactorAuthentication.enabled).toBe(true);
    expect(await lastEvent(email)).toMatchObject({
      eventType: 'two-factor.changed',
      details: { method: 'totp', change: 'reset' },
    });
    const [row] = await app.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.totpSecret).toBeNull();
    const login = await call(app, { url: '/v1/login', body: { email, password: 'Str0ng!Pass' } });
    expect(login.json.data.twoFactorConfigInfo.authenticator.show).toBe(false);
  });

  it('refuses to remove email 2FA', async () => {
    const { token } = await freshUser();
    const response = await post(token, '/v1/two-factor/reset', { type: 'email' });
    expect(response.statusCode).toBe(400);
    expect(response.json.msg).toBe('Email two-factor authentication cannot be removed');
    expect((await profile(token)).twoFactorAuthentication.email).toEqual({
      setupCompleted: true,
      enabled: true,
    });
  });
});

describe('overall switch', () => {
  it('turns 2FA on and off for a user no organisation forces', async () => {
    const { email, token } = await freshUser();
    const on = await patch(token, '/v1/two-factor/config', { enable: true });
    expect(on.statusCode).toBe(200);
    expect(on.json.msg).toBe('Two-factor authentication enabled');
    expect(on.json.data.userInfo.twoFactorAuthentication.enabled).toBe(true);
    expect(
      (await call(app, { url: '/v1/login', body: { email, password: 'Str0ng!Pass' } })).json.data
        .twoFactorEnabled,
    ).toBe(true);
    const off = await patch(token, '/v1/two-factor/config', { enable: false });
    expect(off.json.msg).toBe('Two-factor authentication disabled');
    expect(off.json.data.userInfo.twoFactorAuthentication.enabled).toBe(false);
    expect(await lastEvent(email)).toMatchObject({
      eventType: 'two-factor.changed',
      details: { method: 'all', change: 'disabled' },
    });
  });

  it('refuses disabling while an organisation enforces 2FA, but lets the user turn it on', async () => {
    // demo@example.com is an admin of Globex, which enforces 2FA.
    const { accessToken } = await loginAs(app, 'demo@example.com');
    const on = await patch(accessToken, '/v1/two-factor/config', { enable: true });
    expect(on.statusCode).toBe(200);
    expect(on.json.data.userInfo).toMatchObject({
      twoFactorEnabledInOrg: true,
      twoFactorAuthentication: { enabled: true },
    });
    const off = await patch(accessToken, '/v1/two-factor/config', { enable: false });
    expect(off.statusCode).toBe(403);
    expect(off.json.msg).toBe(
      'An organisation you belong to has enabled two-factor authentication. Please contact your admin',
    );
    expect((await profile(accessToken)).twoFactorAuthentication.enabled).toBe(true);
  });
});

describe('mobile (otp) setup', () => {
  it('texts a code to the number, returns it in development, and verifying it enables mobile and overall 2FA', async () => {
    const { email, token } = await freshUser();
    const sent = await patch(token, '/v1/otp', { phoneNumber: '+61411222333' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json.msg).toBe('OTP sent successfully');
    expect(sent.json.data.otp).toMatch(/^\d{6}$/);
    const [sms] = await mailbox(app, '+61411222333');
    expect(sms!.channel).toBe('sms');
    expect(sms!.text).toContain(sent.json.data.otp);

    const verified = await post(token, '/v1/two-factor/setup', {
      type: 'otp',
      phoneNumber: '+61411222333',
      code: sent.json.data.otp,
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json.msg).toBe('Mobile number enabled for two-factor authentication');
    expect(verified.json.data.userInfo).toMatchObject({
      phone: { phoneNumber: '+61411222333' },
      twoFactorAuthentication: { enabled: true, otp: { setupCompleted: true, enabled: true } },
    });
    expect(await lastEvent(email)).toMatchObject({
      eventType: 'two-factor.changed',
      details: { method: 'otp', change: 'setup-completed' },
    });
  });

  it('holds the next code back for 60 seconds, whatever the number', async () => {
    const { token } = await freshUser();
    expect((await patch(token, '/v1/otp', { phoneNumber: '+61411000001' })).statusCode).toBe(200);
    clock.advance(seconds(20));
    const other = await patch(token, '/v1/otp', { phoneNumber: '+61411000002' });
    expect(other.statusCode).toBe(429);
    expect(other.json.msg).toBe('Please wait 40 seconds before requesting a new code');
    clock.advance(seconds(40));
    expect((await patch(token, '/v1/otp', { phoneNumber: '+61411000002' })).statusCode).toBe(200);
  });

  it('binds the code to its number and lets only the newest code work', async () => {
    const { token } = await freshUser();
    const first = await patch(token, '/v1/otp', { phoneNumber: '+61411000003' });
    const elsewhere = await post(token, '/v1/two-factor/setup', {
      type: 'otp',
      phoneNumber: '+61499999999',
      code: first.json.data.otp,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json.msg).toBe('Invalid verification code');
    clock.advance(seconds(60));
    await patch(token, '/v1/otp', { phoneNumber: '+61411000004' });
    const old = await post(token, '/v1/two-factor/setup', {
      type: 'otp',
      phoneNumber: '+61411000003',
      code: first.json.data.otp,
    });
    expect(old.statusCode).toBe(400);
    expect((await profile(token)).twoFactorAuthentication.otp).toEqual({
      setupCompleted: false,
      enabled: false,
    });
  });

  it('needs the phone and the code, with the docs/validation-rules.md messages', async () => {
    const { token } = await freshUser();
    const noPhone = await post(token, '/v1/two-factor/setup', { type: 'otp', code: '123456' });
    expect(noPhone.json).toMatchObject({
      msg: 'Phone Number is required',
      errors: [{ field: 'phoneNumber', msg: 'Phone Number is required' }],
    });
    const noCode = await post(token, '/v1/two-factor/setup', { type: 'otp', phoneNumber: '+61411000005' });
    expect(noCode.json.msg).toBe('Code is required');
    const shortPhone = await patch(token, '/v1/otp', { phoneNumber: '+12345' });
    expect(shortPhone.statusCode).toBe(400);
    expect(shortPhone.json.msg).toBe('Phone number must have minimum of 7 digits and maximum of 15 digits');
  });

  it('resets mobile 2FA when the profile phone number changes', async () => {
    const { token } = await freshUser();
    const sent = await patch(token, '/v1/otp', { phoneNumber: '+61411000006' });
    await post(token, '/v1/two-factor/setup', {
      type: 'otp',
      phoneNumber: '+61411000006',
      code: sent.json.data.otp,
    });
    const changed = await patch(token, '/v1/user', { phoneNumber: '+61411000007' });
    expect(changed.json.data.userInfo.twoFactorAuthentication.otp).toEqual({
      setupCompleted: false,
      enabled: false,
    });
    const reset = await post(token, '/v1/two-factor/reset', { type: 'otp' });
    expect(reset.json.msg).toBe('Mobile number removed from two-factor authentication');
  });
});

describe('authentication', () => {
  it.each([
    ['POST', '/v1/two-factor/setup', { type: 'totp' }],
    ['POST', '/v1/two-factor/confirmation', { code: '123456' }],
    ['POST', '/v1/two-factor/reset', { type: 'totp' }],
    ['PATCH', '/v1/two-factor/config', { enable: true }],
    ['PATCH', '/v1/otp', { phoneNumber: '+61411000008' }],
  ] as const)('%s %s needs a login', async (method, url, body) => {
    const response = await call(app, { method, url, body });
    expect(response.statusCode).toBe(401);
  });
});
