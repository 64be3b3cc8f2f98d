import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../http/types';
import { DEMO_PASSWORD } from '../seed/demo-data';
import { call, createTestApp } from '../test/test-app';
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

describe('login and forgot-password with a captcha provider', () => {
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

  it('lets a passing check through', async () => {
    const login = await call(app, { url: '/v1/login', body: { email: 'demo@example.com', password: DEMO_PASSWORD, captcha: 'human' } });
    expect(login.statusCode).toBe(200);
  });
});
