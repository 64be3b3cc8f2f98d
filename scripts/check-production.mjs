// CI check of the production path (docs/production.md), run by .ci/run after `npm test` (which builds):
//   node scripts/check-production.mjs
// Copies the built project to a temporary folder as a fresh clone would have it (tracked and new files, plus
// the two builds; no node_modules, no .env, no data), installs it with `npm ci --omit=dev`, proves every package
// the bundled server imports is a declared dependency that installed, starts `NODE_ENV=production npm start`
// in its own process group, and expects /v1/health, the portal's /login and one of its assets to answer. The
// shipped portal enables plugins that run on simulated services by default (billing, SMS, identity checks): the
// first start, with the defaults, must refuse and name their variables; the second names them in ALLOW_SIMULATED
// and must start, warning about each one (docs/production.md, "Simulated services").
// Any failure exits non-zero with the reason and the server's output. Plain JavaScript: no tsx needed.
//
// WEB_ROOT (default dist) names the portal build to ship; CHECK_PORT picks the port (default: a free one);
// KEEP_CHECK_FOLDER=1 leaves the temporary folder for a post-mortem.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isBuiltin } from 'node:module';
import { PORTAL_SOURCES, SERVER_SOURCES, staleReason } from './dev-build.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const webRootName = process.env.WEB_ROOT || 'dist';
const log = (/** @type {string} */ message) => process.stdout.write(`[check-production] ${message}\n`);

class CheckFailed extends Error {}

/** @param {string} message @returns {never} */
function failCheck(message) {
  throw new CheckFailed(message);
}

/** The files a fresh clone of the current work would hold: tracked and not-ignored new files that exist. */
function cloneFiles() {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return [...new Set(listed.split('\0').filter(Boolean))].filter((file) => existsSync(join(root, file)));
}

/** @param {string} target */
function copyProject(target) {
  for (const file of cloneFiles()) {
    mkdirSync(dirname(join(target, file)), { recursive: true });
    cpSync(join(root, file), join(target, file));
  }
  for (const build of [webRootName, 'dist-server'])
    cpSync(join(root, build), join(target, build), { recursive: true });
}

/** @param {string} folder @returns {string[]} */
function javascriptFiles(folder) {
  return readdirSync(folder).flatMap((entry) => {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) return javascriptFiles(path);
    return path.endsWith('.js') ? [path] : [];
  });
}

/** Bare module specifiers the bundle imports, statically or dynamically. @param {string} serverBuild */
function importedPackages(serverBuild) {
  const specifiers = new Set();
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"'./][^"']*)["']/g;
  for (const file of javascriptFiles(serverBuild)) {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) specifiers.add(match[1]);
  }
  return [...specifiers].filter((specifier) => !isBuiltin(specifier)).sort();
}

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. @param {string} specifier */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** @param {string} folder */
function checkDependencies(folder) {
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
  const declared = new Set(Object.keys(manifest.dependencies ?? {}));
  const specifiers = importedPackages(join(folder, 'dist-server'));
  if (specifiers.length === 0) failCheck('found no package imports in dist-server/: is the bundle complete?');
  const undeclared = [...new Set(specifiers.map(packageName))].filter((name) => !declared.has(name));
  if (undeclared.length > 0)
    failCheck(`the server imports packages that are not in "dependencies": ${undeclared.join(', ')}`);
  // Resolve each specifier the way the bundle will, from inside the production install.
  const probe = `for (const s of ${JSON.stringify(specifiers)}) { try { import.meta.resolve(s); } catch (e) { console.error(s + ': ' + e.message); process.exitCode = 1; } }`;
  const resolved = spawnSync(process.execPath, ['--input-type=module', '-e', probe], {
    cwd: join(folder, 'dist-server'),
    encoding: 'utf8',
  });
  if (resolved.status !== 0)
    failCheck(`imports that do not resolve after npm ci --omit=dev:\n${resolved.stderr}`);
  // The tools a start used to need. (typescript does install: i18next names it as an optional peer, and npm
  // keeps optional peers that are in the lock file; nothing runs it.)
  for (const devTool of ['tsx', 'vite', 'vitest', 'eslint']) {
    if (existsSync(join(folder, 'node_modules', devTool)))
      failCheck(`${devTool} was installed by npm ci --omit=dev: move it to devDependencies`);
  }
  log(`the bundle imports ${specifiers.length} package entry points, all declared and installed`);
}

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** @param {number} ms */
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/**
 * @param {string} url
 * @param {() => string | null} exited why the server stopped, or null while it runs
 * @param {number} timeoutMs
 */
