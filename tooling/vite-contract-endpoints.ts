/**
 * Vite plugin: the browser receives the /v1 endpoint table without its schemas.
 *
 * `contract/v1/endpoints.ts` declares every endpoint with TypeBox schemas (the server validates and documents
 * with them; the portal takes its types from them). At run time the portal needs only how to reach an endpoint,
 * so this plugin answers `@contract/v1/endpoints` (and the file itself, however it is imported) with a module
 * holding `{ method, path, auth }` per entry, computed in Node from the real table. TypeScript still resolves the
 * import to the real file (tsconfig `paths`), so types keep coming from the schemas.
 * `npm run size` fails when TypeBox code reaches any chunk of the build.
 *
 * The table is loaded with Vite's module runner when a build first asks for it, not imported by this file: a
 * static import would pull the whole contract into the bundled Vite config, and Vite then warns on every
 * build, dev server and test run about the contract's extension-less imports.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';
import type { EndpointRoute } from '../contract/v1/endpoint.ts';

const SPECIFIER = '@contract/v1/endpoints';
const VIRTUAL_ID = '\0contract-endpoints';
const TABLE_FILE = fileURLToPath(new URL('../contract/v1/endpoints.ts', import.meta.url));
const TABLE_FILE_NO_EXT = TABLE_FILE.replace(/\.ts$/, '');

type RouteTable = Record<string, EndpointRoute>;

/** What the browser keeps of each endpoint: how it is reached, who may call it and the permission it needs. */
export function browserEndpoints(table: RouteTable): RouteTable {
  return Object.fromEntries(
    Object.entries(table).map(([name, { method, path, auth, permission }]) => [
      name,
      permission ? { method, path, auth, permission } : { method, path, auth },
    ]),
  );
}

/** The source of the module the browser imports instead of the table. */
export function browserEndpointsModule(table: RouteTable): string {
  return `export const endpoints = ${JSON.stringify(browserEndpoints(table), null, 2)};\n`;
}

/** The real table, with its schemas, loaded in Node. */
export async function loadEndpointTable(): Promise<RouteTable> {
  const { module } = await runnerImport<{ endpoints: RouteTable }>(TABLE_FILE, {
    configFile: false,
    logLevel: 'error',
  });
  return module.endpoints;
}

function isTableFile(id: string, importer: string | undefined): boolean {
  if (id === SPECIFIER) return true;
  const absolute = id.startsWith('.') && importer ? resolve(dirname(importer), id) : id;
  return absolute === TABLE_FILE || absolute === TABLE_FILE_NO_EXT;
}

/**
 * Serves the schema-free table to builds and the dev server. Vitest keeps the real table: its server project
 * registers routes from the schemas, and the web tests lose nothing by having them.
 */
export function contractEndpoints(): Plugin {
  let table: Promise<RouteTable> | null = null;
  return {
    name: 'contract-endpoints',
    // Before Vite's own resolver, which would load the real file. The `@contract` alias runs even earlier and
    // hands over its absolute path, which `isTableFile` recognises too.
    enforce: 'pre',
    apply: () => !process.env.VITEST,
    resolveId(id, importer) {
      return isTableFile(id, importer) ? VIRTUAL_ID : null;
    },
    async load(id) {
      if (id !== VIRTUAL_ID) return null;
      // The dev server reloads the table when it changes; a build reads it once.
      this.addWatchFile(TABLE_FILE);
      table ??= loadEndpointTable();
      return browserEndpointsModule(await table);
    },
    watchChange(id) {
      if (id.startsWith(dirname(TABLE_FILE))) table = null;
    },
  };
}
