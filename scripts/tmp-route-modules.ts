// Ad hoc (deleted after use): gzip bytes of a route's first paint beyond the dashboard's, attributed to source modules.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
import { staticClosure, type ViteManifest } from '../build/vite-manifest.ts';
const [outDir, route, depthArg] = process.argv.slice(2);
const depth = Number(depthArg ?? 2);
const manifest = JSON.parse(readFileSync(join(outDir!, '.vite/manifest.json'), 'utf8')) as ViteManifest;
const entries = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
const plugins = Object.keys(manifest).filter((k) => /^plugins\/[^/]+\/index\.ts$/.test(k));
const base = [...entries, 'core/layout/app-layout.tsx', ...plugins];
const files = (keys: Set<string>) => new Set([...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js')));
const dash = files(staticClosure(manifest, [...base, 'plugins/apps/pages/apps-page.tsx']));
const mine = [...files(staticClosure(manifest, [...base, route!]))].filter((f) => process.env.ALL || !dash.has(f));
const bySource = new Map<string, number>();
let total = 0;
for (const file of mine) {
  const code = readFileSync(join(outDir!, file), 'utf8');
  const gz = gzipSync(code, { level: 9 }).length;
  total += gz;
  const map = new SourceMapConsumer(JSON.parse(readFileSync(join(outDir!, file + '.map'), 'utf8')));
  const lines = code.split('\n');
  const all: { line: number; col: number; src: string }[] = [];
  map.eachMapping((m) => all.push({ line: m.generatedLine, col: m.generatedColumn, src: m.source ?? '?' }));
  all.sort((a, b) => a.line - b.line || a.col - b.col);
  const counts = new Map<string, number>();
  let mapped = 0;
  for (let j = 0; j < all.length; j++) {
    const a = all[j]!, b = all[j + 1];
    const n = Math.max(0, (b && b.line === a.line ? b.col : lines[a.line - 1]!.length) - a.col);
    counts.set(a.src, (counts.get(a.src) ?? 0) + n);
    mapped += n;
  }
  for (const [src, n] of counts) {
    let name = src.replace(/^.*node_modules\//, 'nm:');
    const parts = name.split('/');
    name = name.startsWith('nm:') ? parts.slice(0, (parts[0]!.startsWith('nm:@') ? 2 : 1) + depth).join('/') : parts.slice(0, depth + 3).join('/');
    bySource.set(name, (bySource.get(name) ?? 0) + (gz * n) / Math.max(mapped, 1));
  }
}
console.log('beyond the dashboard:', (total / 1024).toFixed(1), 'KiB in', mine.length, 'files');
for (const [s, b] of [...bySource].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 45))) console.log((b / 1024).toFixed(1).padStart(7), s);