async function waitForHealth(url, exited, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const stopped = exited();
    if (stopped) failCheck(`the server stopped before answering: ${stopped}`);
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  failCheck(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
}

/** @param {string} base @param {string} folder */
async function checkAnswers(base, folder) {
  const health = await fetch(`${base}/v1/health`);
  if (health.status !== 200) failCheck(`/v1/health answered ${health.status}`);

  const login = await fetch(`${base}/login`, { headers: { accept: 'text/html' } });
  const html = await login.text();
  const expected = readFileSync(join(folder, webRootName, 'index.html'), 'utf8');
  if (login.status !== 200 || !(login.headers.get('content-type') ?? '').startsWith('text/html')) {
    failCheck(`/login answered ${login.status} ${login.headers.get('content-type')}`);
  }
  // The server writes the deployment's validated config and the page's preload links into index.html
  // (server/web/portal-document.ts); without that block the page is the built one.
  const injected = /<script type="application\/json" id="portal-config">([^<]*)<\/script>/.exec(html)?.[1];
  if (!injected || !JSON.parse(injected).config)
    failCheck(`/login carries no validated portal configuration; it answered:\n${html.slice(0, 800)}`);
  // The deployment's look before any script (server/web/portal-document.ts withDeploymentLook): its brand name as the
  // title, its colours in one style element; the rest is the page as built.
  const brandName = JSON.parse(readFileSync(join(folder, 'portal.config.json'), 'utf8')).brandName;
  if (!html.includes(`<title>${brandName}</title>`) || !/<style id="portal-look">[^<]*html,body\{background:/.test(html))
    failCheck(`/login does not carry the deployment's title "${brandName}" and colours; it answered:\n${html.slice(0, 800)}`);
  const asBuilt = html
    .replace(/\n\s*<!-- portal-document -->[\s\S]*<!-- \/portal-document -->/, '')
    .replace(/\n\s*<meta name="theme-color" content="[^"]*"><style id="portal-look">[^<]*<\/style>/, '')
    .replace(/<title>[^<]*<\/title>/, /<title>[^<]*<\/title>/.exec(expected)?.[0] ?? '');
  if (asBuilt !== expected)
    failCheck(`/login did not answer the built portal's index.html; it answered:\n${html.slice(0, 500)}`);

  const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
  if (!script) failCheck("the portal's index.html names no script");
  const asset = await fetch(new URL(script, base));
  if (asset.status !== 200 || !(asset.headers.get('content-type') ?? '').includes('javascript')) {
    failCheck(`${script} answered ${asset.status} ${asset.headers.get('content-type')}`);
  }

  // Production hides the development mailbox and partner simulator.
  const mailbox = await fetch(`${base}/dev/mailbox`, { headers: { accept: 'application/json' } });
  if (mailbox.status !== 404) failCheck(`/dev/mailbox answered ${mailbox.status} in production`);
  log(`/v1/health 200, /login the portal's index.html, ${script} served, /dev/mailbox 404`);
}

/**
 * Stops the whole process group (npm, its shell, node) and waits for the server to be gone.
 * @param {import('node:child_process').ChildProcess} server
 */
async function stop(server) {
  if (server.exitCode !== null || server.signalCode !== null || server.pid === undefined) return;
  const gone = new Promise((done) => server.once('exit', done));
  const signal = (/** @type {NodeJS.Signals} */ name) => {
    try {
      process.kill(-(/** @type {number} */ (server.pid)), name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  if ((await Promise.race([gone.then(() => true), sleep(15_000).then(() => false)])) === false) {
    log('the server did not stop within 15 s of SIGTERM: killing it');
    signal('SIGKILL');
    await gone;
  }
}

async function main() {
  for (const [output, sources] of /** @type {const} */ ([
    [join(webRootName, 'index.html'), PORTAL_SOURCES],
    ['dist-server/main.js', SERVER_SOURCES],
  ])) {
    if (!existsSync(join(root, output))) failCheck(`${output} is missing: run \`npm run build\` first`);
    // CI builds just before (npm test); on a busy working tree a warning is enough.
    const reason = staleReason(join(root, output), root, sources);
    if (reason) log(`warning: ${output} is older than its sources (${reason}); checking it as it is`);
  }
  const folder = mkdtempSync(join(tmpdir(), 'check-production-'));
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let server;
  const output = /** @type {string[]} */ ([]);
  try {
    log(`copying the built project to ${folder}`);
    copyProject(folder);

    log('npm ci --omit=dev');
    const install = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: folder,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (install.status !== 0) failCheck(`npm ci --omit=dev failed (exit ${install.status})`);
    checkDependencies(folder);

    const port = Number(process.env.CHECK_PORT) || (await freePort());
    const base = `http://127.0.0.1:${port}`;
    /** `NODE_ENV=production npm start` in its own session and process group (setsid), so the tree stops together. */
    const start = (/** @type {Record<string, string>} */ extra) => {
      output.length = 0;
      const started = spawn('npm', ['start'], {
        cwd: folder,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? folder,
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: join(folder, 'data'),
          JWT_SECRET: randomBytes(32).toString('hex'),
          PUBLIC_URL: base,
          WEB_ROOT: webRootName,
          LOG_LEVEL: 'warn',
          ...extra,
        },
      });
      started.stdout?.on('data', (chunk) => output.push(String(chunk)));
      started.stderr?.on('data', (chunk) => output.push(String(chunk)));
      return started;
    };

    log('NODE_ENV=production npm start with the default providers: it must refuse the simulations');
    server = start({});
    const refused = server;
    const exitCode = await new Promise((done) => refused.once('exit', (code) => done(code)));
    const refusal = output.join('');
    if (exitCode === 0) failCheck('the production start on simulated services exited 0');
    for (const expected of [
      'Production does not run on simulated services',
      'PAYMENT_PROVIDER=test',
      'SMS_PROVIDER=outbox',
      'IDENTITY_PROVIDER=development',
      'ALLOW_SIMULATED=payments,sms,identity',
    ]) {
      if (!refusal.includes(expected)) failCheck(`the refused start did not say "${expected}"`);
    }
    log('refused, naming PAYMENT_PROVIDER, SMS_PROVIDER and IDENTITY_PROVIDER');

    log(`NODE_ENV=production ALLOW_SIMULATED=payments,sms,identity npm start on port ${port}`);
    server = start({ ALLOW_SIMULATED: 'payments,sms,identity' });
    const running = server;
    await waitForHealth(
      `${base}/v1/health`,
      () =>
        running.exitCode !== null || running.signalCode !== null
          ? `exit ${running.exitCode ?? running.signalCode}`
          : null,
      180_000,
    );
    const warned = output.join('').match(/Simulated service allowed by ALLOW_SIMULATED/g) ?? [];
    if (warned.length !== 3)
      failCheck(`expected a warning for each of the three simulations, found ${warned.length}`);
    await checkAnswers(base, folder);
    log('production path OK');
  } catch (error) {
    if (output.length > 0)
      process.stderr.write(`--- server output ---\n${output.join('')}--- end of server output ---\n`);
    throw error;
  } finally {
    if (server) await stop(server);
    if (process.env.KEEP_CHECK_FOLDER === '1') log(`kept ${folder}`);
    else rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error) => {
  const message =
    error instanceof CheckFailed
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  process.stderr.write(`[check-production] FAILED: ${message}\n`);
  process.exit(1);
});
