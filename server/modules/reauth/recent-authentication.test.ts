import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totp } from '../../../e2e/support/totp';
import { minutes, seconds } from '../../clock';
import type { App } from '../../http/types';
import { FakeClock, call, createTestApp, loginAs, mailbox } from '../../test/test-app';
import { users } from '../users/schema';

/**
 * Issue #17 item 5: a stolen access token alone must not take over the second factor, the recovery address, the
 * phone or the password. Sensitive changes need a password or second-factor code proven within the last
 * REAUTH_WINDOW seconds (300 by default) on the login's session (docs/two-factor.md#recent-authentication).
 */
const clock = new FakeClock();
let app: App;
beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

const WINDOW_MS = minutes(5);
const PASSWORD = 'Str0ng!Pass';
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

let counter = 0;
/** A verified user of its own; `language` is remembered from the sign-up request. */
async function freshUser(options: { language?: string; totp?: boolean } = {}) {
  const email = `reauth${++counter}@example.com`;
  const registered = await call(app, {
    url: '/v1/register',
    body: { firstName: 'Rita', lastName: 'Reauth', email, password: PASSWORD },
    headers: options.language ? { 'accept-language': options.language } : {},
  });
  expect(registered.statusCode).toBe(200);
  await app.database.db
    .update(users)
    .set({
      emailVerifiedAt: clock.now(),
      ...(options.totp
        ? { totpSecret: TOTP_SECRET, totpEnabled: true, totpSetupCompleted: true, twoFactorEnabled: false }
        : {}),
    })
    .where(eq(users.email, email));
  const { accessToken } = await loginAs(app, email, PASSWORD);
  await app.services.mailer.idle();
  return { email, token: accessToken };
}

const send = (token: string, method: 'POST' | 'PATCH', url: string, body?: unknown) =>
  call(app, { method, url, token, body });
const profile = async (token: string) => (await call(app, { url: '/v1/user', token })).json.data.userInfo;
const expire = () => clock.advance(WINDOW_MS + seconds(1));

async function notices(email: string) {
  await app.services.mailer.idle();
  return (await mailbox(app, email)).filter((m) => m.subject === 'Security notice for your account');
}

/** Every sensitive change: a request a stolen token would send, and how to see that nothing happened. */
const SENSITIVE: {
  name: string;
  method: 'POST' | 'PATCH';
  url: string;
  body: unknown;
  arrange?: (token: string) => Promise<void>;
}[] = [
  { name: 'turning 2FA off', method: 'PATCH', url: '/v1/two-factor/config', body: { enable: false } },
  {
    name: 'resetting the authenticator',
    method: 'POST',
    url: '/v1/two-factor/reset',
    body: { type: 'totp' },
  },
  { name: 'resetting the mobile method', method: 'POST', url: '/v1/two-factor/reset', body: { type: 'otp' } },
  {
    name: 'starting a new authenticator',
    method: 'POST',
    url: '/v1/two-factor/setup',
    body: { type: 'totp' },
  },
  {
    name: 'confirming a new authenticator',
    method: 'POST',
    url: '/v1/two-factor/confirmation',
    body: { code: '123456' },
  },
  {
    name: 'texting a code to a new phone',
    method: 'PATCH',
    url: '/v1/otp',
    body: { phoneNumber: '+61411222333' },
  },
  {
    name: 'enabling a new phone',
    method: 'POST',
    url: '/v1/two-factor/setup',
    body: { type: 'otp', phoneNumber: '+61411222333', code: '123456' },
  },
  {
    name: 'changing the recovery email',
    method: 'PATCH',
    url: '/v1/user',
    body: { recovery_mail: 'thief@example.com' },
  },
  {
    name: 'changing the phone number',
    method: 'PATCH',
    url: '/v1/user',
    body: { phoneNumber: '+61499888777' },
  },
];

