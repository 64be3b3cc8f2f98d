import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minutes, seconds } from '../../clock';
import type { App } from '../../http/types';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../../seed/demo-data';
import { FakeClock, call, createTestApp, mailbox } from '../../test/test-app';

const clock = new FakeClock();
let app: App;
beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

async function challenge(email: string): Promise<string> {
  const { json } = await call(app, { url: '/v1/login', body: { email, password: DEMO_PASSWORD } });
  expect(json.data.tokenId).toEqual(expect.any(String));
  return json.data.tokenId;
}
const sendCode = (tokenId: string, type: 'email' | 'otp') =>
  call(app, { method: 'PATCH', url: '/v1/two-factor/otp', body: { tokenId, type } });
const verify = (tokenId: string, type: string, code: string) => call(app, { url: '/v1/two-factor/verify', body: { tokenId, type, code } });
const totpNow = () => generate({ secret: DEMO_TOTP_SECRET, epoch: Math.floor(clock.now().getTime() / 1000) });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('authenticator (totp)', () => {
  it('exchanges a valid code for tokens, in the login shape', async () => {
    const tokenId = await challenge('totp@example.com');
    const { statusCode, json } = await verify(tokenId, 'totp', await totpNow());
    expect(statusCode).toBe(200);
    expect(json.data).toMatchObject({ twoFactorEnabled: true, email: { id: 'totp@example.com', verified: true } });
    expect(json.data.accessToken).toEqual(expect.any(String));
    expect(json.data.refreshToken).toEqual(expect.any(String));
    // the token works
    expect((await call(app, { url: '/v1/user', token: json.data.accessToken })).statusCode).toBe(200);
  });

  it('accepts an authenticator code once, and a tokenId once', async () => {
    clock.advance(seconds(30));
    const code = await totpNow();
    const first = await challenge('totp@example.com');
    expect((await verify(first, 'totp', code)).statusCode).toBe(200);
    const again = await verify(first, 'totp', code);
    expect(again.statusCode).toBe(400);
    expect(again.json.msg).toBe('Your verification session has expired. Please log in again');
    const second = await challenge('totp@example.com');
    const replay = await verify(second, 'totp', code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json.msg).toBe('Invalid verification code');
  });

  it("locks the account's second step after 5 wrong codes (per account: two-factor-limits.test.ts)", async () => {
    // A new window: the replayed code above was a wrong code of this account.
    clock.advance(minutes(15) + seconds(30));
    const tokenId = await challenge('totp@example.com');
    const good = await totpNow();
    for (let i = 0; i < 4; i++) expect((await verify(tokenId, 'totp', wrong(good))).statusCode).toBe(400);
    expect((await verify(tokenId, 'totp', wrong(good))).statusCode).toBe(429);
    const locked = await verify(tokenId, 'totp', good);
    expect(locked.statusCode).toBe(429);
    expect(locked.json.msg).toBe('Too many wrong codes. Please try again in 15 minutes');
  });

  it('refuses a method the user has not set up', async () => {
    const tokenId = await challenge('email2fa@example.com');
    const response = await verify(tokenId, 'totp', '123456');
    expect(response.statusCode).toBe(400);
    expect(response.json.msg).toBe('This verification method is not set up for your account');
  });

  it('expires the challenge after 10 minutes', async () => {
    const tokenId = await challenge('totp@example.com');
    clock.advance(minutes(10) + seconds(1));
    const response = await verify(tokenId, 'totp', await totpNow());
    expect(response.statusCode).toBe(400);
    expect(response.json.msg).toBe('Your verification session has expired. Please log in again');
  });

  it('rejects an unknown tokenId and a malformed code', async () => {
    expect((await verify('not-a-token', 'totp', '123456')).json.msg).toBe('Your verification session has expired. Please log in again');
    const malformed = await verify('x', 'totp', '12ab56');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json.errors).toContainEqual({ field: 'code', msg: 'Code must be 6 digits' });
    const badType = await verify('x', 'sms', '123456');
    expect(badType.json.errors).toContainEqual({ field: 'type', msg: 'Invalid two-factor type' });
  });
});

