/**
 * Which chunks each page needs, for the browser to fetch them all at once when the page opens
 * (core/plugin/route-preloads.ts, docs/performance.md "Plugin definitions without preload lists").
 *
 * Vite writes such a list into the chunk that holds the `import()`: for a page, the plugin's definition, which
 * every route downloads before first paint. Nine definitions carried ~9 KiB gzip of chunk names that way, so the
 * build drops their JavaScript lists (vite.config.ts, `modulePreload`) and writes them here instead, in
 * `route-preloads.json`, which the portal fetches after first paint.
 */
import { resolve } from 'node:path';
import type { RouteManifest } from './route-manifest.ts';
import { staticClosure, type ViteManifest } from './vite-manifest.ts';

/** What this needs of a built chunk (Rolldown's OutputChunk has these fields). */
export interface BuiltChunk {
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  /** Chunks this one imports statically. */
  imports: string[];
  /** The modules in it: a group chunk (tooling/first-paint-chunks.ts) holds pages without being their facade. */
  moduleIds?: readonly string[];
}

/** `route-preloads.json`: every file once, and per route id the indexes of the files its page needs. */
export interface RoutePreloads {
  files: string[];
  routes: Record<string, number[]>;
}

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** The plugin definitions' chunk (`plugin-definitions`, tooling/first-paint-chunks.ts), or one plugin's (`plugin-<id>`). */
export const isPluginDefinitionChunk = (fileName: string) => /(^|\/)plugin-[^/]+\.js$/.test(fileName);

/**
 * For each route whose page the route manifest names: the page's chunk and every chunk it imports statically,
 * minus what the entry already imports (loaded before any page).
 */
export function routePreloads(manifest: RouteManifest, chunks: BuiltChunk[], root: string): RoutePreloads {
  // Keyed by file name: a built chunk's `imports` name files, so the manifest's static-closure walk applies as is.
  const byFile: ViteManifest = Object.fromEntries(
    chunks.map((chunk) => [chunk.fileName, { file: chunk.fileName, imports: chunk.imports }]),
  );
  const byModule = new Map<string, BuiltChunk>();
  for (const chunk of chunks) for (const id of chunk.moduleIds ?? []) byModule.set(id, chunk);
  for (const chunk of chunks) if (chunk.facadeModuleId) byModule.set(chunk.facadeModuleId, chunk);
  const loaded = staticClosure(
    byFile,
    chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName),
  );
  const files: string[] = [];
  const index = new Map<string, number>();
  const routes: Record<string, number[]> = {};
  for (const route of manifest.plugins.flatMap((plugin) => plugin.routes)) {
    const page = route.page && byModule.get(resolve(root, route.page));
    if (!page) continue;
    routes[route.id] = [...staticClosure(byFile, [page.fileName])]
      .filter((file) => !loaded.has(file))
      .map((file) => {
        if (!index.has(file)) index.set(file, files.push(file) - 1);
        return index.get(file)!;
      });
  }
  return { files, routes };
}
