// CI check of deploy/nginx.conf (docs/production.md, "Behind nginx"), run by .ci/run after the production check:
//   npx tsx scripts/check-nginx.ts
// Runs Debian's nginx on that very file (only the lines it marks CHANGE are filled in: ports, certificate, build
// folder, instances) from a temporary folder, never the system service, with a self-signed certificate, in front of
// two API instances started as in production (NODE_ENV=production, TRUST_PROXY=127.0.0.1) on one new PostgreSQL
// database. It checks what the file promises (HTTP/2, the precompressed assets from disk with a year's caching,
// index.html revalidated, port 80 redirected, both instances used) and walks login -> organisation -> dashboard in
// Chromium through it, then reads the address the server saw for the browser, which sends a forged
// X-Forwarded-For. Everything it started (nginx, the instances, the browser, the database, the folder) is gone
// when it ends, passed or failed.
//
// Needs: `npm run build` (dist/, dist-server/), nginx and openssl on PATH, Chromium (scripts/ensure-chromium.ts),
// PostgreSQL on NGINX_CHECK_POSTGRES (default postgres://postgres@127.0.0.1:5432, trust) to create a database.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import pg from 'pg';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium-path.ts';
import { freePort, NGINX, startNginxProxy, stopGroup, type NginxProxy } from './nginx-proxy.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const postgres = process.env.NGINX_CHECK_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432';
const log = (message: string) => process.stdout.write(`[check-nginx] ${message}\n`);

