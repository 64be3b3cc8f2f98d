/**
 * Vite plugin behind three virtual modules, and two files for the API server:
 * - `virtual:portal-plugins`: one lazy loader per discovered plugin, so a disabled plugin never runs (the
 *   definitions share one chunk, tooling/first-paint-chunks.ts; a disabled plugin's pages are never fetched);
 * - `virtual:portal-config-validator` and `virtual:portal-theme-validator`: the composed config schema and the
 *   theme-preset schema compiled at build time with ajv's standalone code, so the browser ships no ajv compiler
 *   and the CSP can forbid eval. They are two modules because the config validator (~7 KiB gzip) is needed only
 *   when the page did not come with a configuration the server already checked;
 * - `.vite/portal-config.schema.json` (the composed schema) and `.vite/portal-routes.json` (tooling/route-manifest.ts)
 *   in the build's output: the API server validates the configuration with the first and finds a path's page
 *   with the second, to put both into index.html (server/web/portal-document.ts);
 * - `route-preloads.json`: the chunks each page needs, which the portal preloads when the page opens
 *   (tooling/route-preloads.ts);
 * - `locales/<lang>/<namespace>.json`: a copy of the portal's texts (`locales/` and the extra roots'), which a static
 *   host serves as they are and the API server serves when its LOCALES_DIR lacks a file (a test build's fixture
 *   plugins). The portal reads its texts over HTTP, never from its bundle: a deployment edits them without a build.
 */
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { CONFIG_AJV_OPTIONS } from './config-ajv-options.ts';
import { composeConfigSchema, discoverPlugins, pluginRoots, repoRoot, themePresetSchema } from './portal-schema.ts';
import { buildRouteManifest } from './route-manifest.ts';
import { ROUTE_PRELOADS_FILE, routePreloads } from './route-preloads.ts';
import { portalConfigFile } from './vite-portal-config-file.ts';

const PLUGINS_ID = 'virtual:portal-plugins';
const VALIDATOR_ID = 'virtual:portal-config-validator';
const THEME_VALIDATOR_ID = 'virtual:portal-theme-validator';

function compile(schema: object, name: string, id: string): string {
  const ajv = new Ajv({ ...CONFIG_AJV_OPTIONS, code: { source: true, esm: true }, schemas: [schema] });
  return standaloneCode(ajv, { [name]: id });
}

export function compileConfigValidator(schema: object): string {
  return compile(schema, 'validateConfig', 'portal-config');
}

export function compileThemeValidator(): string {
  return compile(themePresetSchema(), 'validateThemePreset', 'theme-preset');
}

/** The portal's build-time pieces: the virtual modules above and the deployment's config file (vite-portal-config-file.ts). */
export function portalPlugins(options: { extraRoots?: string[] } = {}): Plugin[] {
  return [virtualModules(options), portalConfigFile()];
}

function virtualModules(options: { extraRoots?: string[] }): Plugin {
  const roots = pluginRoots(options.extraRoots);
  let root = process.cwd();
  return {
    name: 'portal-plugins',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      if (id === PLUGINS_ID || id === VALIDATOR_ID || id === THEME_VALIDATOR_ID) return `\0${id}`;
      return null;
    },
    load(id) {
      const plugins = discoverPlugins(roots);
      if (id === `\0${PLUGINS_ID}`) {
        const lines = plugins.map(
          (p) => `  ${JSON.stringify(p.id)}: () => import(${JSON.stringify(p.entry)}),`,
        );
        return `export const pluginLoaders = {\n${lines.join('\n')}\n};`;
      }
      if (id === `\0${VALIDATOR_ID}`) {
        for (const p of plugins) this.addWatchFile(p.entry);
        return compileConfigValidator(composeConfigSchema(plugins));
      }
      if (id === `\0${THEME_VALIDATOR_ID}`) return compileThemeValidator();
      return null;
    },
    generateBundle: {
      // After Vite's own: it deletes the chunks that hold nothing but CSS, which route-preloads.json must not name
      // (the browser would fetch a file that is not there).
      order: 'post',
      handler(_options, bundle) {
        const plugins = discoverPlugins(roots);
        const emit = (fileName: string, value: unknown) =>
          this.emitFile({ type: 'asset', fileName, source: `${JSON.stringify(value, null, 2)}\n` });
        for (const [fileName, source] of localeFiles(options.extraRoots ?? []))
          this.emitFile({ type: 'asset', fileName, source });
        const routes = buildRouteManifest(plugins, root);
        emit('.vite/portal-config.schema.json', composeConfigSchema(plugins));
        emit('.vite/portal-routes.json', routes);
        const chunks = Object.values(bundle).filter(
          (output): output is Rollup.OutputChunk => output.type === 'chunk',
        );
        // Read by browsers: no indentation.
        this.emitFile({
          type: 'asset',
          fileName: ROUTE_PRELOADS_FILE,
          source: JSON.stringify(routePreloads(routes, chunks, root)),
        });
      },
    },
  };
}

/** The server's own texts (answers, mail: `server.json`, `<feature>.server.json`) stay on the server. */
const SERVER_TEXTS = /(^|\.)server\.json$/;

/** `locales/<lang>/<namespace>.json` of the project and of each extra root, by output file name; the project's win. */
export function localeFiles(extraRoots: readonly string[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const folder of [join(repoRoot, 'locales'), ...extraRoots.map((extra) => join(resolve(repoRoot, extra), 'locales'))]) {
    if (!existsSync(folder)) continue;
    for (const language of readdirSync(folder, { withFileTypes: true })) {
      if (!language.isDirectory()) continue;
      for (const file of readdirSync(join(folder, language.name))) {
        const fileName = `locales/${language.name}/${file}`;
        if (!file.endsWith('.json') || SERVER_TEXTS.test(file) || files.has(fileName)) continue;
        files.set(fileName, readFileSync(join(folder, language.name, file), 'utf8'));
      }
    }
  }
  return files;
}
