/**
 * Deterministic size budget: reads the production build's manifest and prints, per route group and route,
 * the gzip bytes of JS and CSS needed for first paint (index.html's chunks, the group's layout, the enabled
 * plugins' definitions, the default language and theme, and the route's page with everything it imports
 * statically), and how many script files that is (each one a request before first paint). Exits non-zero when a group
 * with a budget exceeds it (`maxGzipJsKiB`, or `maxScripts` script files on one route), or when TypeBox code reached
 * the browser.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Type } from 'typebox';
import { staticClosure, type ViteManifest } from '../tooling/vite-manifest.ts';

interface Group {
  name: string;
  shared: string[];
  perRoute: string[];
  exclude?: string[];
  perRouteNamespace?: boolean;
  maxGzipJsKiB?: number;
  targetGzipJsKiB?: number;
  /** Script files one route of the group may need before first paint (tooling/first-paint-chunks.ts). */
  maxScripts?: number;
}

const outDir = process.argv[2] ?? 'dist';
// `--with-plugin <id>`: the build must hold that plugin's definition (npm run size:new-plugin adds a throwaway one),
// so the budgets are checked with it, never silently without it.
const withPlugin = process.argv.includes('--with-plugin')
  ? process.argv[process.argv.indexOf('--with-plugin') + 1]
  : undefined;
const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as ViteManifest;
const budget = JSON.parse(readFileSync('size-budget.json', 'utf8')) as { groups: Group[] };
const config = JSON.parse(readFileSync(join(outDir, 'portal.config.json'), 'utf8')) as {
  i18n?: { defaultLanguage?: string };
  theme?: { preset?: string };
  plugins?: Record<string, { enabled?: boolean }>;
};
const lang = config.i18n?.defaultLanguage ?? 'en';
const preset = config.theme?.preset ?? 'default';
const enabledPlugins = Object.entries(config.plugins ?? {})
  .filter(([, entry]) => entry.enabled !== false)
  .map(([id]) => id);

function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
  return new RegExp(`^${escaped}$`);
}

function expand(pattern: string): string[] {
  if (pattern === '{enabledPlugins}')
    return enabledPlugins.map((id) => `plugins/${id}/index.ts`).filter((k) => manifest[k]);
  const glob = pattern.replace('{lang}', lang).replace('{preset}', preset);
  const re = globToRegExp(glob);
  return Object.keys(manifest).filter((key) => re.test(key));
}

/**
 * Chunk file names carry a hash of their content (`row-CxE0h89K.js`), and every chunk names the chunks it imports. So
 * a change in one shared chunk renames it, and each chunk that imports it compresses a few bytes better or worse:
 * ±0.1 KiB over a route's ~50 chunks, with no code changed there, enough to cross a budget that sits at its limit.
 * Each hash is measured as a stand-in of the same length that does not depend on the content: a digest of the
 * chunk's name and its rank by size among the chunks of that name (two chunks may both be `row`). It is as
 * incompressible as the real hash and the same from one build to the next.
 */
const CHUNK_FILE = /([\w.-]+)-[\w-]{8}\.(js|css)\b/g;
const standIns = (() => {
  const byName = new Map<string, string[]>();
  for (const file of readdirSync(join(outDir, 'assets'))) {
    const name = /^([\w.-]+)-[\w-]{8}\.(js|css)$/.exec(file);
    if (!name) continue;
    const key = `${name[1]}.${name[2]}`;
    byName.set(key, [...(byName.get(key) ?? []), file]);
  }
  const standIn = new Map<string, string>();
  for (const [key, files] of byName) {
    const [name, extension] = [key.slice(0, key.lastIndexOf('.')), key.slice(key.lastIndexOf('.') + 1)];
    const bySize = files
      .map((file) => ({ file, size: statSync(join(outDir, 'assets', file)).size }))
      .sort((a, b) => a.size - b.size || a.file.localeCompare(b.file));
    bySize.forEach(({ file }, rank) => {
      const digest = createHash('sha256').update(`${name}#${rank}`).digest('base64url').slice(0, 8);
      standIn.set(file, `${name}-${digest}.${extension}`);
    });
  }
  return standIn;
})();
function stableHashes(code: string): string {
  return code.replace(CHUNK_FILE, (file: string) => standIns.get(file) ?? file);
}

const gzipCache = new Map<string, number>();
function gzipBytes(file: string): number {
  if (!gzipCache.has(file)) {
    const code = stableHashes(readFileSync(join(outDir, file), 'utf8'));
    gzipCache.set(file, gzipSync(code, { level: 9 }).length);
  }
  return gzipCache.get(file)!;
}

