import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { configDefaults } from 'vitest/config';
import { extraRootsFromEnv } from './tooling/portal-schema.ts';
import { firstPaintChunks } from './tooling/first-paint-chunks.ts';
import { contractEndpoints } from './tooling/vite-contract-endpoints.ts';
import { portalPlugins } from './tooling/vite-portal-plugins.ts';
import { isPluginDefinitionChunk } from './tooling/route-preloads.ts';
import { precompress } from './tooling/vite-precompress.ts';
import { sideEffectFreePackages } from './tooling/side-effect-free-packages.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';
const firstPaint = firstPaintChunks();

export default defineConfig({
  // Vitest always knows the fixture plugins; builds know them only when PORTAL_EXTRA_ROOTS names them (e2e).
  plugins: [
    react(),
    contractEndpoints(),
    portalPlugins({ extraRoots: process.env.VITEST ? ['tests/fixtures'] : extraRootsFromEnv() }),
    precompress(),
    firstPaint.plugin,
  ],
  resolve: {
    alias: {
      '@core': `${root}core/index.ts`,
      '@contract': `${root}contract`,
      // The test harness by name (`@tests/render-with-portal`), so a test imports it the same way at any depth.
      '@tests': `${root}tests`,
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/v1': apiTarget, '/dev': apiTarget },
  },
  preview: { port: 4173, strictPort: true },
  build: {
    outDir: process.env.PORTAL_OUT_DIR ?? 'dist',
    manifest: true,
    // Budgets per route group are enforced by `npm run size`; Rolldown's generic warning adds nothing.
    chunkSizeWarningLimit: 2000,
    sourcemap: false,
    modulePreload: {
      // The plugin definitions load on every route before first paint; the lists of chunks their pages need travel
      // in route-preloads.json instead, fetched after first paint (tooling/route-preloads.ts). Stylesheets stay:
      // Vite's preload is what inserts a lazy page's CSS.
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'js' && isPluginDefinitionChunk(hostId) ? deps.filter((dep) => dep.endsWith('.css')) : deps,
    },
    rolldownOptions: {
      // antd's react-component packages declare no side effects but do not say so (tooling/side-effect-free-packages.ts).
      treeshake: { moduleSideEffects: sideEffectFreePackages },
      output: {
        // A handful of chunks on first paint instead of one per small module: the entry, all plugin definitions
        // with the small modules nearly every route needs, and the auth forms (tooling/first-paint-chunks.ts).
        codeSplitting: firstPaint.codeSplitting,
        // Name each plugin's entry chunk after the plugin, so a build report (and a test) can see which plugin loads.
        chunkFileNames: (chunk) => {
          const match = /\/plugins\/([^/]+)\/index\.ts$/.exec(chunk.facadeModuleId ?? '');
          return match ? `assets/plugin-${match[1]}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  test: {
    globals: true,
    // React queues its passive-effect flush with setImmediate; when a test file's last clean-up (antd's
    // message.destroy, a motion end) queues one, it can run after jsdom is torn down and read `window`. Every test
    // of the file has passed by then, and tests/setup/web-setup.ts drains the scheduler first; this drops only that
    // exact artefact (a ReferenceError for `window` raised inside react-dom or its scheduler), nothing else.
    onUnhandledError: (error) => !isTornDownReactWork(error),
    // A worker keeps the modules it imported (antd, React, the server's app) from one test file to the next
    // instead of importing them again for each of the ~170 files: 13.9 -> 9.7 min on two cores. The worker's jsdom
    // document is shared too, so tests/setup/web-setup.ts leaves it as it found it after every test (rendered trees
    // unmounted, toasts removed, storage cleared); each file gets its own MSW handlers, DI container and stores
    // (renderWithPortal) and each server file its own app and database (server/test/test-app.ts).
    isolate: false,
    // Hooks run in the order they were declared, so web-setup.ts's clean-up runs before a test file's own afterEach,
    // while timers a test faked are still installed (tests/setup/clear-toasts.ts).
    sequence: { hooks: 'list' },
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['core/**/*.test.{ts,tsx}', 'plugins/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}', 'themes/**/*.test.ts', 'locales/**/*.test.ts'],
          setupFiles: ['tests/setup/web-setup.ts'],
          // antd renders slowly in jsdom; two shared cores must not turn that into failures.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'contract/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tooling/**/*.test.ts',
          ],
          // Tests that need PostgreSQL itself (several instances on one database) run in `npm run test:postgres` only.
          exclude: [...configDefaults.exclude, ...(process.env.DATABASE_URL ? [] : ['server/**/*.postgres.test.ts'])],
          testTimeout: 30000,
          // A nested run (the plugin generator's test runs a generated server test) shares the machine with the
          // suite that started it, so it may allow its database's start-up more time.
          hookTimeout: Number(process.env.SERVER_HOOK_TIMEOUT_MS) || 60000,
        },
      },
    ],
  },
});

/** A React render or effect flush that ran after its test file's jsdom environment was torn down. */
function isTornDownReactWork(error: { name?: string; message?: string; stack?: string; stacks?: { file: string }[] }): boolean {
  const frames = error.stack ?? (error.stacks ?? []).map((frame) => frame.file).join('\n');
  return (
    error.name === 'ReferenceError' &&
    error.message === 'window is not defined' &&
    /node_modules\/(react-dom|scheduler)\//.test(frames)
  );
}
