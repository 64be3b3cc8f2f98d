/**
 * `npm run bench:api`: starts the server on a fresh embedded database in a child process and measures login,
 * refresh and organization-list with autocannon, then organization-list while logins run (argon2 must not
 * block the event loop: its p99 should stay within 3x the idle p99). Not a test: it prints numbers.
 *
 * BENCH_PORT (default 8099), BENCH_DURATION seconds per run (default 5), BENCH_CONNECTIONS (default 10).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { REFRESH_TOKEN_HEADER } from '../../contract/v1/constants';
import { endpoints } from '../../contract/v1/endpoints';
import { projectRoot } from '../paths';
import { OWASP_ARGON2 } from '../security/password-hasher';
import { DEMO_PASSWORD } from '../seed/demo-data';

const port = Number(process.env.BENCH_PORT || 8099);
const duration = Number(process.env.BENCH_DURATION || 5);
const connections = Number(process.env.BENCH_CONNECTIONS || 10);
const base = `http://127.0.0.1:${port}`;
const loginBody = JSON.stringify({ email: 'demo@example.com', password: DEMO_PASSWORD });
const json = { 'content-type': 'application/json' };

async function waitForHealth(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start in time');
}

async function login(): Promise<{ accessToken: string; refreshToken: string }> {
  const response = await fetch(`${base}/v1/login`, { method: 'POST', headers: json, body: loginBody });
  const body = (await response.json()) as { data: { accessToken: string; refreshToken: string } };
  return body.data;
}

interface Row {
  name: string;
  result: Result;
}

function line({ name, result }: Row): string {
  const ok = result.requests.total - result.non2xx;
  return `| ${name.padEnd(34)} | ${result.requests.average.toFixed(0).padStart(6)} | ${String(result.latency.p50).padStart(6)} | ${String(result.latency.p99).padStart(6)} | ${String(ok).padStart(7)} | ${String(result.non2xx + result.errors).padStart(6)} |`;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-api-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SKIP_WEB_BUILD: '1', NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const rows: Row[] = [];
  try {
    await waitForHealth(Date.now() + 120_000);
    const { accessToken } = await login();
    const bearer = { authorization: `Bearer ${accessToken}` };
    const run = (options: Parameters<typeof autocannon>[0]) => autocannon({ connections, duration, pipelining: 1, ...options });

    // Warm-up: JIT, PGlite caches and the first argon2 allocations are not what we measure.
    await autocannon({ url: `${base}/v1/organization-list`, headers: bearer, connections: 2, duration: 2 });
    await autocannon({ url: `${base}/v1/login`, method: 'POST', headers: json, body: loginBody, connections: 2, duration: 2 });

    rows.push({ name: 'organization-list (idle)', result: await run({ url: `${base}/v1/organization-list`, headers: bearer }) });
    rows.push({ name: 'login (argon2id verify)', result: await run({ url: `${base}/v1/login`, method: 'POST', headers: json, body: loginBody }) });

    // Refresh tokens are single use: every response hands its successor back to the pool.
    const pool: string[] = [];
    for (let i = 0; i < connections * 2; i++) pool.push((await login()).refreshToken);
    rows.push({
      name: 'refresh (rotation)',
      result: await run({
        url: base,
        requests: [
          {
            method: 'POST',
            path: endpoints.refresh.path,
            setupRequest: (request) => ({ ...request, headers: { ...request.headers, [REFRESH_TOKEN_HEADER]: pool.shift() ?? 'exhausted' } }),
            onResponse: (status, body) => {
              if (status === 200) pool.push((JSON.parse(body) as { data: { refreshToken: string } }).data.refreshToken);
            },
          },
        ],
      }),
    });

    const [underLoad] = await Promise.all([
      run({ url: `${base}/v1/organization-list`, headers: bearer }),
      run({ url: `${base}/v1/login`, method: 'POST', headers: json, body: loginBody }),
    ]);
    rows.push({ name: 'organization-list (logins running)', result: underLoad });
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }

  const idle = rows[0].result.latency.p99;
  const loaded = rows[3].result.latency.p99;
  const out = [
    `API benchmark: ${connections} connections, ${duration} s per run, embedded PGlite, NODE_ENV=production`,
    `argon2id: memoryCost=${OWASP_ARGON2.memoryCost} KiB, timeCost=${OWASP_ARGON2.timeCost}, parallelism=${OWASP_ARGON2.parallelism}; UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}`,
    '',
    '| endpoint                           |  req/s | p50 ms | p99 ms |  2xx    | errors |',
    '|------------------------------------|--------|--------|--------|---------|--------|',
    ...rows.map(line),
    '',
    `organization-list p99 under login load: ${loaded} ms vs ${idle} ms idle (${(loaded / Math.max(idle, 1)).toFixed(1)}x; budget 3x) -> ${loaded <= 3 * Math.max(idle, 1) ? 'OK' : 'OVER BUDGET'}`,
  ];
  process.stdout.write(`${out.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
