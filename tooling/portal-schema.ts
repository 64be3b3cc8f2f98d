/**
 * Composes the full `portal.config.json` schema: the core schema plus, for every plugin the build knows,
 * `plugins.<id>` with that plugin's `settings.schema.json` under `settings`. Unknown plugin ids are errors.
 * Runs in Node (build time and tests), never in the browser.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface DiscoveredPlugin {
  id: string;
  /** Absolute path of the plugin's single entry, `index.ts`. */
  entry: string;
  settingsSchema: object | null;
}

export const repoRoot = resolve(import.meta.dirname, '..');

/** Folders that hold plugins: `plugins/` always, plus extra roots (test fixtures) when asked for. */
export function pluginRoots(extraRoots: string[] = []): string[] {
  return [join(repoRoot, 'plugins'), ...extraRoots.map((r) => join(resolve(repoRoot, r), 'plugins'))];
}

/** Extra roots from `PORTAL_EXTRA_ROOTS` (comma separated), used by the end-to-end build for fixtures. */
export function extraRootsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.PORTAL_EXTRA_ROOTS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function discoverPlugins(roots: string[]): DiscoveredPlugin[] {
  const found: DiscoveredPlugin[] = [];
  for (const root of roots) {
    if (!existsSync(root)) continue;
    for (const id of readdirSync(root).sort()) {
      const entry = join(root, id, 'index.ts');
      if (!existsSync(entry)) continue;
      if (found.some((p) => p.id === id)) throw new Error(`Two plugins share the id "${id}"`);
      const schemaPath = join(root, id, 'settings.schema.json');
      const settingsSchema = existsSync(schemaPath) ? (JSON.parse(readFileSync(schemaPath, 'utf8')) as object) : null;
      found.push({ id, entry, settingsSchema });
    }
  }
  return found;
}

export function readCoreSchema(): Record<string, unknown> {
  return JSON.parse(readFileSync(join(repoRoot, 'core/config/portal-config.schema.json'), 'utf8')) as Record<string, unknown>;
}

export function composeConfigSchema(plugins: DiscoveredPlugin[]): Record<string, unknown> {
  const schema = readCoreSchema();
  const properties = schema.properties as Record<string, unknown>;
  properties.plugins = {
    type: 'object',
    default: {},
    additionalProperties: false,
    properties: Object.fromEntries(
      plugins.map((p) => [
        p.id,
        {
          type: 'object',
          allOf: [{ $ref: '#/$defs/pluginEntry' }],
          properties: { settings: { default: {}, ...(p.settingsSchema ?? { type: 'object', additionalProperties: false }) } },
          default: {},
        },
      ]),
    ),
  };
  return schema;
}

/** The one schema of a theme preset, shared by the build's compiled validator and the docs. */
export function themePresetSchema(): Record<string, unknown> {
  return JSON.parse(readFileSync(join(repoRoot, 'themes/theme-preset.schema.json'), 'utf8')) as Record<string, unknown>;
}
