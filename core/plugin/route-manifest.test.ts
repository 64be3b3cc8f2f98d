import { readFileSync } from 'node:fs';
import { pluginLoaders } from 'virtual:portal-plugins';
import { discoverPlugins, pluginRoots } from '../../tooling/portal-schema';
import { buildRouteManifest } from '../../tooling/route-manifest';
import { parseConfig } from '../config/parse-config';
import { loadPlugins, type PluginLoaders } from './plugin-host';

// The API server preloads a path's page from the build's route manifest (server/web/portal-document.ts): a wrong
// entry would make every visitor of that path download the wrong page, so the manifest must say what the running
// portal does.
const shipped = JSON.parse(readFileSync('portal.config.json', 'utf8')) as { plugins: Record<string, object> };

async function readBoth() {
  const registry = await loadPlugins(parseConfig(shipped), pluginLoaders as PluginLoaders);
  // Vitest builds with the fixture plugins (vite.config.ts), so the registry holds them too.
  const manifest = buildRouteManifest(discoverPlugins(pluginRoots(['tests/fixtures'])), process.cwd());
  return { registry, manifestRoutes: manifest.plugins.flatMap((plugin) => plugin.routes) };
}

describe('the build-time route manifest', () => {
  it('gives every route it lists the path, layout, redirect and page the running portal uses', async () => {
    const { registry, manifestRoutes } = await readBoth();
    expect(manifestRoutes.length).toBeGreaterThan(30);
    for (const listed of manifestRoutes) {
      if (!registry.routes.some((candidate) => candidate.id.split('.')[0] === listed.id.split('.')[0]))
        continue;
      const route = registry.routes.find((candidate) => candidate.id === listed.id);
      expect(route, listed.id).toBeDefined();
      expect({
        id: listed.id,
        path: listed.path,
        layout: listed.layout,
        redirectTo: listed.redirectTo,
      }).toEqual({
        id: route!.id,
        path: route!.path,
        layout: route!.layout,
        redirectTo: route!.redirectTo,
      });
      if (listed.page) {
        const [loaded, page] = await Promise.all([
          route!.load!(),
          import(/* @vite-ignore */ `/${listed.page}`),
        ]);
        // The page is the module's default export, or one of a map it exports (branding's tabs pick theirs from one).
        const exported = Object.values(page as object).flatMap((value) =>
          typeof value === 'object' && value !== null ? [value, ...Object.values(value)] : [value],
        );
        expect(exported, listed.id).toContain(loaded.default);
      }
    }
  });

  it('lists every shipped route', async () => {
    const { registry, manifestRoutes } = await readBoth();
    const listed = new Set(manifestRoutes.map((route) => route.id));
    expect(registry.routes.filter((route) => !listed.has(route.id)).map((route) => route.id)).toEqual([]);
    expect(listed.has('auth.login')).toBe(true);
    expect(listed.has('branding.data-exchnage')).toBe(true);
  });
});