describe('a token whose password proof is older than the window', () => {
  it.each(SENSITIVE)('is refused with 403 REAUTH_REQUIRED for $name, and nothing changes', async (action) => {
    const { email, token } = await freshUser({ totp: true });
    await send(token, 'PATCH', '/v1/two-factor/config', { enable: true });
    const before = await profile(token);
    expire();
    const refused = await send(token, action.method, action.url, action.body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json).toEqual({
      code: 'REAUTH_REQUIRED',
      msg: "For your security, confirm it's you before changing this setting",
    });
    expect(await profile(token)).toEqual(before);
    expect(await mailbox(app, '+61411222333')).toEqual([]);
    expect(await notices(email)).toEqual([]);
  });

  it('still changes what is not sensitive: names, and the same phone number written another way', async () => {
    const { token } = await freshUser();
    expect((await send(token, 'PATCH', '/v1/user', { phoneNumber: '+61412345678' })).statusCode).toBe(200);
    expire();
    const renamed = await send(token, 'PATCH', '/v1/user', {
      firstName: 'Renamed',
      phoneNumber: '+610412345678',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json.data.userInfo.name.first).toBe('Renamed');
    // Turning 2FA on only makes the account safer.
    expect((await send(token, 'PATCH', '/v1/two-factor/config', { enable: true })).statusCode).toBe(200);
  });

  it('answers in the request language', async () => {
    const { token } = await freshUser();
    expire();
    const refused = await call(app, {
      method: 'PATCH',
      url: '/v1/two-factor/config',
      token,
      body: { enable: false },
      headers: { 'accept-language': 'fr' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json.code).toBe('REAUTH_REQUIRED');
    expect(refused.json.msg).toBe(
      'Pour votre sécurité, confirmez votre identité avant de modifier ce paramètre',
    );
  });
});

describe('within the window', () => {
  it('a fresh login counts as proof: 2FA off works at once and a notice goes to the account', async () => {
    const { email, token } = await freshUser();
    await send(token, 'PATCH', '/v1/two-factor/config', { enable: true });
    clock.advance(WINDOW_MS - seconds(5));
    const off = await send(token, 'PATCH', '/v1/two-factor/config', { enable: false });
    expect(off.statusCode).toBe(200);
    expect(off.json.data.userInfo.twoFactorAuthentication.enabled).toBe(false);
    const [notice] = await notices(email);
    expect(notice?.text).toContain('Two-factor authentication was turned off for your account.');
    expect(notice?.text).toContain('If you did not make this change');
  });
});

describe('POST /v1/reauth', () => {
  it('with the password marks the session recently authenticated: the same access token then works', async () => {
    const { token } = await freshUser();
    await send(token, 'PATCH', '/v1/two-factor/config', { enable: true });
    expire();
    expect((await send(token, 'PATCH', '/v1/two-factor/config', { enable: false })).statusCode).toBe(403);

    const proven = await send(token, 'POST', '/v1/reauth', { password: PASSWORD });
    expect(proven.statusCode).toBe(200);
    expect(proven.json).toEqual({ data: { validForSeconds: 300 }, msg: 'Identity confirmed' });
    expect((await send(token, 'PATCH', '/v1/two-factor/config', { enable: false })).statusCode).toBe(200);

    // Only for the window: later the proof is stale again.
    expire();
    expect((await send(token, 'PATCH', '/v1/two-factor/config', { enable: true })).statusCode).toBe(200);
    expect((await send(token, 'PATCH', '/v1/two-factor/config', { enable: false })).statusCode).toBe(403);
  });

  it('is held on the server for the login: its organisation sessions follow, another login of the user does not', async () => {
    const { email, token } = await freshUser();
    const other = await loginAs(app, email, PASSWORD);
    const [personal] = (await call(app, { url: '/v1/organization-list', token })).json.data.organizationList;
    const entered = await send(token, 'POST', '/v1/organization/access', {
      orgId: personal.organizationId,
      portalId: 'kreanoAccount',
    });
    expect(entered.statusCode).toBe(200);
    const orgToken = entered.json.data.accessToken as string;
    expire();
    expect((await send(orgToken, 'PATCH', '/v1/user', { recovery_mail: 'me@example.com' })).statusCode).toBe(
      403,
    );

    expect((await send(token, 'POST', '/v1/reauth', { password: PASSWORD })).statusCode).toBe(200);
    expect((await send(orgToken, 'PATCH', '/v1/user', { recovery_mail: 'me@example.com' })).statusCode).toBe(
      200,
    );
    expect(
      (await send(other.accessToken, 'PATCH', '/v1/user', { recovery_mail: 'x@example.com' })).statusCode,
    ).toBe(403);
  });

  it('refuses a wrong password with a field message, and pauses after 5 wrong ones', async () => {
    const { token } = await freshUser();
    expire();
    const wrong = await send(token, 'POST', '/v1/reauth', { password: 'Wrong!Pass1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json).toMatchObject({
      code: 'REAUTH_PASSWORD_INVALID',
      msg: 'Incorrect password',
      errors: [{ field: 'password', msg: 'Incorrect password' }],
    });
    for (let i = 0; i < 4; i++) await send(token, 'POST', '/v1/reauth', { password: 'Wrong!Pass1' });
    const paused = await send(token, 'POST', '/v1/reauth', { password: PASSWORD });
    expect(paused.statusCode).toBe(429);
    expect(paused.json).toMatchObject({
      code: 'REAUTH_THROTTLED',
      msg: 'Too many wrong attempts. Please try again later',
    });
    expect(paused.headers['retry-after']).toBe('900');
    expect((await send(token, 'PATCH', '/v1/two-factor/config', { enable: false })).statusCode).toBe(403);
  });

  it('checks at most 5 proofs per window, however many arrive in parallel', async () => {
    const { token } = await freshUser();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send(token, 'POST', '/v1/reauth', { password: 'Wrong!Pass1' })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('accepts an authenticator code (once) from a user with 2FA on', async () => {
    const { token } = await freshUser({ totp: true });
    await send(token, 'PATCH', '/v1/two-factor/config', { enable: true });
    expire();
    const code = totp(TOTP_SECRET, clock.now().getTime());
    expect((await send(token, 'POST', '/v1/reauth', { method: 'totp', code })).statusCode).toBe(200);
    // The same code is not accepted twice.
    const replay = await send(token, 'POST', '/v1/reauth', { method: 'totp', code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json.code).toBe('OTP_INVALID');
    expect((await send(token, 'POST', '/v1/two-factor/reset', { type: 'totp' })).statusCode).toBe(200);
  });

  it('accepts an email code sent by POST /v1/reauth/code to a user with 2FA on', async () => {
    const { email, token } = await freshUser();
    await send(token, 'PATCH', '/v1/two-factor/config', { enable: true });
    expire();
    const sent = await send(token, 'POST', '/v1/reauth/code');
    expect(sent.statusCode).toBe(200);
    expect(sent.json.msg).toBe('Verification code sent');
    await app.services.mailer.idle();
    const [mail] = (await mailbox(app, email)).filter((m) => m.subject === 'Your verification code');
    const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;
    expect(sent.json.data.otp).toBe(code);
    expect(
      (
        await send(token, 'POST', '/v1/reauth', {
          method: 'email',
          code: '000000' === code ? '111111' : '000000',
        })
      ).statusCode,
    ).toBe(400);
    expect((await send(token, 'POST', '/v1/reauth', { method: 'email', code })).statusCode).toBe(200);
    expect((await send(token, 'PATCH', '/v1/two-factor/config', { enable: false })).statusCode).toBe(200);
  });

  it('offers codes only to users with 2FA on, and needs a password or a code', async () => {
    const { token } = await freshUser({ totp: true });
    const code = totp(TOTP_SECRET, clock.now().getTime());
    const noTwoFactor = await send(token, 'POST', '/v1/reauth', { method: 'totp', code });
    expect(noTwoFactor.statusCode).toBe(400);
    expect(noTwoFactor.json.code).toBe('METHOD_UNAVAILABLE');
    expect((await send(token, 'POST', '/v1/reauth/code')).statusCode).toBe(400);
    const empty = await send(token, 'POST', '/v1/reauth', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json).toMatchObject({
      code: 'REAUTH_PROOF_REQUIRED',
      msg: 'Enter your password or a verification code',
    });
    expect(
      (await call(app, { method: 'POST', url: '/v1/reauth', body: { password: PASSWORD } })).statusCode,
    ).toBe(401);
  });
});

describe('changing the password', () => {
  it('takes the current password as the proof (no second ask) and renews the window', async () => {
    const { email, token } = await freshUser();
    expire();
    const changed = await send(token, 'PATCH', '/v1/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'N3w!Passw0rd',
    });
    expect(changed.statusCode).toBe(200);
    expect((await send(token, 'PATCH', '/v1/two-factor/config', { enable: false })).statusCode).toBe(200);
    const texts = (await notices(email)).map((m) => m.text);
    expect(texts.some((t) => t.includes('The password of your account was changed.'))).toBe(true);
  });
});

describe('security notices', () => {
  it('each sensitive change mails the account address, in its language', async () => {
    const { email, token } = await freshUser({ language: 'fr' });
    const steps: [string, 'POST' | 'PATCH', string, unknown][] = [
      ['on', 'PATCH', '/v1/two-factor/config', { enable: true }],
      ['recovery', 'PATCH', '/v1/user', { recovery_mail: 'backup@example.com' }],
      ['phone', 'PATCH', '/v1/user', { phoneNumber: '+61400111222' }],
      ['off', 'PATCH', '/v1/two-factor/config', { enable: false }],
    ];
    for (const [, method, url, body] of steps)
      expect((await send(token, method, url, body)).statusCode).toBe(200);
    await app.services.mailer.idle();
    const mails = (await mailbox(app, email)).filter(
      (m) => m.subject === 'Avis de sécurité pour votre compte',
    );
    const texts = mails.map((m) => m.text).join('\n');
    expect(mails).toHaveLength(3);
    expect(texts).toContain("L'adresse e-mail de récupération de votre compte a été modifiée.");
    expect(texts).toContain('Le numéro de téléphone de votre compte a été modifié.');
    expect(texts).toContain("L'authentification à deux facteurs a été désactivée pour votre compte.");
    // Never to the new recovery address: whoever set it must not be the one warned.
    expect(await mailbox(app, 'backup@example.com')).toEqual([]);
  });

  it('setting up and resetting a method are both announced', async () => {
    const { email, token } = await freshUser();
    const started = await send(token, 'POST', '/v1/two-factor/setup', { type: 'totp' });
    const secret = started.json.data.secret as string;
    const code = totp(secret, clock.now().getTime());
    expect((await send(token, 'POST', '/v1/two-factor/confirmation', { code })).statusCode).toBe(200);
    expect((await send(token, 'POST', '/v1/two-factor/reset', { type: 'totp' })).statusCode).toBe(200);
    const texts = (await notices(email)).map((m) => m.text).join('\n');
    expect(texts).toContain('An authenticator app was set up for two-factor authentication on your account.');
    expect(texts).toContain(
      'The authenticator app was removed from the two-factor authentication of your account.',
    );
  });
});
