import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_TOKEN_HEADER } from '../contract/v1/constants';
import type { App } from './http/types';
import { createLogger, readableLine } from './logging';
import { DEMO_PASSWORD } from './seed/demo-data';
import { call, createTestApp } from './test/test-app';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

let app: App;
beforeAll(async () => {
  const logger = createLogger('debug', sink);
  app = await createTestApp({ logger });
});
afterAll(() => app.close());

it('logs requests without passwords, tokens or codes', async () => {
  const login = await call(app, {
    url: '/v1/login',
    body: { email: 'demo@example.com', password: DEMO_PASSWORD },
  });
  const { accessToken, refreshToken } = login.json.data;
  await call(app, { url: '/v1/user', token: accessToken });
  await call(app, {
    method: 'POST',
    url: '/v1/organization/refresh',
    headers: { [REFRESH_TOKEN_HEADER]: refreshToken },
  });
  const challenge = await call(app, {
    url: '/v1/login',
    body: { email: 'email2fa@example.com', password: DEMO_PASSWORD },
  });
  const sent = await call(app, {
    method: 'PATCH',
    url: '/v1/two-factor/otp',
    body: { tokenId: challenge.json.data.tokenId, type: 'email' },
  });

  const log = lines.join('');
  expect(log).toContain('/v1/login');
  for (const secret of [DEMO_PASSWORD, accessToken, refreshToken, challenge.json.data.tokenId]) {
    expect(log).not.toContain(secret);
  }
  // Six digits can occur inside timestamps; a logged code would appear as a JSON string.
  expect(log).not.toContain(`"${sent.json.data.otp}"`);
});

it('logs the links from mails and partners without their secret query parameters', async () => {
  const secret = 'S3cretValue-7f2a9c';
  const links = [
    { path: '/reset-password', parameter: 'verificationToken' },
    { path: '/sso', parameter: 'token' },
    { path: '/token-auth', parameter: 'token' },
    { path: '/email-verification', parameter: 'verificationToken' },
  ];
  for (const { path, parameter } of links) {
    lines.length = 0;
    await app.inject({ method: 'GET', url: `${path}?lang=fr&${parameter}=${secret}&appId=billing` });
    const urls = lines
      .map((line) => JSON.parse(line) as { req?: { url: string } })
      .flatMap((entry) => (entry.req ? [entry.req.url] : []));
    expect(urls).toEqual([`${path}?lang=fr&${parameter}=[redacted]&appId=billing`]);
    expect(lines.join('')).not.toContain(secret);
  }
});

it('redacts any query parameter named like a credential, whatever its case or spelling', async () => {
  lines.length = 0;
  await app.inject({
    method: 'GET',
    url: '/callback?state=keep&Code=abc123&client_secret=s1&apiKey=k1&otp=123456&newPassword=p1',
  });
  const logged = lines.map((line) => JSON.parse(line) as { req?: { url: string } }).find((entry) => entry.req)
    ?.req?.url;
  expect(logged).toBe(
    '/callback?state=keep&Code=[redacted]&client_secret=[redacted]&apiKey=[redacted]&otp=[redacted]&newPassword=[redacted]',
  );
});

it('logs one line per request, when it is answered, with its status and time', async () => {
  lines.length = 0;
  await app.inject({ method: 'GET', url: '/v1/health' });
  const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const about = entries.filter((entry) => JSON.stringify(entry).includes('/v1/health'));
  expect(about).toHaveLength(1);
  expect(about[0]).toMatchObject({ req: { method: 'GET', url: '/v1/health' }, res: { statusCode: 200 } });
  expect(typeof about[0]!.responseTime).toBe('number');
});

describe('the readable format of development', () => {
  it('writes a request as its method, path, status and milliseconds after the time and level', () => {
    const json = JSON.stringify({
      level: 30,
      time: Date.UTC(2026, 10, 29, 8, 41, 2),
      pid: 1,
      hostname: 'h',
      reqId: 'req-1',
      req: { method: 'GET', url: '/v1/user', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
      responseTime: 12.4,
      msg: 'request completed',
    });
    expect(readableLine(json)).toBe('08:41:02 INFO  GET /v1/user 200 12 ms');
  });

  it('writes another message with its own fields, and passes a line that is not JSON as it is', () => {
    const json = JSON.stringify({ level: 40, time: Date.UTC(2026, 10, 29, 8, 0, 0), pid: 1, hostname: 'h', msg: 'mail cannot leave', provider: 'outbox' });
    expect(readableLine(json)).toBe('08:00:00 WARN  mail cannot leave {"provider":"outbox"}');
    expect(readableLine('plain text\n')).toBe('plain text');
  });

  it('is what a readable logger writes, one line per entry', () => {
    const written: string[] = [];
    const out = new Writable({
      write(chunk, _encoding, done) {
        written.push(String(chunk));
        done();
      },
    });
    const logger = createLogger('info', out, 'readable');
    logger.info({ signal: 'SIGTERM' }, 'shutting down');
    logger.flush?.();
    expect(written.join('')).toMatch(/^\d\d:\d\d:\d\d INFO {2}shutting down \{"signal":"SIGTERM"\}\n$/);
  });
});
