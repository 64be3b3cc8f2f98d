/**
 * `npm run build:server`: bundles the API server and its command-line tools into dist-server/ for plain Node 20,
 * so a production install needs neither tsx nor Vite (docs/production.md). Packages stay external: they are
 * loaded from node_modules, which is why every package the server imports must be in `dependencies`
 * (scripts/check-production.mjs proves it on a production install).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root,
  // Not the portal's: no public folder to copy, no .env to inline, no React plugin.
  publicDir: false,
  envDir: false,
  logLevel: 'warn',
  resolve: { alias: { '@contract': `${root}contract` } },
  // Every dependency, including the ones Vite would bundle by default for the browser, comes from node_modules.
  ssr: { target: 'node', external: true },
  build: {
    ssr: true,
    target: 'node20',
    outDir: 'dist-server',
    emptyOutDir: true,
    copyPublicDir: false,
    // Readable stack traces in production logs beat a few kilobytes.
    minify: false,
    sourcemap: true,
    rolldownOptions: {
      input: {
        main: 'server/main.ts',
        seed: 'server/seed.ts',
        'sso-app': 'server/cli/sso-app.ts',
        'user-create': 'server/cli/user-create.ts',
        // Loaded as a worker thread by server/modules/branding/isolated-svg-sanitiser.ts.
        'svg-worker': 'server/modules/branding/svg-worker.ts',
      },
      output: {
        format: 'es',
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
      },
    },
  },
});
