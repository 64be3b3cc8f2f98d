import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The one root every file path is resolved from (migrations, word lists, the built portal). */
export const serverRoot = dirname(fileURLToPath(import.meta.url));
export const projectRoot = resolve(serverRoot, '..');
export const migrationsFolder = resolve(serverRoot, 'db/migrations');