describe('email code', () => {
  it('is mailed, returned in development, works once, and not twice', async () => {
    clock.advance(minutes(5));
    const tokenId = await challenge('email2fa@example.com');
    const sent = await sendCode(tokenId, 'email');
    expect(sent.statusCode).toBe(200);
    expect(sent.json.msg).toBe('Verification code sent');
    const code: string = sent.json.data.otp;
    expect(code).toMatch(/^\d{6}$/);
    const [mail] = await mailbox(app, 'email2fa@example.com');
    expect(mail.subject).toBe('Your verification code');
    expect(mail.text).toContain(code);

    expect((await verify(tokenId, 'email', code)).statusCode).toBe(200);
    const second = await challenge('email2fa@example.com');
    const reuse = await verify(second, 'email', code);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json.msg).toBe('Invalid verification code');
  });

  it('refuses a second send within 60 seconds with 429, allows it after', async () => {
    clock.advance(minutes(5));
    const tokenId = await challenge('email2fa@example.com');
    expect((await sendCode(tokenId, 'email')).statusCode).toBe(200);
    clock.advance(seconds(30));
    const early = await sendCode(tokenId, 'email');
    expect(early.statusCode).toBe(429);
    expect(early.json.msg).toBe('Please wait 30 seconds before requesting a new code');
    clock.advance(seconds(31));
    expect((await sendCode(tokenId, 'email')).statusCode).toBe(200);
  });

  it('expires with its login, after 10 minutes', async () => {
    clock.advance(minutes(5));
    const tokenId = await challenge('email2fa@example.com');
    const { json } = await sendCode(tokenId, 'email');
    clock.advance(minutes(9));
    // A code verifies only the login it was sent for: a fresh login cannot use it (two-factor-limits.test.ts).
    const fresh = await challenge('email2fa@example.com');
    const elsewhere = await verify(fresh, 'email', json.data.otp);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json.msg).toBe('Invalid verification code');
    clock.advance(minutes(1) + seconds(1));
    const late = await verify(tokenId, 'email', json.data.otp);
    expect(late.statusCode).toBe(400);
    expect(late.json.msg).toBe('Your verification session has expired. Please log in again');
  });

  it('stops accepting a code after 5 wrong tries', async () => {
    clock.advance(minutes(15));
    const tokenId = await challenge('email2fa@example.com');
    const { json } = await sendCode(tokenId, 'email');
    for (let i = 0; i < 4; i++) expect((await verify(tokenId, 'email', wrong(json.data.otp))).statusCode).toBe(400);
    expect((await verify(tokenId, 'email', wrong(json.data.otp))).statusCode).toBe(429);
    const right = await verify(tokenId, 'email', json.data.otp);
    expect(right.statusCode).toBe(429);
    expect(right.json.msg).toBe('Too many wrong codes. Please try again in 15 minutes');
  });
});

describe('mobile code', () => {
  it('is sent by SMS to the outbox and verifies with type otp', async () => {
    const tokenId = await challenge('sms2fa@example.com');
    const sent = await sendCode(tokenId, 'otp');
    expect(sent.statusCode).toBe(200);
    const [sms] = await mailbox(app, '+61400000000');
    expect(sms.channel).toBe('sms');
    expect(sms.text).toContain(sent.json.data.otp);
    expect((await verify(tokenId, 'otp', sent.json.data.otp)).statusCode).toBe(200);
  });

  it('is refused for a user without a mobile number', async () => {
    const tokenId = await challenge('email2fa@example.com');
    const response = await sendCode(tokenId, 'otp');
    expect(response.statusCode).toBe(400);
    expect(response.json.msg).toBe('This verification method is not set up for your account');
  });
});

describe('in production', () => {
  let prod: App;
  beforeAll(async () => {
    prod = await createTestApp({ env: { NODE_ENV: 'production' } });
  });
  afterAll(() => prod.close());

  it('never returns the code in the response', async () => {
    const login = await call(prod, { url: '/v1/login', body: { email: 'email2fa@example.com', password: DEMO_PASSWORD } });
    const sent = await call(prod, { method: 'PATCH', url: '/v1/two-factor/otp', body: { tokenId: login.json.data.tokenId, type: 'email' } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json.data).toEqual({});
  });
});
