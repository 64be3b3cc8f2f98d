import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../http/types';
import { FakeClock, call, createTestApp, loginAs, mailbox } from '../../test/test-app';
import { users } from '../users/schema';

const clock = new FakeClock();
let app: App;
beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

async function freshUser(email: string): Promise<string> {
  const registered = await call(app, {
    url: '/v1/register',
    body: { firstName: 'Mobile', lastName: 'User', email, password: 'Str0ng!Pass' },
  });
  expect(registered.statusCode).toBe(200);
  await app.database.db.update(users).set({ emailVerifiedAt: clock.now() }).where(eq(users.email, email));
  return (await loginAs(app, email, 'Str0ng!Pass')).accessToken;
}

it('texts, binds and stores the mobile 2FA number in E.164 whichever way it was typed', async () => {
  const token = await freshUser('e164@example.com');
  // The same Australian mobile, once with the national trunk 0 kept after the country code.
  const sent = await call(app, {
    method: 'PATCH',
    url: '/v1/otp',
    token,
    body: { phoneNumber: '+610412000111' },
  });
  expect(sent.statusCode).toBe(200);
  const [sms] = await mailbox(app, '+61412000111');
  expect(sms!.text).toContain(sent.json.data.otp);

  const verified = await call(app, {
    method: 'POST',
    url: '/v1/two-factor/setup',
    token,
    body: { type: 'otp', phoneNumber: '+61412000111', code: sent.json.data.otp },
  });
  expect(verified.statusCode).toBe(200);
  expect(verified.json.data.userInfo).toMatchObject({
    phone: { phoneNumber: '+61412000111' },
    twoFactorAuthentication: { otp: { setupCompleted: true, enabled: true } },
  });

  // Saving the profile with another spelling of the same number is no change: mobile 2FA stays on.
  const saved = await call(app, {
    method: 'PATCH',
    url: '/v1/user',
    token,
    body: { phoneNumber: '+610412000111' },
  });
  expect(saved.statusCode).toBe(200);
  expect(saved.json.data.userInfo).toMatchObject({
    phone: { phoneNumber: '+61412000111' },
    twoFactorAuthentication: { otp: { setupCompleted: true, enabled: true } },
  });
});

it('refuses a number no country could have, on the phone field, in the user language', async () => {
  const token = await freshUser('impossible@example.com');
  const refused = await call(app, {
    method: 'PATCH',
    url: '/v1/otp',
    token,
    body: { phoneNumber: '+1234567' },
  });
  expect(refused.statusCode).toBe(400);
  expect(refused.json).toMatchObject({
    code: 'PHONE_NUMBER_INVALID',
    msg: 'Enter a complete mobile number with its country code (for example +61412345678)',
    errors: [{ field: 'phoneNumber' }],
  });
  expect(await mailbox(app, '+1234567')).toEqual([]);

  const french = await call(app, {
    method: 'PATCH',
    url: '/v1/otp',
    token,
    body: { phoneNumber: '+1234567' },
    headers: { 'accept-language': 'fr' },
  });
  expect(french.json.msg).toBe(
    'Saisissez un numéro de mobile complet avec son indicatif pays (par exemple +61412345678)',
  );
});
