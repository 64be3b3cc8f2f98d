/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { extraRootsFromEnv } from './build/portal-schema.ts';
import { portalPlugins } from './build/vite-portal-plugins.ts';
import { precompress } from './build/vite-precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // Vitest always knows the fixture plugins; builds know them only when PORTAL_EXTRA_ROOTS names them (e2e).
  plugins: [react(), portalPlugins({ extraRoots: process.env.VITEST ? ['tests/fixtures'] : extraRootsFromEnv() }), precompress()],
  resolve: {
    alias: {
      '@core': `${root}core/index.ts`,
      '@contract': `${root}contract`,
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
    rolldownOptions: {
      output: {
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
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['core/**/*.test.{ts,tsx}', 'plugins/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}', 'themes/**/*.test.ts', 'locales/**/*.test.ts'],
          setupFiles: ['tests/setup/web-setup.ts'],
          // antd and ProLayout render slowly in jsdom; two shared cores must not turn that into failures.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
