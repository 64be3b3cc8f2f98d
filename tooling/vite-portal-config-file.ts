/**
 * Vite plugin for the deployment's `portal.config.json`: the top-level file beside package.json, or the file
 * that `PORTAL_CONFIG` names (README, "Configuration").
 * - The dev and preview servers answer `/portal.config.json` from that file, read on every request, so an edit
 *   shows on the next reload.
 * - A build copies it into the output next to index.html, outside the bundle: it is never precompressed, so a
 *   static host can have it replaced in place without a stale `.gz` or `.br` beside it.
 * The API server (server/web/static-site.ts) serves the same file at request time, so its copy in the build
 * only matters to static hosting.
 */
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import type { Connect, Plugin } from 'vite';

export const PORTAL_CONFIG_URL = '/portal.config.json';

/** Where the deployment's config file is: `PORTAL_CONFIG` (relative to `root`) or `<root>/portal.config.json`. */
export function portalConfigPath(
  root: string,
  env: Record<string, string | undefined> = process.env,
): string {
  return resolve(root, env.PORTAL_CONFIG || 'portal.config.json');
}

function serveFrom(file: () => string): Connect.NextHandleFunction {
  return (request, response: ServerResponse, next) => {
    if (request.url?.split('?')[0] !== PORTAL_CONFIG_URL) return next();
    const path = file();
    if (!existsSync(path)) {
      response.statusCode = 404;
      response.end(`${path} does not exist`);
      return;
    }
    response.setHeader('content-type', 'application/json; charset=utf-8');
    response.setHeader('cache-control', 'no-cache');
    response.end(readFileSync(path));
  };
}

export function portalConfigFile(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  const file = () => portalConfigPath(root);
  return {
    name: 'portal-config-file',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use(serveFrom(file));
    },
    configurePreviewServer(server) {
      server.middlewares.use(serveFrom(file));
    },
    writeBundle(options) {
      if (!existsSync(file()))
        this.error(`${file()} does not exist: the portal has no configuration to ship.`);
      copyFileSync(file(), join(options.dir ?? outDir, 'portal.config.json'));
    },
  };
}
