import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REFRESH_TOKEN_HEADER } from '../contract/v1/constants';
import { REDACTED_PATHS } from './app';
import type { App } from './http/types';
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
  const logger = pino({ level: 'debug', redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, sink);
  app = await createTestApp({ logger });
});
afterAll(() => app.close());

it('logs requests without passwords, tokens or codes', async () => {
  const login = await call(app, { url: '/v1/login', body: { email: 'demo@example.com', password: DEMO_PASSWORD } });
  const { accessToken, refreshToken } = login.json.data;
  await call(app, { url: '/v1/user', token: accessToken });
  await call(app, { method: 'POST', url: '/v1/organization/refresh', headers: { [REFRESH_TOKEN_HEADER]: refreshToken } });
  const challenge = await call(app, { url: '/v1/login', body: { email: 'email2fa@example.com', password: DEMO_PASSWORD } });
  const sent = await call(app, { method: 'PATCH', url: '/v1/two-factor/otp', body: { tokenId: challenge.json.data.tokenId, type: 'email' } });

  const log = lines.join('');
  expect(log).toContain('/v1/login');
  for (const secret of [DEMO_PASSWORD, accessToken, refreshToken, challenge.json.data.tokenId]) {
    expect(log).not.toContain(secret);
  }
  // Six digits can occur inside timestamps; a logged code would appear as a JSON string.
  expect(log).not.toContain(`"${sent.json.data.otp}"`);
});
