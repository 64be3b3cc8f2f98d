/**
 * The reference pages of `npm run bench:web` (scripts/bench-reference/): built with Vite into a temporary folder
 * and served by a tiny static server that sends the same precompressed files the portal's server sends (brotli,
 * else gzip, written by the portal's own build plugin), so only the pages differ, not the transport.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { precompress } from '../tooling/vite-precompress.ts';
import { onCleanup, tempDir } from './bench-web-server.ts';

export const REFERENCES = ['plain', 'antd'] as const;
export type Reference = (typeof REFERENCES)[number];

/** Builds each reference page into a folder of a temporary directory; returns the folders by name. */
export async function buildReferences(): Promise<Record<Reference, string>> {
  const outRoot = tempDir('portal-bench-reference-');
  const folders = {} as Record<Reference, string>;
  for (const name of REFERENCES) {
    const outDir = join(outRoot, name);
    await build({
      root: resolve(import.meta.dirname, 'bench-reference', name),
      // The portal's vite.config.ts (its plugins, aliases and chunk names) must not leak into the references.
      configFile: false,
      logLevel: 'warn',
      mode: 'production',
      plugins: [react(), precompress()],
      build: { outDir, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 2000 },
    });
    folders[name] = outDir;
  }
  return folders;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
};

/**
 * Serves `dir` on a free port of 127.0.0.1 like the portal's server serves its build: hashed assets cached for a
 * year, index.html (also for any page path) revalidated, and a `.br` or `.gz` sibling sent when the browser
 * accepts it. Closed at clean-up.
 */
export async function serveStatic(dir: string): Promise<string> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent((request.url ?? '/').split('?')[0]!);
    let file = normalize(join(dir, path));
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory())
      file = join(dir, 'index.html');
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = [
      ['br', '.br'],
      ['gzip', '.gz'],
    ].find(([name, suffix]) => accepted.includes(name!) && existsSync(file + suffix));
    const headers: Record<string, string> = {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': file.startsWith(join(dir, 'assets'))
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
      vary: 'accept-encoding',
    };
    const sent = encoding ? file + encoding[1] : file;
    if (encoding) headers['content-encoding'] = encoding[0]!;
    headers['content-length'] = String(statSync(sent).size);
    response.writeHead(200, headers);
    if (request.method === 'HEAD') response.end();
    else createReadStream(sent).pipe(response);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  onCleanup(() => {
    // Chromium keeps connections open; close() alone would wait for them.
    server.closeAllConnections();
    return new Promise<void>((r) => server.close(() => r()));
  });
  server.unref();
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('reference server has no address');
  return `http://127.0.0.1:${address.port}`;
}
