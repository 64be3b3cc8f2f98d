import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The file of an installed library module, named as the build steps name it (`antd/es/drawer/index.js`,
 * `@ant-design/pro-table/es/Table.js`: the package, then the path inside it). The steps' tests read the modules the
 * build will meet, so an upgrade that changes their shape fails a test, not only the build.
 */
export function installedModulePath(module: string): string {
  const parts = module.split('/');
  const packageName = parts.slice(0, module.startsWith('@') ? 2 : 1).join('/');
  const inside = parts.slice(packageName.split('/').length).join('/');
  return join(dirname(require.resolve(`${packageName}/package.json`)), inside);
}

/** The source of an installed library module (see {@link installedModulePath}). */
export function installedModuleSource(module: string): string {
  return readFileSync(installedModulePath(module), 'utf8');
}
