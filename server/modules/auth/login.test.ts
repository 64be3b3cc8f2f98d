import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema';
import { users } from '../users/schema';
import type { App } from '../../http/types';
import { DEMO_PASSWORD } from '../../seed/demo-data';
import { call, createTestApp } from '../../test/test-app';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const login = (email: string, password: string, ip?: string) =>
  call(app, { url: '/v1/login', body: { email, password, captcha: 'x' }, ip });

describe('POST /v1/login', () => {
  it('gives tokens and the docs/api-contract.md shape to a verified user without 2FA', async () => {
    const response = await login('demo@example.com', DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    const { data, msg } = response.json;
    expect(msg).toBe('Login successful');
    expect(data).toMatchObject({
      twoFactorEnabled: false,
      email: { id: 'demo@example.com', verified: true },
      twoFactorEnabledInOrg: true,
    });
    expect(data.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(data.refreshToken).toMatch(/^[\w-]{43}$/);
    expect(data.tokenId).toBeUndefined();
  });

  it('treats the email case-insensitively', async () => {
    expect((await login('Demo@Example.COM', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('answers an unverified user with verified=false and no tokens', async () => {
    const { statusCode, json } = await login('unverified@example.com', DEMO_PASSWORD);
    expect(statusCode).toBe(200);
    expect(json.data.email).toEqual({ id: 'unverified@example.com', verified: false });
    expect(json.data.accessToken).toBeUndefined();
    expect(json.data.refreshToken).toBeUndefined();
  });

  it('asks a 2FA user for a second factor: tokenId and methods, no tokens', async () => {
    const { statusCode, json } = await login('totp@example.com', DEMO_PASSWORD);
    expect(statusCode).toBe(200);
    expect(json.data.twoFactorEnabled).toBe(true);
    expect(json.data.tokenId).toEqual(expect.any(String));
    expect(json.data.twoFactorConfigInfo.authenticator).toEqual({ show: true, label: 'Authenticator app' });
    expect(json.data.twoFactorConfigInfo.email.show).toBe(true);
    expect(json.data.twoFactorConfigInfo.mobile.show).toBe(false);
    expect(json.data.accessToken).toBeUndefined();
  });

  it('answers a wrong password and an unknown email with the same status and message', async () => {
    const wrong = await login('alice@example.com', 'Wrong@1234', '10.0.0.1');
    const unknown = await login('nobody-here@example.com', 'Wrong@1234', '10.0.0.1');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(wrong.json).toEqual({ msg: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
    expect(unknown.json).toEqual(wrong.json);
  });

  it('refuses a blocked account once the password is right', async () => {
    const db = app.services.db;
    await db.update(users).set({ disabled: true }).where(eq(users.email, 'dave@example.com'));
    const { statusCode, json } = await login('dave@example.com', DEMO_PASSWORD);
    expect(statusCode).toBe(403);
    expect(json.msg).toBe('Your account is blocked. Please contact admin');
    await db.update(users).set({ disabled: false }).where(eq(users.email, 'dave@example.com'));
  });

  it('after 10 wrong passwords refuses even the right one with 429', async () => {
    for (let i = 0; i < 10; i++)
      expect((await login('bob@example.com', `Wrong@${i}abc`, '10.0.0.2')).statusCode).toBe(400);
    const right = await login('bob@example.com', DEMO_PASSWORD, '10.0.0.3');
    expect(right.statusCode).toBe(429);
    expect(right.json.msg).toBe('Too many login attempts. Please try again later');
    expect(right.headers['retry-after']).toBeDefined();
  });

  it('throttles an unknown email exactly like a known one', async () => {
    for (let i = 0; i < 10; i++) await login('ghost@example.com', `Wrong@${i}abc`, '10.0.0.4');
    const next = await login('ghost@example.com', 'Wrong@9999x', '10.0.0.5');
    expect(next.statusCode).toBe(429);
    expect(next.json.msg).toBe('Too many login attempts. Please try again later');
  });

  it('validates input before any lookup', async () => {
    const long = await login(`${'a'.repeat(245)}@example.com`, DEMO_PASSWORD);
    expect(long.statusCode).toBe(400);
    expect(long.json.msg).toBe('Email can have a maximum of 256 characters');
    expect(long.json.errors).toContainEqual({
      field: 'email',
      msg: 'Email can have a maximum of 256 characters',
    });

    const missing = await call(app, { url: '/v1/login', body: { email: '', password: '' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', msg: 'Email is required' },
        { field: 'password', msg: 'Password is required' },
      ]),
    );

    const unknownField = await call(app, {
      url: '/v1/login',
      body: { email: 'demo@example.com', password: 'x', admin: true },
    });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json.errors).toContainEqual({ field: 'admin', msg: 'Unknown field: admin' });
  });

  it('writes the audit trail for successes and failures', async () => {
    await login('alice@example.com', DEMO_PASSWORD);
    const rows = await app.services.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.email, 'alice@example.com'));
    const events = rows.map((row) => row.eventType);
    expect(events).toContain('login.success');
    expect(events).toContain('login.failure');
    expect(rows.every((row) => row.ip && row.createdAt)).toBe(true);
  });
});

describe('per-IP budget', () => {
  let strict: App;
  beforeAll(async () => {
    strict = await createTestApp({ env: { LOGIN_MAX_FAILURES_PER_IP: '3' } });
  });
  afterAll(() => strict.close());

  it('refuses further attempts from an address past its failure budget, whatever the email', async () => {
    for (const email of ['a1@example.com', 'a2@example.com', 'a3@example.com']) {
      await call(strict, { url: '/v1/login', body: { email, password: 'Wrong@123' }, ip: '10.9.9.9' });
    }
    const next = await call(strict, {
      url: '/v1/login',
      body: { email: 'demo@example.com', password: DEMO_PASSWORD },
      ip: '10.9.9.9',
    });
    expect(next.statusCode).toBe(429);
    const elsewhere = await call(strict, {
      url: '/v1/login',
      body: { email: 'demo@example.com', password: DEMO_PASSWORD },
      ip: '10.9.9.10',
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});
