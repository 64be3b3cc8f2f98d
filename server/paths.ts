import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder that holds `package.json`, found by walking up from this module. The walk is what keeps paths
 * right in both shapes the server runs in: `server/paths.ts` under tsx, and a chunk somewhere under
 * `dist-server/` after `npm run build` bundled it (a path relative to the module would point into dist-server).
 */
function findProjectRoot(start: string): string {
  for (let folder = start; ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'package.json'))) return folder;
    if (dirname(folder) === folder)
      throw new Error(`no package.json above ${start}: set PORTAL_ROOT to the project folder`);
  }
}

/**
 * The one root every runtime file path is resolved from: PORTAL_ROOT when set (a deployment that keeps the
 * built server apart from its data files), else the project folder. See docs/production.md.
 */
export const projectRoot = process.env.PORTAL_ROOT
  ? resolve(process.env.PORTAL_ROOT)
  : findProjectRoot(dirname(fileURLToPath(import.meta.url)));
/** The server's source folder: runtime data files (migrations, word lists) stay here and are not bundled. */
export const serverRoot = join(projectRoot, 'server');
export const migrationsFolder = join(serverRoot, 'db/migrations');
export const commonPasswordsFile = join(serverRoot, 'security/common-passwords.txt');
/** `locales/<lang>/<namespace>.json`, shared with the portal. */
export const localesFolder = join(projectRoot, 'locales');
/** The top-level deployment config, when the deployment has one. */
export const portalConfigFile = join(projectRoot, 'portal.config.json');
/** The deployment's config file: PORTAL_CONFIG (relative to the root) when set, else the top-level file. */
export const portalConfigFileOf = (env: Record<string, string | undefined>) =>
  resolve(projectRoot, env.PORTAL_CONFIG || 'portal.config.json');
/** Where `npm run build` writes the bundled server (server/main.ts and the CLIs). */
export const serverBuildFolder = join(projectRoot, 'dist-server');
