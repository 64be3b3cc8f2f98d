import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import type { Clock } from '../clock';
import { loadConfig, type ServerConfig } from '../config';
import { dumpMigratedTemplate, type DatabaseLocation } from '../db/database';
import { migrationsFolder } from '../paths';
import type { App } from '../http/types';
import { DEMO_PASSWORD } from '../seed/demo-data';
import type { Argon2Params } from '../security/password-hasher';

/** Cheap argon2id for tests only; production uses OWASP_ARGON2. */
export const TEST_ARGON2: Argon2Params = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** A clock the test moves by hand. */
export class FakeClock implements Clock {
  private current: number;
  constructor(start = Date.UTC(2030, 0, 15, 9, 0, 0)) {
    this.current = start;
  }
  now() {
    return new Date(this.current);
  }
  advance(ms: number) {
    this.current += ms;
  }
}

/**
 * A fresh database per test file: in-memory PGlite, or with DATABASE_URL (npm run test:postgres) a new
 * PostgreSQL database that is dropped when the app closes.
 */
async function freshDatabase(): Promise<{ location: DatabaseLocation; dispose: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { location: { kind: 'pglite', dataDir: null, template: await migratedTemplate() }, dispose: async () => undefined };
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    location: { kind: 'postgres', url: target.toString() },
    dispose: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Cached per migration set in the temp folder, shared by the test files of a run (and later runs). */
async function migratedTemplate(): Promise<Blob> {
  const journal = readFileSync(join(migrationsFolder, 'meta/_journal.json'));
  const key = createHash('sha256').update(journal).digest('hex').slice(0, 16);
  const file = join(tmpdir(), `account-portal-pglite-template-${key}.tar`);
  if (!existsSync(file)) {
    const dump = await dumpMigratedTemplate();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

export interface TestAppOptions extends Partial<Omit<BuildAppOptions, 'config'>> {
  env?: Record<string, string>;
  configOverrides?: Partial<ServerConfig>;
}

function testConfig(options: TestAppOptions): ServerConfig {
  const { env = {}, configOverrides = {} } = options;
  return {
    ...loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://portal.test', WEB_ROOT: '/nonexistent-web-root', ...env }),
    ...configOverrides,
  };
}

/** Where each test app's database lives and the key it signs with, for createTwinApp. */
const twins = new WeakMap<App, { location: DatabaseLocation; signingKey: Uint8Array }>();

export async function createTestApp(options: TestAppOptions = {}): Promise<App> {
  const { env: _env, configOverrides: _overrides, ...rest } = options;
  const { location, dispose } = await freshDatabase();
  const signingKey = randomBytes(32);
  const app = await buildApp({
    config: testConfig(options),
    database: location,
    argon2: TEST_ARGON2,
    signingKey,
    seedIfEmpty: true,
    afterClose: dispose,
    ...rest,
  });
  twins.set(app, { location, signingKey });
  return app;
}

/**
 * A second API instance on the database of `app`, with the same signing key (one JWT_SECRET) and its own
 * services and memory: all two servers behind a load balancer share is the database. On PostgreSQL it opens
 * its own connection pool; on in-memory PGlite it shares the first app's database. Close it before `app`.
 */
export async function createTwinApp(app: App, options: TestAppOptions = {}): Promise<App> {
  const first = twins.get(app);
  if (!first) throw new Error('createTwinApp needs an app made by createTestApp');
  const { env: _env, configOverrides: _overrides, ...rest } = options;
  return buildApp({
    config: testConfig(options),
    ...(first.location.kind === 'postgres' ? { database: first.location } : { sharedDatabase: app.database }),
    argon2: TEST_ARGON2,
    signingKey: first.signingKey,
    seedIfEmpty: false,
    ...rest,
  });
}

export interface Call {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  url: string;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  ip?: string;
}

/** `fastify.inject` with the JSON body parsed. */
export async function call(app: App, c: Call): Promise<LightMyRequestResponse & { body: string; json: any }> {
  const response = await app.inject({
    method: c.method ?? (c.body === undefined ? 'GET' : 'POST'),
    url: c.url,
    payload: c.body as never,
    remoteAddress: c.ip,
    headers: { ...(c.token ? { authorization: `Bearer ${c.token}` } : {}), ...c.headers },
  });
  let json: unknown;
  try {
    json = response.body ? JSON.parse(response.body) : undefined;
  } catch {
    // not JSON (HTML pages, empty bodies): callers read response.body
  }
  return Object.assign(response, { json }) as never;
}

export async function loginAs(app: App, email: string, password = DEMO_PASSWORD) {
  const response = await call(app, { url: '/v1/login', body: { email, password, captcha: 'test' } });
  if (response.statusCode !== 200 || !response.json.data.accessToken) {
    throw new Error(`login as ${email} failed: ${response.statusCode} ${response.body}`);
  }
  return response.json.data as { accessToken: string; refreshToken: string };
}

export async function mailbox(app: App, to: string): Promise<{ subject: string; text: string; links: string[]; channel: string }[]> {
  const response = await call(app, { url: `/dev/mailbox/messages?to=${encodeURIComponent(to)}` });
  return response.json;
}

/** The query parameters of the first link in the newest message to that address whose path matches. */
export async function linkParams(app: App, to: string, path: string): Promise<URLSearchParams> {
  const messages = await mailbox(app, to);
  for (const message of messages) {
    for (const link of message.links) {
      const url = new URL(link);
      if (url.pathname === path) return url.searchParams;
    }
  }
  throw new Error(`no ${path} link in mail to ${to}`);
}
