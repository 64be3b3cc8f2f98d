import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../http/types';
import { DEMO_PASSWORD } from '../seed/demo-data';
import { call, createTestApp } from '../test/test-app';
import { SmsNotSent } from './sms';
import { TwilioSmsProvider } from './twilio-sms-provider';

/**
 * The Twilio adapter through Twilio's official SDK, pointed at a local stand-in of its Messages API (no network
 * here): what it sends, and what it makes of each answer (#34 item 2).
 */
interface Received {
  path: string;
  authorization: string;
  form: URLSearchParams;
}
const received: Received[] = [];
let answer: (response: ServerResponse) => void = () => undefined;
let stand: Server;
let baseUrl: string;

const json = (status: number, body: unknown) => (response: ServerResponse) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};
const queued = json(201, { sid: 'SM0123456789abcdef0123456789abcdef', status: 'queued', error_code: null });

beforeAll(async () => {
  stand = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        authorization: request.headers.authorization ?? '',
        form: new URLSearchParams(body),
      });
      answer(response);
    });
  });
  await new Promise<void>((resolve) => stand.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(stand.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => stand.close(() => resolve())));
afterEach(() => {
  received.length = 0;
  answer = () => undefined;
});

const provider = (from = '+61400000000', timeoutMs?: number) =>
  new TwilioSmsProvider({
    accountSid: 'AC0001',
    authToken: 'secret-token',
    from,
    apiBaseUrl: baseUrl,
    timeoutMs,
  });

describe('TwilioSmsProvider', () => {
  it("creates a message on the account's Messages resource with the account's credentials", async () => {
    answer = queued;
    await provider().send('+61412345678', 'Your verification code is 123456.');
    expect(received).toHaveLength(1);
    expect(received[0]!.path).toBe('/2010-04-01/Accounts/AC0001/Messages.json');
    expect(received[0]!.authorization).toBe(`Basic ${Buffer.from('AC0001:secret-token').toString('base64')}`);
    expect(Object.fromEntries(received[0]!.form)).toEqual({
      To: '+61412345678',
      From: '+61400000000',
      Body: 'Your verification code is 123456.',
    });
  });

  it('sends through a Messaging Service when the sender is one', async () => {
    answer = queued;
    await provider('MG0002').send('+61412345678', 'hi');
    expect(received[0]!.form.get('MessagingServiceSid')).toBe('MG0002');
    expect(received[0]!.form.has('From')).toBe(false);
  });

  it.each([
    [
      'an invalid number',
      json(400, { code: 21211, message: "Invalid 'To' Phone Number", status: 400 }),
      21211,
    ],
    ['an account problem', json(401, { code: 20003, message: 'Authenticate', status: 401 }), 20003],
    [
      "Twilio's own failure",
      json(500, { code: 20500, message: 'Internal Server Error', status: 500 }),
      20500,
    ],
    [
      'a message Twilio failed at once',
      json(201, { sid: 'SM1', status: 'failed', error_code: 30006 }),
      30006,
    ],
  ])('counts %s as not sent, with its code', async (_case, reply, code) => {
    answer = reply;
    const sending = provider().send('+61412345678', 'hi');
    await expect(sending).rejects.toBeInstanceOf(SmsNotSent);
    await expect(sending).rejects.toMatchObject({ providerCode: code });
  });

  it('counts no answer in time as not sent', async () => {
    answer = () => undefined; // the stand-in never answers
    await expect(provider('+61400000000', 300).send('+61412345678', 'hi')).rejects.toBeInstanceOf(SmsNotSent);
  });
});

describe('mobile two-factor codes through Twilio', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({
      env: {
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC0001',
        TWILIO_AUTH_TOKEN: 'secret-token',
        TWILIO_FROM: '+61400000000',
        TWILIO_API_BASE_URL: baseUrl,
      },
    });
  });
  afterAll(() => app.close());

  const sendCode = async () => {
    const login = await call(app, {
      url: '/v1/login',
      body: { email: 'sms2fa@example.com', password: DEMO_PASSWORD },
    });
    const tokenId = login.json.data.tokenId as string;
    return call(app, { method: 'PATCH', url: '/v1/two-factor/otp', body: { tokenId, type: 'otp' } });
  };

  it('texts the login code; a refused text is not sent, holds no wait, and the next try goes out', async () => {
    answer = json(400, { code: 21211, message: "Invalid 'To' Phone Number", status: 400 });
    const refused = await sendCode();
    expect(refused.statusCode).toBe(502);
    expect(refused.json).toEqual({
      code: 'SMS_NOT_SENT',
      msg: 'We could not send the text message. Try again, or choose another method',
    });
    answer = queued;
    const sent = await sendCode();
    expect(sent.statusCode, sent.body).toBe(200);
    const text = received.at(-1)!.form.get('Body')!;
    expect(text).toMatch(/^Your verification code is \d{6}\./);
    // The code texted is the one the login accepts.
    expect(text).toContain(sent.json.data.otp);
  });
});
