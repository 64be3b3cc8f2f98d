import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../http/types';
import { DEMO_PASSWORD } from '../seed/demo-data';
import { call, createTestApp } from '../test/test-app';
import { OWASP_ARGON2 } from './password-hasher';

/**
 * A login storm (docs/performance.md): hashes run no more than HASH_CONCURRENCY at once and at most
 * HASH_QUEUE_LIMIT wait; the rest are refused at once with 429 SERVER_BUSY and a Retry-After, in the caller's
 * language, instead of piling up on the thread pool and stalling every other request. One worker and one
 * waiting place here, with the real (OWASP) cost, so twelve simultaneous logins must overflow.
 */
let app: App;
beforeAll(async () => {
  app = await createTestApp({ env: { HASH_CONCURRENCY: '1', HASH_QUEUE_LIMIT: '1' }, argon2: OWASP_ARGON2 });
});
afterAll(() => app.close());

const login = (email: string, password: string, language = 'en') =>
  call(app, {
    url: '/v1/login',
    body: { email, password, captcha: 'x' },
    headers: { 'accept-language': language },
    ip: '203.0.113.7',
  });

describe('a login storm', () => {
  it('refuses what the hasher cannot take with 429 SERVER_BUSY and Retry-After, and recovers', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(`storm-${i}@example.com`, 'Wrong-password-1', 'fr')),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    const busy = answers.filter((answer) => answer.statusCode === 429);
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy) {
      expect(answer.json).toMatchObject({
        code: 'SERVER_BUSY',
        msg: 'Le serveur traite de nombreuses connexions. Veuillez réessayer dans quelques secondes',
      });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    // Every other one got the ordinary answer for wrong credentials: nothing failed in between.
    expect(statuses.filter((status) => status !== 429).every((status) => status === 400)).toBe(true);

    // Once the storm has passed, people sign in again.
    const after = await login('demo@example.com', DEMO_PASSWORD);
    expect(after.statusCode).toBe(200);
  });

  it('answers a busy refusal in the same shape whether or not the account exists (no enumeration)', async () => {
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => login(`storm-unknown-${i}@example.com`, 'Wrong-password-1')),
      ...Array.from({ length: 6 }, () => login('demo@example.com', 'Wrong-password-1')),
    ]);
    const shapes = new Set(
      answers.filter((a) => a.statusCode === 429).map((a) => JSON.stringify({ code: a.json.code, msg: a.json.msg })),
    );
    expect(shapes).toEqual(
      new Set([JSON.stringify({ code: 'SERVER_BUSY', msg: 'The server is busy signing people in. Please try again in a few seconds' })]),
    );
    // Refused or not, the known account's wrong password and an unknown address answer alike.
    const refusedAsCredentials = answers.filter((a) => a.statusCode === 400).map((a) => a.json.msg);
    expect(new Set(refusedAsCredentials).size).toBeLessThanOrEqual(1);
  });
});
