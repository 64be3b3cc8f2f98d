import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../paths';

const SOURCES = ['core', 'plugins', 'locales', 'themes', 'public', 'index.html', 'portal.config.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Why the portal must be (re)built, or null when the build in webRoot is current. */
export function staleReason(webRoot: string): string | null {
  const index = join(webRoot, 'index.html');
  if (!existsSync(index)) return `no build in ${webRoot}`;
  const built = statSync(index).mtimeMs;
  const sources = Math.max(...SOURCES.map((source) => newestMtime(join(projectRoot, source))));
  return sources > built ? 'portal sources changed since the last build' : null;
}

/** Runs `vite build` into webRoot when the build is missing or older than the portal's sources. */
export function ensureWebBuild(webRoot: string, log: (message: string) => void): void {
  const reason = staleReason(webRoot);
  if (!reason) return;
  if (!existsSync(join(projectRoot, 'index.html'))) {
    log(`portal not built (${reason}) and there is no index.html to build from: serving the API only`);
    return;
  }
  log(`building the portal (${reason})...`);
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: projectRoot,
    stdio: 'inherit',
    env: { ...process.env, PORTAL_OUT_DIR: webRoot },
  });
  if (result.status === 0) return;
  if (existsSync(join(webRoot, 'index.html'))) {
    // A stale portal beats no portal while someone fixes the sources.
    log('portal build failed: serving the previous build');
    return;
  }
  throw new Error('portal build failed (set SKIP_WEB_BUILD=1 to start the API without it)');
}
