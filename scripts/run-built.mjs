// `npm start` (and `npm run seed`, `npm run sso:app`, `npm run user:create`): runs an entry of the bundled
// server with plain Node.
//   node scripts/run-built.mjs [main|seed|sso-app|user-create] [arguments of that entry]
// Outside production it first rebuilds, with the development tools, whatever is stale (portal and server), so
// `npm install && npm start` works from a fresh clone. In production (NODE_ENV=production) it builds nothing
// and needs no devDependency: `npm run build` must have run before. See docs/production.md.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SERVER_ENTRIES, ensureFreshBuilds } from './dev-build.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** @param {string} message */
function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const requested = process.argv[2] && !process.argv[2].startsWith('-') ? process.argv[2] : 'main';
if (!SERVER_ENTRIES.includes(requested))
  fail(`unknown entry "${requested}": one of ${SERVER_ENTRIES.join(', ')}`);
// The entry reads its own arguments from process.argv.slice(2), as if it had been started directly.
if (process.argv[2] === requested) process.argv.splice(2, 1);

// Variables already set in the environment win over the file (server/main.ts reads it the same way).
const envFile = join(root, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

const production = process.env.NODE_ENV === 'production';
const dataRoot = process.env.PORTAL_ROOT ? resolve(process.env.PORTAL_ROOT) : root;
const webRoot = resolve(dataRoot, process.env.WEB_ROOT || 'dist');
const skipWeb = process.env.SKIP_WEB_BUILD === '1' || requested !== 'main';
const entry = join(root, 'dist-server', `${requested}.js`);

if (production) {
  if (!existsSync(entry))
    fail(`${entry} is missing: run \`npm run build\` before a production start (docs/production.md)`);
  if (!skipWeb && !existsSync(join(webRoot, 'index.html'))) {
    fail(
      `no portal build in ${webRoot}: run \`npm run build\` (or set SKIP_WEB_BUILD=1 to serve the API only)`,
    );
  }
} else {
  try {
    ensureFreshBuilds({
      root,
      webRoot,
      skipWeb,
      log: (message) => process.stdout.write(`[start] ${message}\n`),
    });
  } catch (error) {
    fail(`[start] ${error instanceof Error ? error.message : String(error)}`);
  }
}

// Stack traces point at server/*.ts, not at the bundle.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(entry).href);
