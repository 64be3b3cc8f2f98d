import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A port nobody listens on now, from the system (so parallel runs and other helpers never collide). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

export interface OwnServer {
  port: number;
  stop(): void;
}

/**
 * A portal server of the test's own (`npx tsx server/main.ts`, as the suite's), on a fresh data folder and the
 * build the suite runs on, with `env` on top: for settings the suite's server cannot have, such as a captcha
 * provider or PUBLIC_URL on another origin. Stopped by process group.
 */
export async function startOwnServer(env: Record<string, string>, port?: number): Promise<OwnServer> {
  const listenOn = port ?? (await freePort());
  const folder = mkdtempSync(join(tmpdir(), 'portal-own-server-'));
  const server: ChildProcess = spawn('npx', ['tsx', 'server/main.ts'], {
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(listenOn),
      HOST: '127.0.0.1',
      DATA_DIR: join(folder, 'data'),
      WEB_ROOT: process.env.E2E_WEB_ROOT ?? 'dist-e2e',
      SKIP_WEB_BUILD: '1',
      PUBLIC_URL: `http://127.0.0.1:${listenOn}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const stop = () => {
    // The whole process group: npx, tsx and the server under them.
    if (server.pid) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    rmSync(folder, { recursive: true, force: true });
  };
  const health = `http://127.0.0.1:${listenOn}/v1/health`;
  for (let attempt = 0; ; attempt++) {
    const ready = await fetch(health).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (attempt > 200 || server.exitCode !== null) {
      stop();
      throw new Error(`the test's own server on port ${listenOn} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { port: listenOn, stop };
}
