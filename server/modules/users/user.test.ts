import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../http/types';
import { DEMO_PASSWORD } from '../../seed/demo-data';
import { call, createTestApp, loginAs } from '../../test/test-app';

let app: App;
let demo: string;
beforeAll(async () => {
  app = await createTestApp();
  demo = (await loginAs(app, 'demo@example.com')).accessToken;
});
afterAll(() => app.close());

const update = (token: string, body: Record<string, unknown>) =>
  call(app, { method: 'PATCH', url: '/v1/user', token, body });

describe('GET /v1/user', () => {
  it('returns userInfo in the docs/api-contract.md shape', async () => {
    const { statusCode, json } = await call(app, { url: '/v1/user', token: demo });
    expect(statusCode).toBe(200);
    expect(json.data.userInfo).toEqual({
      name: { first: 'Demo', last: 'User' },
      email: 'demo@example.com',
      phone: { phoneNumber: null },
      recovery_mail: null,
      registeredOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      userId: expect.any(String),
      isSSORegistration: false,
      twoFactorEnabledInOrg: true,
      twoFactorAuthentication: {
        enabled: false,
        email: { setupCompleted: true, enabled: true },
        otp: { setupCompleted: false, enabled: false },
        totp: { setupCompleted: false, enabled: false },
      },
    });
  });

  it('needs a login', async () => {
    expect((await call(app, { url: '/v1/user' })).statusCode).toBe(401);
  });
});

describe('PATCH /v1/user', () => {
  it('updates names, phone and recovery email and returns the new profile', async () => {
    const response = await update(demo, {
      firstName: 'Dee',
      lastName: "O'Neil-Smith",
      phoneNumber: '+61412345678',
      recovery_mail: 'Backup@Example.com',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json.msg).toBe('Profile updated successfully');
    expect(response.json.data.userInfo).toMatchObject({
      name: { first: 'Dee', last: "O'Neil-Smith" },
      phone: { phoneNumber: '+61412345678' },
      recovery_mail: 'backup@example.com',
    });
    expect((await call(app, { url: '/v1/user', token: demo })).json.data.userInfo.name.first).toBe('Dee');
  });

  it('refuses names outside the name format and keeps the stored ones', async () => {
    const before = (await call(app, { url: '/v1/user', token: demo })).json.data.userInfo.name;
    const response = await update(demo, {
      firstName: '<img src=x onerror=alert(1)>',
      lastName: "' OR 1=1--",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json.errors).toEqual(
      expect.arrayContaining([
        { field: 'firstName', msg: 'Enter your first name in format: John Smith' },
        { field: 'lastName', msg: 'Enter your last name in format: Smith' },
      ]),
    );
    for (const lastName of ['Smith\nBcc', 'Smith\u0000', 'Van  Dijk', '😀', 'B'.repeat(51)]) {
      expect((await update(demo, { lastName })).statusCode, JSON.stringify(lastName)).toBe(400);
    }
    expect((await update(demo, { lastName: 'B'.repeat(51) })).json.msg).toBe(
      'Last name can have a maximum of 50 characters',
    );
    expect((await call(app, { url: '/v1/user', token: demo })).json.data.userInfo.name).toEqual(before);
  });

  it('resets mobile 2FA when the phone number changes', async () => {
    // sms2fa has mobile 2FA on: its login goes through the second factor, so set it up via a fresh session
    const challenge = await call(app, {
      url: '/v1/login',
      body: { email: 'sms2fa@example.com', password: DEMO_PASSWORD },
    });
    const sent = await call(app, {
      method: 'PATCH',
      url: '/v1/two-factor/otp',
      body: { tokenId: challenge.json.data.tokenId, type: 'otp' },
    });
    const verified = await call(app, {
      url: '/v1/two-factor/verify',
      body: { tokenId: challenge.json.data.tokenId, type: 'otp', code: sent.json.data.otp },
    });
    const sms = verified.json.data.accessToken;
    const same = await update(sms, { phoneNumber: '+61400000000' });
    expect(same.json.data.userInfo.twoFactorAuthentication.otp).toEqual({
      setupCompleted: true,
      enabled: true,
    });
    const changed = await update(sms, { phoneNumber: '+61499999999' });
    expect(changed.json.data.userInfo.twoFactorAuthentication.otp).toEqual({
      setupCompleted: false,
      enabled: false,
    });
    // email 2FA remains, so 2FA as a whole stays on
    expect(changed.json.data.userInfo.twoFactorAuthentication.enabled).toBe(true);
  });

  it('validates with the docs/validation-rules.md messages and rejects unknown fields', async () => {
    const phone = await update(demo, { phoneNumber: '12345' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json.msg).toBe('Phone number must have minimum of 7 digits and maximum of 15 digits');
    const mail = await update(demo, { recovery_mail: 'nope' });
    expect(mail.json.errors).toContainEqual({ field: 'recovery_mail', msg: 'Invalid email format' });
    const extra = await update(demo, { email: 'hijack@example.com' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json.errors).toContainEqual({ field: 'email', msg: 'Unknown field: email' });
    expect((await call(app, { url: '/v1/user', token: demo })).json.data.userInfo.email).toBe(
      'demo@example.com',
    );
  });
});
