// Plain JavaScript on purpose: `npm start` runs this before anything is built, on a machine that may have no
// tsx. It rebuilds the portal and the server with the development tools (Vite) when their sources changed.
// See docs/production.md.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What the portal build (`vite build`) is made from, relative to the project root. */
export const PORTAL_SOURCES = [
  'core',
  'plugins',
  'locales',
  'themes',
  'public',
  'tooling',
  'index.html',
  'portal.config.json',
  'vite.config.ts',
  'package-lock.json',
];

/** What the server bundle (scripts/vite-server.config.ts) is made from. */
export const SERVER_SOURCES = [
  'server',
  'contract',
  'locales',
  'scripts/vite-server.config.ts',
  'package-lock.json',
];

/** The server bundle's entry points, as `npm run build:server` names them in dist-server/. */
export const SERVER_ENTRIES = ['main', 'seed', 'sso-app', 'user-create'];

const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

/**
 * The newest modification time under `path`, ignoring dependencies, dot folders and test files (a test
 * changes no build output, so editing one must not cost a rebuild).
 * @param {string} path
 * @returns {number}
 */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return TEST_FILE.test(path) ? 0 : stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/**
 * Why `output` must be (re)built from `sources`, or null when it is newer than every one of them.
 * @param {string} output the file a build writes last-ish (the portal's index.html, the server's main.js)
 * @param {string} root the folder `sources` are relative to
 * @param {readonly string[]} sources files or folders
 * @returns {string | null}
 */
export function staleReason(output, root, sources) {
  if (!existsSync(output)) return `${relative(root, output) || output} is missing`;
  const built = statSync(output).mtimeMs;
  const changed = sources.filter((source) => newestMtime(join(root, source)) > built);
  return changed.length === 0 ? null : `changed since the last build: ${changed.join(', ')}`;
}

/**
 * @param {string} root
 * @returns {string | null} Vite's command-line entry, or null when devDependencies are not installed
 */
function viteCli(root) {
  const cli = join(root, 'node_modules/vite/bin/vite.js');
  return existsSync(cli) ? cli : null;
}

/**
 * @param {string} root
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 * @returns {boolean} whether the build succeeded
 */
function runVite(root, args, env = {}) {
  const cli = viteCli(root);
  if (!cli) return false;
  const result = spawnSync(process.execPath, [cli, 'build', '--logLevel', 'warn', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

/**
 * Runs one build and says how long it took: Vite itself is told to print only warnings, so the line before and
 * this one are what a person waiting on `npm start` sees.
 * @param {string} what 'portal' or 'server'
 * @param {(message: string) => void} log
 * @param {() => boolean} build
 * @returns {boolean}
 */
function timedBuild(what, log, build) {
  const started = performance.now();
  const built = build();
  if (built) log(`${what} built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return built;
}

/**
 * @typedef {object} FreshBuildOptions
 * @property {string} root the project folder
 * @property {string} webRoot where the portal is built and served from (WEB_ROOT)
 * @property {boolean} [skipWeb] leave the portal alone (SKIP_WEB_BUILD=1)
 * @property {(message: string) => void} log
 */

/**
 * Builds the portal into webRoot when missing or stale (a failed rebuild keeps the previous build: a stale
 * portal beats no portal while someone fixes the sources).
 * @param {FreshBuildOptions} options
 */
export function ensurePortalBuild({ root, webRoot, log }) {
  const reason = staleReason(join(webRoot, 'index.html'), root, PORTAL_SOURCES);
  if (!reason) return;
  if (!existsSync(join(root, 'index.html'))) {
    log(`portal not built (${reason}) and there is no index.html to build from: serving the API only`);
    return;
  }
  if (!viteCli(root)) {
    if (existsSync(join(webRoot, 'index.html'))) {
      log(`portal build is stale (${reason}) but Vite is not installed (npm install): serving it as it is`);
      return;
    }
    throw new Error(
      `no portal build in ${webRoot} and Vite is not installed: run npm install, or npm run build`,
    );
  }
  log(`building the portal (${reason})...`);
  if (timedBuild('portal', log, () => runVite(root, [], { PORTAL_OUT_DIR: webRoot }))) return;
  if (existsSync(join(webRoot, 'index.html'))) {
    log('portal build failed: serving the previous build');
    return;
  }
  throw new Error('portal build failed (set SKIP_WEB_BUILD=1 to start the API without it)');
}

/**
 * Builds the server bundle into dist-server/ when missing or stale. A failed build stops the start: an old
 * server answering for new sources would mislead whoever is changing them. The bundle is written beside
 * dist-server/ and swapped in, so a server already running from it keeps its files until it restarts.
 * @param {FreshBuildOptions} options
 */
export function ensureServerBuild({ root, log }) {
  const outDir = join(root, 'dist-server');
  const reason = staleReason(join(outDir, 'main.js'), root, SERVER_SOURCES);
  if (!reason) return;
  if (!viteCli(root)) {
    if (existsSync(join(outDir, 'main.js'))) {
      log(`server build is stale (${reason}) but Vite is not installed (npm install): running it as it is`);
      return;
    }
    throw new Error(
      'no server build in dist-server/ and Vite is not installed: run npm install, or npm run build',
    );
  }
  log(`building the server (${reason})...`);
  const next = `${outDir}.next-${process.pid}`;
  const built = timedBuild('server', log, () =>
    runVite(root, ['--config', 'scripts/vite-server.config.ts', '--outDir', next]),
  );
  if (!built) {
    rmSync(next, { recursive: true, force: true });
    throw new Error('server build failed (see the errors above)');
  }
  const previous = `${outDir}.previous-${process.pid}`;
  if (existsSync(outDir)) renameSync(outDir, previous);
  renameSync(next, outDir);
  rmSync(previous, { recursive: true, force: true });
}

/**
 * Development start: whatever is stale is rebuilt with the development tools.
 * @param {FreshBuildOptions} options
 */
export function ensureFreshBuilds(options) {
  const { root, webRoot, skipWeb, log } = options;
  if (
    !existsSync(join(root, 'dist-server', 'main.js')) &&
    (skipWeb || !existsSync(join(webRoot, 'index.html')))
  )
    log(
      `first start: building the ${skipWeb ? 'server' : 'portal and the server'} before serving ` +
        '(under a minute on two cores; later starts rebuild only what changed)',
    );
  if (!skipWeb) ensurePortalBuild(options);
  ensureServerBuild(options);
}
