import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema';
import { users } from '../users/schema';
import type { App } from '../../http/types';
import { call, createTestApp, loginAs } from '../../test/test-app';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const OLD = 'Str0ng!Pass';
const NEW = 'N3w!Secret';

let counter = 0;
async function freshUser(): Promise<string> {
  const email = `changer${++counter}@example.com`;
  expect(
    (
      await call(app, {
        url: '/v1/register',
        body: { firstName: 'Pat', lastName: 'Changer', email, password: OLD },
      })
    ).statusCode,
  ).toBe(200);
  await app.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, email));
  return email;
}

const change = (token: string, body: Record<string, unknown>) =>
  call(app, { method: 'PATCH', url: '/v1/change-password', token, body });
const login = (email: string, password: string) => call(app, { url: '/v1/login', body: { email, password } });

describe('PATCH /v1/change-password', () => {
  it('changes the password: the old one stops working, this login goes on, every other login ends', async () => {
    const email = await freshUser();
    const here = await loginAs(app, email, OLD);
    const elsewhere = await loginAs(app, email, OLD);
    const response = await change(here.accessToken, { currentPassword: OLD, newPassword: NEW });
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({ data: null, msg: 'Password changed successfully' });

    expect((await login(email, OLD)).statusCode).toBe(400);
    expect((await login(email, NEW)).json.data.accessToken).toEqual(expect.any(String));
    expect((await call(app, { url: '/v1/user', token: here.accessToken })).statusCode).toBe(200);
    expect((await call(app, { url: '/v1/user', token: elsewhere.accessToken })).statusCode).toBe(401);
    const refresh = await call(app, {
      method: 'POST',
      url: '/v1/organization/refresh',
      headers: { 'x-refresh-token': elsewhere.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);

    const [event] = await app.database.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.eventType, 'password.changed'))
      .orderBy(desc(activityLogs.seq))
      .limit(1);
    expect(event).toMatchObject({ email });
  });

  it("clears an administrator's password-reset requirement", async () => {
    const email = await freshUser();
    await app.database.db.update(users).set({ passwordResetRequired: true }).where(eq(users.email, email));
    const { accessToken } = await loginAs(app, email, OLD);
    await change(accessToken, { currentPassword: OLD, newPassword: NEW });
    const [row] = await app.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordResetRequired).toBe(false);
  });

  it('refuses a wrong current password and keeps the old one', async () => {
    const email = await freshUser();
    const { accessToken } = await loginAs(app, email, OLD);
    const response = await change(accessToken, { currentPassword: 'Wr0ng!Pass', newPassword: NEW });
    expect(response.statusCode).toBe(400);
    expect(response.json).toMatchObject({
      msg: 'Current password is incorrect',
      errors: [{ field: 'currentPassword', msg: 'Current password is incorrect' }],
    });
    expect((await login(email, OLD)).statusCode).toBe(200);
  });

  it('pauses after 5 wrong current passwords, even for the right one', async () => {
    const email = await freshUser();
    const { accessToken } = await loginAs(app, email, OLD);
    for (let i = 0; i < 5; i++)
      expect(
        (await change(accessToken, { currentPassword: `Wr0ng!${i}xx`, newPassword: NEW })).statusCode,
      ).toBe(400);
    const locked = await change(accessToken, { currentPassword: OLD, newPassword: NEW });
    expect(locked.statusCode).toBe(429);
    expect(locked.json.msg).toBe('Too many wrong passwords. Please try again later');
  });

  it('refuses the current password as the new one, with the spec message', async () => {
    const email = await freshUser();
    const { accessToken } = await loginAs(app, email, OLD);
    const response = await change(accessToken, { currentPassword: OLD, newPassword: OLD });
    expect(response.statusCode).toBe(400);
    expect(response.json.msg).toBe('Sorry you have entered current password as a new password');
  });

  it('refuses a common password', async () => {
    const email = await freshUser();
    const { accessToken } = await loginAs(app, email, OLD);
    const response = await change(accessToken, { currentPassword: OLD, newPassword: 'Password1!' });
    expect(response.statusCode).toBe(400);
    expect(response.json.msg).toBe('This password is too common. Please choose a less predictable password');
    expect((await login(email, OLD)).statusCode).toBe(200);
  });

  it('applies the docs/validation-rules.md password rules to the new password and rejects unknown fields', async () => {
    const email = await freshUser();
    const { accessToken } = await loginAs(app, email, OLD);
    expect((await change(accessToken, { currentPassword: OLD, newPassword: 'Ab1!' })).json.msg).toBe(
      'Password must be 7 characters at minimum!',
    );
    expect((await change(accessToken, { currentPassword: OLD, newPassword: 'abcdefg1' })).json.msg).toBe(
      'Password must contain uppercase, lowercase, number, special character and ranging from 7-30 characters',
    );
    expect((await change(accessToken, { currentPassword: '', newPassword: NEW })).json.msg).toBe(
      'Current Password is required',
    );
    const extra = await change(accessToken, { currentPassword: OLD, newPassword: NEW, confirmPassword: NEW });
    expect(extra.statusCode).toBe(400);
    expect(extra.json.errors).toContainEqual({
      field: 'confirmPassword',
      msg: 'Unknown field: confirmPassword',
    });
  });

  it('needs a login', async () => {
    expect(
      (
        await call(app, {
          method: 'PATCH',
          url: '/v1/change-password',
          body: { currentPassword: OLD, newPassword: NEW },
        })
      ).statusCode,
    ).toBe(401);
  });
});