function measure(keys: Set<string>): { js: number; css: number; scripts: number } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    js.add(manifest[key]!.file);
    manifest[key]!.css?.forEach((c) => css.add(c));
  }
  const sum = (files: Set<string>) => [...files].reduce((total, f) => total + gzipBytes(f), 0);
  return { js: sum(js), css: sum(css), scripts: js.size };
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
const entryKeys = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
let failed = false;
if (withPlugin !== undefined) {
  const definition = Object.keys(manifest).find((key) => key.endsWith(`/plugins/${withPlugin}/index.ts`));
  if (!definition) {
    console.error(`✗ ${outDir} has no definition of the plugin "${withPlugin}"`);
    process.exit(1);
  }
  console.log(`With the plugin "${withPlugin}" added (${definition}, in ${manifest[definition]!.file})`);
}

console.log(
  `Size report for ${outDir} (language ${lang}, theme ${preset}, plugins: ${enabledPlugins.join(', ') || 'none'})`,
);
for (const group of budget.groups) {
  const shared = group.shared.flatMap(expand);
  const excluded = new Set((group.exclude ?? []).flatMap(expand));
  const routes = [...new Set(group.perRoute.flatMap(expand))].filter((r) => !excluded.has(r)).sort();
  const rows = (routes.length ? routes : ['(layout only)']).map((route) => {
    const extra = route === '(layout only)' ? [] : [route];
    const pluginId = /^plugins\/([^/]+)\//.exec(route)?.[1];
    if (group.perRouteNamespace && pluginId) extra.push(...expand(`locales/{lang}/${pluginId}.json`));
    return { route, ...measure(staticClosure(manifest, [...entryKeys, ...shared, ...extra])) };
  });
  const worst = Math.max(...rows.map((r) => r.js));
  const limit = group.maxGzipJsKiB
    ? ` (budget ${group.maxGzipJsKiB} KiB, target ${group.targetGzipJsKiB ?? '-'} KiB)`
    : '';
  console.log(`\n${group.name} routes — gzip KiB for first paint${limit}`);
  console.log(`  ${'JS'.padStart(7)} ${'CSS'.padStart(7)} ${'scripts'.padStart(7)}  route module`);
  for (const row of rows)
    console.log(`  ${kib(row.js)} ${kib(row.css)} ${String(row.scripts).padStart(7)}  ${row.route}`);
  if (group.maxGzipJsKiB && worst > group.maxGzipJsKiB * 1024) {
    failed = true;
    console.error(
      `  ✗ ${group.name}: ${kib(worst).trim()} KiB of gzip JS is over the ${group.maxGzipJsKiB} KiB budget`,
    );
  } else if (group.maxGzipJsKiB) {
    console.log(`  ✓ ${group.name}: worst route ${kib(worst).trim()} KiB, within ${group.maxGzipJsKiB} KiB`);
  }
  if (group.maxScripts !== undefined) {
    const most = Math.max(...rows.map((r) => r.scripts));
    if (most > group.maxScripts) {
      failed = true;
      console.error(
        `  ✗ ${group.name}: ${most} script files before first paint, more than ${group.maxScripts}`,
      );
    } else {
      console.log(
        `  ✓ ${group.name}: at most ${most} script files before first paint, within ${group.maxScripts}`,
      );
    }
  }
}

/**
 * The contract's schemas are for the server and for types: the browser gets the endpoint table without them
 * (tooling/vite-contract-endpoints.ts). Every TypeBox schema carries this key, so any chunk holding TypeBox code
 * holds it too; the installed TypeBox is asked first, so a renamed key cannot silence the check.
 */
const TYPEBOX_MARKER = '~kind';
if (!(TYPEBOX_MARKER in Type.String()))
  throw new Error(`TypeBox schemas no longer carry '${TYPEBOX_MARKER}': update the marker`);
const chunks = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) =>
  file.endsWith('.js'),
);
const withTypeBox = chunks.filter((file) =>
  readFileSync(join(outDir, file), 'utf8').includes(TYPEBOX_MARKER),
);
if (withTypeBox.length > 0) {
  failed = true;
  console.error(`\n✗ TypeBox code reached the browser build: ${withTypeBox.join(', ')}`);
} else {
  console.log(`\n✓ no TypeBox code in any of the ${chunks.length} browser chunks`);
}
process.exit(failed ? 1 : 0);
