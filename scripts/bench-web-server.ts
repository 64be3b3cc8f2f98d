/**
 * Process hygiene shared by the web benchmarks (scripts/bench-web.ts): a free port, the production server in its
 * own process group, and clean-ups that run on every way out (normal end, an error, Ctrl-C, SIGTERM), so a run
 * leaves no server, browser or temporary folder behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNginxProxy } from './nginx-proxy.ts';

type Cleanup = () => Promise<void> | void;
const cleanups: Cleanup[] = [];
let handlersInstalled = false;

/** Runs `cleanup` when the benchmark ends or is interrupted; the returned function runs it now (once). */
export function onCleanup(cleanup: Cleanup): () => Promise<void> {
  installSignalHandlers();
  let done = false;
  const run = async () => {
    if (done) return;
    done = true;
    const index = cleanups.indexOf(run);
    if (index >= 0) cleanups.splice(index, 1);
    await cleanup();
  };
  cleanups.push(run);
  return run;
}

/** Runs every clean-up not yet run, newest first (a browser before the server it talks to). */
export async function cleanUpAll(): Promise<void> {
  for (const cleanup of [...cleanups].reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error('clean-up failed:', error);
    }
  }
}

function installSignalHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the benchmark's server and browser`);
      void cleanUpAll().finally(() => process.exit(code));
    });
  }
}

/** A port nothing listens on right now (the OS picks it), so two benchmarks or a developer's server never collide. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A temporary folder removed at clean-up. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export async function waitForUrl(url: string, server?: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i += 1) {
    if (server && server.exitCode !== null)
      throw new Error(`the server exited (code ${server.exitCode}) before answering ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not start at ${url}`);
}

export interface RunningServer {
  origin: string;
  stop: () => Promise<void>;
}

/**
 * Starts dist-server/main.js in production on a fresh data folder and a free port. The server runs detached, in a
 * process group of its own, and is stopped by signalling that group: Ctrl-C in a terminal reaches only the
 * foreground group, and anything the server starts goes with it. An exit handler kills the group synchronously
 * should the benchmark die without running its clean-ups (an uncaught error).
 */
export async function startPortalServer(
  root: string,
  extraEnv: Record<string, string> = {},
): Promise<RunningServer> {
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  const dataDir = tempDir('portal-bench-data-');
  const server = spawn(process.execPath, [join(root, 'dist-server/main.js')], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      // The shipped plugins on their simulations: a benchmark charges, texts and checks nobody (docs/production.md).
      ALLOW_SIMULATED: 'payments,sms,identity',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const pgid = server.pid!;
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pgid, signal);
    } catch {
      // the group is gone already
    }
  };
  const lastResort = () => killGroup('SIGKILL');
  process.on('exit', lastResort);
  // Registered after the data folder, so it runs before the folder is removed (clean-ups run newest first).
  const stop = onCleanup(async () => {
    const exited = new Promise<void>((r) =>
      server.exitCode !== null || server.signalCode !== null ? r() : server.once('exit', () => r()),
    );
    killGroup('SIGTERM');
    const timer = setTimeout(() => killGroup('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
    // The server's own children, if any, may outlive it by a moment: the group gets a final SIGKILL.
    killGroup('SIGKILL');
    process.off('exit', lastResort);
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitForUrl(`${origin}/portal.config.json`, server);
  return { origin, stop };
}

/**
 * `--http2`: the page behind Debian's nginx as a deployment runs it (scripts/nginx-proxy.ts): the portal's server
 * behind deploy/nginx.conf itself, its assets read from `portalWebRoot`; a reference page's server behind the same
 * TLS and HTTP/2 settings. Browsers speak HTTP/2 over TLS only; the certificate is self-signed for `localhost`, so the
 * benchmark's Chromium ignores certificate errors. Stopped at clean-up.
 */
export async function behindNginx(origin: string, portalWebRoot?: string): Promise<string> {
  const port = Number(new URL(origin).port);
  const proxy = await startNginxProxy(
    portalWebRoot ? { instances: [port], webRoot: portalWebRoot } : { staticPort: port },
  );
  onCleanup(() => proxy.stop());
  return proxy.origin;
}
