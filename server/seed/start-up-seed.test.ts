import { expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { App } from '../http/types';
import { call, createTestApp } from '../test/test-app';
import { DEMO_PASSWORD } from './demo-data';
import { firstOwnerHint, startUpSeed } from './start-up-seed';

const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(40),
  PUBLIC_URL: 'https://portal.example.com',
};

/** A first start (empty database) as server/main.ts does it, with that environment. */
async function firstStart(env: Record<string, string>): Promise<App> {
  return createTestApp({ env, seedIfEmpty: startUpSeed(loadConfig(env), env).seed });
}

/** The answer to the demo account's login: its status and error code (none when it logs in). */
async function demoLogin(app: App): Promise<{ status: number; code?: string }> {
  const response = await call(app, {
    url: '/v1/login',
    body: { email: 'demo@example.com', password: DEMO_PASSWORD, captcha: 'test' },
  });
  return { status: response.statusCode, code: response.json?.code };
}

it('a production start on an empty database seeds no demo account, and says how to create the first owner', async () => {
  const app = await firstStart(PRODUCTION);
  try {
    expect(await demoLogin(app)).toEqual({ status: 400, code: 'INVALID_CREDENTIALS' });
    expect(await firstOwnerHint(app.database.db)).toContain('npm run user:create');
  } finally {
    await app.close();
  }
});

it('production seeds the demo accounts only when SEED_DEMO=1 asks, with a warning', async () => {
  expect(startUpSeed(loadConfig(PRODUCTION), { ...PRODUCTION, SEED_DEMO: '1' }).warning).toMatch(
    /DEMO ACCOUNTS/,
  );
  const app = await firstStart({ ...PRODUCTION, SEED_DEMO: '1' });
  try {
    expect(await demoLogin(app)).toEqual({ status: 200, code: undefined });
    expect(await firstOwnerHint(app.database.db)).toBeNull();
  } finally {
    await app.close();
  }
  // A first start: a fresh embedded database, its migrations and the demo seed's password hashes.
}, 90_000);

it('development still seeds the demo accounts on a first start, without a warning', () => {
  expect(startUpSeed(loadConfig({ NODE_ENV: 'development' }), {})).toEqual({ seed: true, warning: null });
});
