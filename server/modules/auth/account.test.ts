import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hours } from '../../test/time';
import { memberships } from '../organizations/schema';
import { users } from '../users/schema';
import type { App } from '../../http/types';
import { DEMO_IDS, DEMO_PASSWORD } from '../../seed/demo-data';
import { FakeClock, call, createTestApp, linkParams, loginAs, mailbox } from '../../test/test-app';

const clock = new FakeClock();
let app: App;
beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

const register = (body: Record<string, unknown>) =>
  call(app, {
    url: '/v1/register',
    body: { firstName: 'New', lastName: 'Person', password: 'Str0ng!Pass', ...body },
  });

describe('POST /v1/register and POST /v1/verify-email', () => {
  it('registers, mails a verification link to the portal, and verifies', async () => {
    const response = await register({ email: 'newbie@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({
      data: { isVerified: false },
      msg: 'Registration successful. Please check your email to verify your account',
    });

    const before = await call(app, {
      url: '/v1/login',
      body: { email: 'newbie@example.com', password: 'Str0ng!Pass' },
    });
    expect(before.json.data.email.verified).toBe(false);

    const [mail] = await mailbox(app, 'newbie@example.com');
    expect(mail.subject).toBe('Verify your email');
    const link = new URL(mail.links[0]);
    expect(`${link.origin}${link.pathname}`).toBe('http://portal.test/email-verification');
    const params = link.searchParams;
    expect(params.get('organizationToken')).toEqual(expect.any(String));

    const verified = await call(app, {
      url: '/v1/verify-email',
      body: { token: params.get('verificationToken'), organizationId: params.get('organizationToken') },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json.msg).toBe('Email account verified');
    await loginAs(app, 'newbie@example.com', 'Str0ng!Pass');

    const again = await call(app, {
      url: '/v1/verify-email',
      body: { token: params.get('verificationToken') },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json.msg).toBe('Link is expired');
  });

  it('gives a new user a personal account', async () => {
    const tokens = await loginAs(app, 'newbie@example.com', 'Str0ng!Pass');
    const { json } = await call(app, { url: '/v1/organization-list', token: tokens.accessToken });
    expect(json.data.organizationList).toEqual([
      expect.objectContaining({
        organizationName: 'New Person',
        accountType: 'personal',
        role: 'owner',
        enabled: true,
      }),
    ]);
  });

  it('refuses an unknown or expired verification link', async () => {
    expect((await call(app, { url: '/v1/verify-email', body: { token: 'forged' } })).json.msg).toBe(
      'Link is expired',
    );
    await register({ email: 'slow@example.com' });
    const params = await linkParams(app, 'slow@example.com', '/email-verification');
    clock.advance(hours(24) + 1000);
    const late = await call(app, {
      url: '/v1/verify-email',
      body: { token: params.get('verificationToken') },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json.msg).toBe('Link is expired');
  });

  it('enforces the password rules of docs/validation-rules.md with their messages', async () => {
    const cases: [string, string][] = [
      ['', 'Password is required'],
      ['Ab1!', 'Password must be 7 characters at minimum!'],
      [`Ab1!${'x'.repeat(27)}`, 'Password must be 30 characters at maximum!'],
      [
        'abcdefg1!',
        'Password must contain uppercase, lowercase, number, special character and ranging from 7-30 characters',
      ],
      [
        'Abc def1!',
        'Password must contain uppercase, lowercase, number, special character and ranging from 7-30 characters',
      ],
    ];
    for (const [password, msg] of cases) {
      const response = await register({ email: 'rules@example.com', password });
      expect(response.statusCode, password).toBe(400);
      expect(response.json.errors).toContainEqual({ field: 'password', msg });
    }
    const missing = await call(app, {
      url: '/v1/register',
      body: { firstName: 'A', lastName: 'B', email: 'rules@example.com' },
    });
    expect(missing.json.errors).toContainEqual({ field: 'password', msg: 'Password is required' });
  });

  it('refuses a common password even when it meets the rules', async () => {
    const response = await register({ email: 'common@example.com', password: 'Password1!' });
    expect(response.statusCode).toBe(400);
    expect(response.json.msg).toBe('This password is too common. Please choose a less predictable password');
    expect(response.json.errors).toEqual([{ field: 'password', msg: response.json.msg }]);
  });

  it('requires names and a valid email', async () => {
    const response = await call(app, {
      url: '/v1/register',
      body: { firstName: '', lastName: ' ', email: 'not-an-email', password: 'Str0ng!Pass' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json.errors).toEqual(
      expect.arrayContaining([
        { field: 'firstName', msg: 'First name is required' },
        { field: 'lastName', msg: 'Last name is required' },
        { field: 'email', msg: 'Invalid email format' },
      ]),
    );
  });

  it('refuses names outside the name format (markup, control characters, emoji, a double space, over 50 characters)', async () => {
    const firstNameFormat = 'Enter your first name in format: John Smith';
    const lastNameFormat = 'Enter your last name in format: Smith';
    const cases: [Record<string, string>, { field: string; msg: string }][] = [
      [{ firstName: '<img src=x onerror=alert(1)>' }, { field: 'firstName', msg: firstNameFormat }],
      [{ lastName: "' OR 1=1--" }, { field: 'lastName', msg: lastNameFormat }],
      [{ firstName: 'John\r\nBcc: x' }, { field: 'firstName', msg: firstNameFormat }],
      [{ lastName: 'Smith\u0000' }, { field: 'lastName', msg: lastNameFormat }],
      [{ firstName: 'John  Paul' }, { field: 'firstName', msg: firstNameFormat }],
      [{ lastName: 'Smith 😀' }, { field: 'lastName', msg: lastNameFormat }],
      [
        { firstName: 'A'.repeat(51) },
        { field: 'firstName', msg: 'First name can have a maximum of 50 characters' },
      ],
    ];
    for (const [names, error] of cases) {
      const response = await register({ email: 'hostile@example.com', ...names });
      expect(response.statusCode, JSON.stringify(names)).toBe(400);
      expect(response.json.errors).toEqual([error]);
    }
    expect(await mailbox(app, 'hostile@example.com')).toEqual([]);
  });

  it("accepts and stores the names of the format: O'Brien-Smith, Jean Luc, accents, 50 characters", async () => {
    const accepted = [
      { firstName: 'Jean Luc', lastName: "O'Brien-Smith" },
      { firstName: 'Zoë', lastName: 'Núñez' },
      { firstName: 'A'.repeat(50), lastName: 'B'.repeat(50) },
    ];
    for (const [i, names] of accepted.entries()) {
      const email = `named${i}@example.com`;
      expect((await register({ email, ...names })).statusCode, JSON.stringify(names)).toBe(200);
      const params = await linkParams(app, email, '/email-verification');
      await call(app, { url: '/v1/verify-email', body: { token: params.get('verificationToken') } });
      const tokens = await loginAs(app, email, 'Str0ng!Pass');
      const { json } = await call(app, { url: '/v1/user', token: tokens.accessToken });
      expect(json.data.userInfo.name).toEqual({ first: names.firstName, last: names.lastName });
    }
  });

  it('answers an already registered email like a new one, and tells the owner by mail', async () => {
    const response = await register({ email: 'alice@example.com' });
    expect(response.json).toEqual({
      data: { isVerified: false },
      msg: 'Registration successful. Please check your email to verify your account',
    });
    const [mail] = await mailbox(app, 'alice@example.com');
    expect(mail.subject).toBe('You already have an account');
    await loginAs(app, 'alice@example.com', DEMO_PASSWORD);
  });

  it('accepts the invitation of an invited email: verified at once, member of the organisation', async () => {
    const response = await register({
      email: 'new@example.com',
      orgId: DEMO_IDS.acme,
      invitationId: DEMO_IDS.inviteNewUser,
      portal: 'kreanoAccount',
    });
    expect(response.json).toEqual({
      data: { isVerified: true },
      msg: 'Registration successful. You can now log in',
    });
    const tokens = await loginAs(app, 'new@example.com', 'Str0ng!Pass');
    const { json } = await call(app, { url: '/v1/organization-list', token: tokens.accessToken });
    expect(json.data.organizationList).toContainEqual(
      expect.objectContaining({
        organizationId: DEMO_IDS.acme,
        organizationName: 'Acme Pty Ltd',
        role: 'member',
      }),
    );
    const check = await call(app, {
      url: `/v1/user-organization/${DEMO_IDS.acme}/invitation/${DEMO_IDS.inviteNewUser}`,
    });
    expect(check.statusCode).toBe(404);
  });
});

describe('POST /v1/forget-password and PATCH /v1/reset-password', () => {
  it('answers the same for known and unknown emails, and mails only the known', async () => {
    const known = await call(app, {
      url: '/v1/forget-password',
      body: { email: 'bob@example.com', portal: 'kreanoAccount', captcha: 'x' },
    });
    const unknown = await call(app, {
      url: '/v1/forget-password',
      body: { email: 'nobody@example.com', portal: 'kreanoAccount', captcha: 'x' },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json).toEqual({
      data: null,
      msg: 'If an account exists for this email, you will receive password reset instructions',
    });
    expect(unknown.json).toEqual(known.json);
    expect(await mailbox(app, 'nobody@example.com')).toEqual([]);
    const [mail] = await mailbox(app, 'bob@example.com');
    expect(mail.subject).toBe('Reset your password');
  });

  it('resets the password through the mailed link and ends existing sessions', async () => {
    const oldSession = await loginAs(app, 'bob@example.com', DEMO_PASSWORD);
    await call(app, { url: '/v1/forget-password', body: { email: 'bob@example.com' } });
    const params = await linkParams(app, 'bob@example.com', '/reset-password');
    const token = params.get('verificationToken');

    const weak = await call(app, {
      method: 'PATCH',
      url: '/v1/reset-password',
      body: { token, password: 'short' },
    });
    expect(weak.json.msg).toBe('Password must be 7 characters at minimum!');

    const reset = await call(app, {
      method: 'PATCH',
      url: '/v1/reset-password',
      body: { token, password: 'N3w!Secret' },
    });
    expect(reset.json.msg).toBe('Your password has been reset. Please log in with your new password');
    expect(reset.statusCode).toBe(200);
    expect(reset.json.msg).toBe('Your password has been reset. Please log in with your new password');
    await loginAs(app, 'bob@example.com', 'N3w!Secret');
    const old = await call(app, {
      url: '/v1/login',
      body: { email: 'bob@example.com', password: DEMO_PASSWORD },
    });
    expect(old.json.msg).toBe('Invalid email or password');
    expect((await call(app, { url: '/v1/user', token: oldSession.accessToken })).statusCode).toBe(401);

    const reuse = await call(app, {
      method: 'PATCH',
      url: '/v1/reset-password',
      body: { token, password: 'An0ther!Pass' },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json.msg).toBe('Link is expired');
  });

  it('expires reset links after an hour', async () => {
    await call(app, { url: '/v1/forget-password', body: { email: 'carol@example.com' } });
    const token = (await linkParams(app, 'carol@example.com', '/reset-password')).get('verificationToken');
    clock.advance(hours(1) + 1000);
    const late = await call(app, {
      method: 'PATCH',
      url: '/v1/reset-password',
      body: { token, password: 'N3w!Secret' },
    });
    expect(late.json.msg).toBe('Link is expired');
  });

  it('throttles repeated requests for one email with 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (
          await call(app, {
            url: '/v1/forget-password',
            body: { email: 'flood@example.com' },
            ip: `10.1.0.${i}`,
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('POST /v1/resend-email', () => {
  it('sends a fresh link to an unverified account and answers the same otherwise', async () => {
    const pending = await call(app, {
      url: '/v1/resend-email',
      body: { email: 'unverified@example.com', portal: 'kreanoAccount' },
    });
    const verified = await call(app, { url: '/v1/resend-email', body: { email: 'demo@example.com' } });
    const unknown = await call(app, { url: '/v1/resend-email', body: { email: 'ghost@example.com' } });
    expect(pending.statusCode).toBe(200);
    expect(pending.json.msg).toBe(
      'If this email is waiting for verification, a new verification link has been sent',
    );
    expect(verified.json).toEqual(pending.json);
    expect(unknown.json).toEqual(pending.json);
    expect((await mailbox(app, 'unverified@example.com'))[0].subject).toBe('Verify your email');
    expect(await mailbox(app, 'demo@example.com')).toEqual([]);
  });

  it("says 'Email is missing' without an address", async () => {
    const response = await call(app, { url: '/v1/resend-email', body: { email: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json.msg).toBe('Email is missing');
  });
});

describe('data stored', () => {
  it('keeps only an argon2id hash of the password', async () => {
    const [row] = await app.services.db.select().from(users).where(eq(users.email, 'newbie@example.com'));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain('Str0ng!Pass');
    const rows = await app.services.db.select().from(memberships).where(eq(memberships.userId, row.id));
    expect(rows).toHaveLength(1);
  });
});
