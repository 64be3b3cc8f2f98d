import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../http/types';
import { DEMO_PASSWORD } from '../seed/demo-data';
import { findUserByEmail } from '../modules/users/user-queries';
import { call, createTestApp, mailbox } from '../test/test-app';
import { SiteVerifyCaptcha } from './captcha';

/** A stand-in for the providers' siteverify endpoints, on loopback. */
let stub: Server;
let stubUrl: string;
const received: URLSearchParams[] = [];
beforeAll(async () => {
  stub = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      received.push(form);
      const token = form.get('response');
      const answer =
        token === 'human' ? { success: true, score: 0.9 } : token === 'bot-ish' ? { success: true, score: 0.1 } : { success: false };
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/siteverify`;
});
afterAll(() => new Promise<void>((resolve) => stub.close(() => resolve())));

describe('siteverify providers', () => {
  it('reCAPTCHA v3 passes a good score and fails a low one, a failure or a missing token', async () => {
    const recaptcha = new SiteVerifyCaptcha(stubUrl, 'server-secret', 0.5);
    expect(await recaptcha.verify('human', '10.0.0.1')).toBe(true);
    expect(await recaptcha.verify('bot-ish', '10.0.0.1')).toBe(false);
    expect(await recaptcha.verify('garbage', '10.0.0.1')).toBe(false);
    expect(await recaptcha.verify(undefined, '10.0.0.1')).toBe(false);
    expect(received[0].get('secret')).toBe('server-secret');
    expect(received[0].get('remoteip')).toBe('10.0.0.1');
  });

  it('Turnstile needs only success', async () => {
    const turnstile = new SiteVerifyCaptcha(stubUrl, 's', null);
    expect(await turnstile.verify('bot-ish', '10.0.0.1')).toBe(true);
    expect(await turnstile.verify('garbage', '10.0.0.1')).toBe(false);
  });

  it('fails closed when the provider cannot be reached', async () => {
    const down = new SiteVerifyCaptcha('http://127.0.0.1:1/siteverify', 's', null, 500);
    expect(await down.verify('human', '10.0.0.1')).toBe(false);
  });
});

describe('login, sign-up, forgot-password and resend-email with a captcha provider', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ env: { CAPTCHA_PROVIDER: 'recaptcha', CAPTCHA_SECRET: 'server-secret', CAPTCHA_VERIFY_URL: stubUrl } });
  });
  afterAll(() => app.close());

  it("answers a failed check with 'Please try again.'", async () => {
    const login = await call(app, { url: '/v1/login', body: { email: 'demo@example.com', password: DEMO_PASSWORD, captcha: 'garbage' } });
    expect(login.statusCode).toBe(400);
    expect(login.json.msg).toBe('Please try again.');
    const forgot = await call(app, { url: '/v1/forget-password', body: { email: 'demo@example.com', captcha: 'bot-ish' } });
    expect(forgot.json.msg).toBe('Please try again.');
  });

  it('refuses a sign-up or a resent mail without a passing check, creating and sending nothing', async () => {
    const newcomer = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada.captcha@example.com', password: 'Quill#Vapour82' };
    for (const captcha of [undefined, 'garbage']) {
      const signUp = await call(app, { url: '/v1/register', body: { ...newcomer, captcha } });
      expect(signUp.statusCode).toBe(400);
      expect(signUp.json.msg).toBe('Please try again.');
      const resend = await call(app, { url: '/v1/resend-email', body: { email: 'ada.captcha@example.com', captcha } });
      expect(resend.statusCode).toBe(400);
      expect(resend.json.msg).toBe('Please try again.');
    }
    expect(await findUserByEmail(app.database.db, newcomer.email)).toBeUndefined();
    await app.services.mailer.idle();
    expect(await mailbox(app, newcomer.email)).toEqual([]);

    const passed = await call(app, { url: '/v1/register', body: { ...newcomer, captcha: 'human' } });
    expect(passed.statusCode).toBe(200);
    expect(await findUserByEmail(app.database.db, newcomer.email)).toBeDefined();
    await app.services.mailer.idle();
    expect(await mailbox(app, newcomer.email)).toHaveLength(1);
  });

  it('lets a passing check through', async () => {
    const login = await call(app, { url: '/v1/login', body: { email: 'demo@example.com', password: DEMO_PASSWORD, captcha: 'human' } });
    expect(login.statusCode).toBe(200);
  });
});