class CheckFailed extends Error {}
function fail(message: string): never {
  throw new CheckFailed(message);
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request to nginx over TLS, trusting only the check's own certificate. */
function get(url: string, headers: Record<string, string>, ca?: Buffer): Promise<Answer> {
  return new Promise((done, reject) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(
      url,
      { headers, ca, servername: target.hostname === '127.0.0.1' ? undefined : target.hostname },
      (response) => {
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () =>
          done({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(parts).toString('latin1'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** A process in its own group, its output in a file; stopped with the whole group. */
function startGroup(command: string, args: string[], env: NodeJS.ProcessEnv, logFile: string): ChildProcess {
  const output = openSync(logFile, 'a');
  return spawn(command, args, { cwd: root, env, detached: true, stdio: ['ignore', output, output] });
}

async function waitFor(
  what: string,
  ready: () => Promise<boolean>,
  stopped: () => string | null,
  timeoutMs = 60_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const why = stopped();
    if (why) fail(`${what} stopped: ${why}`);
    if (await ready().catch(() => false)) return;
    await sleep(300);
  }
  fail(`${what} was not ready within ${timeoutMs / 1000} s`);
}

const exitReason = (child: ChildProcess, logFile: string) => () =>
  child.exitCode !== null || child.signalCode !== null
    ? `exit ${child.exitCode ?? child.signalCode}\n${readFileSync(logFile, 'utf8').slice(-3000)}`
    : null;

async function main() {
  for (const [tool, version] of [
    [NGINX, '-v'],
    ['openssl', 'version'],
  ] as const)
    if (spawnSync(tool, [version]).status !== 0) fail(`${tool} is not installed`);
  if (!existsSync(join(root, 'dist/index.html')) || !existsSync(join(root, 'dist-server/main.js')))
    fail('no build: run `npm run build` first');
  const started = Date.now();
  const folder = mkdtempSync(join(tmpdir(), 'portal-nginx-check-'));
  const database = `portal_nginx_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${postgres}/postgres` });
  const processes: ChildProcess[] = [];
  let proxy: NginxProxy | undefined;
  let browser: Browser | undefined;
  let databaseCreated = false;
  try {
    const [httpsPort, httpPort, ...instances] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    databaseCreated = true;
    const publicUrl = `https://localhost:${httpsPort}`;
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? folder,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: `${postgres}/${database}`,
      // Shared by every instance, as docs/production.md asks of a deployment on one database.
      JWT_SECRET: randomBytes(32).toString('hex'),
      DOCUMENT_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: '127.0.0.1',
      ALLOW_SIMULATED: 'payments,sms,identity',
      LOG_LEVEL: 'warn',
    };
    for (const [index, port] of instances.entries()) {
      const logFile = join(folder, `api-${index + 1}.log`);
      const api = startGroup('node', ['scripts/run-built.mjs'], { ...env, PORT: String(port) }, logFile);
      processes.push(api);
      await waitFor(
        `API instance ${index + 1}`,
        async () => (await fetch(`http://127.0.0.1:${port}/v1/health`)).status === 200,
        exitReason(api, logFile),
      );
    }
    log(`two API instances on ports ${instances.join(' and ')}, one database (${database})`);

    const owner = {
      email: 'owner@nginx-check.example',
      password: 'Proxy#Check2026',
      organisation: 'Nginx Check Pty Ltd',
    };
    const created = spawnSync(
      'node',
      ['scripts/run-built.mjs', 'user-create', '--email', owner.email, '--first-name', 'Nginx'].concat([
        '--last-name',
        'Check',
        '--organization',
        owner.organisation,
      ]),
      { cwd: root, env: { ...env, USER_PASSWORD: owner.password }, encoding: 'utf8' },
    );
    if (created.status !== 0) fail(`user:create failed: ${created.stderr}${created.stdout}`);

    proxy = await startNginxProxy(
      { instances, webRoot: join(root, 'dist') },
      { https: httpsPort, http: httpPort },
    );
    const { ca } = proxy;
    log(`nginx on ${publicUrl} (HTTP on ${httpPort}) from ${proxy.folder}`);

    // What the file promises, header by header.
    const login = await get(`${publicUrl}/login`, { accept: 'text/html', 'accept-encoding': 'gzip' }, ca);
    if (login.status !== 200) fail(`/login answered ${login.status}`);
    if (login.headers['cache-control'] !== 'no-cache')
      fail(`/login is sent with cache-control ${login.headers['cache-control']}`);
    const html = await get(`${publicUrl}/login`, { accept: 'text/html' }, ca);
    if (!html.body.includes('id="portal-config"'))
      fail("/login is not the server's page: it carries no configuration");
    const script =
      /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html.body)?.[1] ?? fail('index.html names no script');
    const asset = await get(`${publicUrl}${script}`, { 'accept-encoding': 'gzip' }, ca);
    if (asset.status !== 200 || asset.headers['content-encoding'] !== 'gzip')
      fail(`${script} answered ${asset.status}, content-encoding ${asset.headers['content-encoding']}`);
    if (asset.body !== readFileSync(join(root, 'dist', `${script}.gz`)).toString('latin1'))
      fail(`${script} is not the build's own ${script}.gz`);
    const caching = String(asset.headers['cache-control']);
    if (!caching.includes('max-age=31536000') || !caching.includes('immutable'))
      fail(`${script} is cached as ${caching}`);
    const redirect = await get(`http://127.0.0.1:${httpPort}/login`, { host: 'localhost' });
    if (redirect.status !== 301 || redirect.headers.location !== 'https://localhost/login')
      fail(`port 80 answered ${redirect.status} ${redirect.headers.location}`);
    log(
      `/login no-cache from the API, ${script} the build's .gz with a year's caching, port 80 redirects to https`,
    );

    // The walk a person takes, through nginx, with a forged X-Forwarded-For that nginx must replace.
    const forged = '203.0.113.7';
    browser = await chromium.launch({ executablePath: findChromium().path, args: CHROMIUM_ARGS });
    const context = await browser.newContext({
      ignoreHTTPSErrors: true,
      extraHTTPHeaders: { 'X-Forwarded-For': forged },
    });
    const page = await context.newPage();
    await page.goto(`${publicUrl}/login`);
    await page.getByLabel('Email', { exact: true }).fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/orgs$/, { timeout: 30_000 });
    await page.getByText(owner.organisation).first().click();
    await page.waitForURL(/\/dashboard/, { timeout: 30_000 });
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
    const protocol = await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
    );
    if (protocol !== 'h2') fail(`the page came over ${protocol}, not HTTP/2`);
    log(`login -> ${owner.organisation} -> ${new URL(page.url()).pathname} in Chromium over ${protocol}`);

    // The IP allow-list form names the address the server sees for this browser (GET /v1/detect-ip).
    await page.goto(`${publicUrl}/organisation/settings`);
    await page.waitForFunction(() => /Your IP address:\s*\S/.test(document.body.innerText), undefined, {
      timeout: 30_000,
    });
    const seen = await page.evaluate(
      () => /Your IP address:\s*(\S+)/.exec(document.body.innerText)?.[1] ?? '',
    );
    if (seen !== '127.0.0.1')
      fail(
        `the server saw the browser as "${seen}" (the browser forged ${forged}; nginx must send its own view)`,
      );
    log(`the server saw the browser as ${seen}, not the forged ${forged}`);

    const upstreams = new Set(
      readFileSync(proxy.accessLog, 'utf8')
        .split('\n')
        .flatMap((line) => line.split(' ').slice(2).join(' ').split(/[ ,]+/))
        .filter((address) => /^127\.0\.0\.1:\d+$/.test(address)),
    );
    for (const port of instances)
      if (!upstreams.has(`127.0.0.1:${port}`)) fail(`nginx sent nothing to the instance on port ${port}`);
    log(`both instances answered requests; passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await browser?.close().catch(() => {});
    await proxy?.stop();
    for (const child of processes.reverse()) await stopGroup(child);
    if (databaseCreated)
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
    await admin.end().catch(() => {});
    if (process.env.KEEP_CHECK_FOLDER === '1') log(`kept ${folder}`);
    else rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  const message =
    error instanceof CheckFailed
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  process.stderr.write(`[check-nginx] FAILED: ${message}\n`);
  process.exit(1);
});
