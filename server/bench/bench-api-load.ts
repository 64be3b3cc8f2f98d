/**
 * The load generator of `npm run bench:api` (server/bench/bench-api.ts starts it as its own process): autocannon
 * against the server at BENCH_BASE, every scenario in turn, the results as one JSON document on stdout. It runs
 * apart from the server and from the process that manages the server, so the three do not share an event loop:
 * what it measures is the server's answer time, not this process's own work.
 */
import { readFileSync } from 'node:fs';
import autocannon, { type Options, type Result } from 'autocannon';
import { REFRESH_TOKEN_HEADER } from '../../contract/v1/constants';
import { endpoints } from '../../contract/v1/endpoints';
import { DEMO_PASSWORD } from '../seed/demo-data';

export interface LoadRow {
  name: string;
  /** Which table it belongs to: throughput (saturating), probe (paced, latency only). */
  kind: 'throughput' | 'probe';
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ok: number;
  /** Non-2xx answers and connection errors. */
  failed: number;
  /** 429 answers (hash queue full): a login storm's refusals, counted apart. */
  busy: number;
  /**
   * CPU time the server process spent per answered request (its main thread, libuv's pool and GC together), or null
   * where /proc cannot tell: unlike requests/s, it barely moves when other work shares the machine.
   */
  serverCpuMs: number | null;
}

export interface LoadReport {
  rows: LoadRow[];
}

const base = process.env.BENCH_BASE ?? '';
const duration = Number(process.env.BENCH_DURATION || 5);
const connections = Number(process.env.BENCH_CONNECTIONS || 10);
/** Concurrent logins of the storm (goal 4 of issue #19: 50). */
const storm = Number(process.env.BENCH_STORM || 50);
/** Requests per second of each latency probe: a steady trickle, so its p99 is the server's, not a queue's. */
const probeRate = Number(process.env.BENCH_PROBE_RATE || 50);
/** Profiling one call: only the throughput runs whose name contains this, no latency probes. */
const only = process.env.BENCH_ONLY || null;
const serverPid = Number(process.env.BENCH_SERVER_PID) || null;
const loginBody = JSON.stringify({ email: 'demo@example.com', password: DEMO_PASSWORD });
const json = { 'content-type': 'application/json' };

async function login(): Promise<{ accessToken: string; refreshToken: string }> {
  const response = await fetch(`${base}/v1/login`, { method: 'POST', headers: json, body: loginBody });
  if (!response.ok)
    throw new Error(`login for the benchmark failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { data: { accessToken?: string; refreshToken?: string } };
  if (!body.data.accessToken || !body.data.refreshToken)
    throw new Error('the demo login answered without tokens');
  return body.data as { accessToken: string; refreshToken: string };
}

/** The server's user + system CPU time so far in ms (Linux /proc; clock ticks of 10 ms), or null elsewhere. */
function serverCpuTime(): number | null {
  if (!serverPid) return null;
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${serverPid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Runs `work` and notes the server's CPU time it took. */
async function measured(work: () => Promise<Result>): Promise<{ result: Result; cpuMs: number | null }> {
  const before = serverCpuTime();
  const result = await work();
  const after = serverCpuTime();
  return { result, cpuMs: before === null || after === null ? null : after - before };
}

function row(name: string, kind: LoadRow['kind'], result: Result, cpuMs: number | null = null): LoadRow {
  const busy = (result.statusCodeStats as Record<string, { count: number } | undefined>)['429']?.count ?? 0;
  return {
    name,
    kind,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result.requests.total - result.non2xx,
    failed: result.non2xx + result.errors,
    busy,
    serverCpuMs: cpuMs === null || result.requests.total === 0 ? null : cpuMs / result.requests.total,
  };
}

const run = (options: Options) => autocannon({ connections, duration, pipelining: 1, ...options });

/** A refresh run: tokens are single use, so every answer hands its successor back to the pool. */
async function refreshOptions(pool: string[]): Promise<Options> {
  return {
    url: base,
    requests: [
      {
        method: 'POST',
        path: endpoints.refresh.path,
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, [REFRESH_TOKEN_HEADER]: pool.shift() ?? 'exhausted' },
        }),
        onResponse: (status, body) => {
          if (status === 200)
            pool.push((JSON.parse(body) as { data: { refreshToken: string } }).data.refreshToken);
        },
      },
    ],
  };
}

async function main(): Promise<void> {
  const { accessToken } = await login();
  const bearer = { authorization: `Bearer ${accessToken}` };
  const organizationList = { url: `${base}${endpoints.organizationList.path}`, headers: bearer };
  const health = { url: `${base}/v1/health` };
  const loginRun = { url: `${base}/v1/login`, method: 'POST' as const, headers: json, body: loginBody };
  const pool: string[] = [];
  for (let i = 0; i < connections * 2; i++) pool.push((await login()).refreshToken);

  // Warm-up: JIT, the database's caches and the first argon2 allocations are not what we measure.
  await run({ ...organizationList, duration: 2 });
  await run({ ...(await refreshOptions(pool)), duration: 2 });
  await run({ ...loginRun, connections: 2, duration: 2 });

  const rows: LoadRow[] = [];
  const throughput = async (name: string, options: Options) => {
    if (only && !name.includes(only)) return;
    const { result, cpuMs } = await measured(() => run(options));
    rows.push(row(name, 'throughput', result, cpuMs));
  };
  await throughput('organization-list', organizationList);
  await throughput('refresh (rotation)', await refreshOptions(pool));
  await throughput('login (argon2id verify)', loginRun);

  if (only) {
    process.stdout.write(`${JSON.stringify({ rows } satisfies LoadReport)}\n`);
    return;
  }

  // Goal 4 (issue #33 finding 14): other calls' p99 at a steady pace, idle and while `storm` logins run at once. The
  // probes are what a signed-in portal does while others sign in: its organisations, the health check, the user
  // it shows, and the rotation of its refresh token (its own pool of tokens, apart from the saturating run's).
  const user = { url: `${base}${endpoints.user.path}`, headers: bearer };
  const probePool: string[] = [];
  for (let i = 0; i < 6; i++) probePool.push((await login()).refreshToken);
  const probes = [
    ['organization-list', organizationList],
    ['health', health],
    ['user', user],
    ['refresh', await refreshOptions(probePool)],
  ] as const;
  const probe = (options: Options) => run({ ...options, connections: 2, overallRate: probeRate });
  const idle = await Promise.all(probes.map(([, options]) => probe(options)));
  probes.forEach(([name], i) => rows.push(row(`${name} (idle, paced)`, 'probe', idle[i]!)));
  const [stormLogins, ...loaded] = await Promise.all([
    run({ ...loginRun, connections: storm }),
    ...probes.map(([, options]) => probe(options)),
  ]);
  probes.forEach(([name], i) => rows.push(row(`${name} (${storm} logins running)`, 'probe', loaded[i]!)));
  rows.push(row(`login (${storm} at once)`, 'throughput', stormLogins!));

  const report: LoadReport = { rows };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
