/**
 * Vite plugin behind two virtual modules:
 * - `virtual:portal-plugins`: one lazy loader per discovered plugin, so a disabled plugin's code is never fetched;
 * - `virtual:portal-config-validator`: the composed config schema compiled at build time with ajv's standalone
 *   code, so the browser ships no ajv compiler and the CSP can forbid eval.
 */
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { relative } from 'node:path';
import type { Plugin } from 'vite';
import { composeConfigSchema, discoverPlugins, pluginRoots, themePresetSchema } from './portal-schema.ts';
import { portalConfigFile } from './vite-portal-config-file.ts';

const PLUGINS_ID = 'virtual:portal-plugins';
const VALIDATOR_ID = 'virtual:portal-config-validator';

export function compileValidators(schema: object): string {
  const ajv = new Ajv({
    allErrors: true,
    useDefaults: true,
    strict: true,
    allowUnionTypes: true,
    code: { source: true, esm: true },
    schemas: [schema, themePresetSchema()],
  });
  return standaloneCode(ajv, { validateConfig: 'portal-config', validateThemePreset: 'theme-preset' });
}

/** The portal's build-time pieces: the virtual modules above and the deployment's config file (vite-portal-config-file.ts). */
export function portalPlugins(options: { extraRoots?: string[] } = {}): Plugin[] {
  return [virtualModules(options), portalConfigFile()];
}

function virtualModules(options: { extraRoots?: string[] }): Plugin {
  const roots = pluginRoots(options.extraRoots);
  return {
    name: 'portal-plugins',
    resolveId(id) {
      if (id === PLUGINS_ID || id === VALIDATOR_ID) return `\0${id}`;
      return null;
    },
    load(id) {
      const plugins = discoverPlugins(roots);
      if (id === `\0${PLUGINS_ID}`) {
        const lines = plugins.map((p) => `  ${JSON.stringify(p.id)}: () => import(${JSON.stringify(p.entry)}),`);
        const extraLocales = (options.extraRoots ?? []).map(
          (root) => `...import.meta.glob(${JSON.stringify(`/${relative(process.cwd(), root)}/locales/*/*.json`.replace(/\/\.\//g, '/'))}, { import: 'default' }),`,
        );
        return [
          `export const pluginLoaders = {\n${lines.join('\n')}\n};`,
          `export const extraLocaleLoaders = {${extraLocales.join('')}};`,
        ].join('\n');
      }
      if (id === `\0${VALIDATOR_ID}`) {
        for (const p of plugins) this.addWatchFile(p.entry);
        return compileValidators(composeConfigSchema(plugins));
      }
      return null;
    },
  };
}
