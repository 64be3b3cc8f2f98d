/**
 * Writes `.br` and `.gz` next to every built text asset, so the server (@fastify/static `preCompressed`) sends
 * compressed files without compressing on each request. Without it the login page's ~220 KiB of gzip JS
 * travels as ~700 KiB.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        // `.vite/` holds what the API server reads (manifest, schema, routes), never sent to a browser.
        if (!COMPRESSIBLE.test(fileName) || fileName.startsWith('.vite/')) continue;
        const path = join(outDir, fileName);
        const source = readFileSync(path);
        if (source.length < 1024) continue;
        writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}
