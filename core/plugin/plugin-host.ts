import type { PortalConfig, RoleRule } from '../config/portal-config';
import type { LoadedPlugin, PluginContext, PortalMenuItem, PortalPlugin, PortalRoute } from './plugin-types';

/** Why boot stopped: shown on the full-page error with every problem listed. */
export class BootError extends Error {
  constructor(
    readonly problems: string[],
    readonly kind: 'config' | 'plugins' = 'plugins',
  ) {
    super(problems.join('\n'));
    this.name = 'BootError';
  }
}

export type PluginLoaders = Record<string, () => Promise<{ default: PortalPlugin<any> }>>;

export function enabledPluginIds(config: PortalConfig): string[] {
  return Object.entries(config.plugins)
    .filter(([, entry]) => entry.enabled !== false)
    .map(([id]) => id);
}

/** Orders plugins so each comes after what it `dependsOn`; a missing or cyclic dependency is a boot error. */
export function orderByDependencies(plugins: PortalPlugin<any>[]): PortalPlugin<any>[] {
  const byId = new Map(plugins.map((p) => [p.id, p]));
  const problems: string[] = [];
  for (const p of plugins) {
    for (const dep of p.dependsOn ?? []) {
      if (!byId.has(dep)) problems.push(`Plugin "${p.id}" depends on "${dep}", which is not enabled`);
    }
  }
  if (problems.length) throw new BootError(problems);
  const ordered: PortalPlugin<any>[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (p: PortalPlugin<any>, trail: string[]) => {
    if (state.get(p.id) === 'done') return;
    if (state.get(p.id) === 'visiting') throw new BootError([`Plugins depend on each other in a cycle: ${[...trail, p.id].join(' → ')}`]);
    state.set(p.id, 'visiting');
    for (const dep of p.dependsOn ?? []) visit(byId.get(dep)!, [...trail, p.id]);
    state.set(p.id, 'done');
    ordered.push(p);
  };
  plugins.forEach((p) => visit(p, []));
  return ordered;
}

function duplicates(ids: string[]): string[] {
  return [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
}

/** Applies the config's overrides (by id) to one plugin's routes and menu. */
export function resolvePlugin(plugin: PortalPlugin<any>, config: PortalConfig): LoadedPlugin {
  const entry = config.plugins[plugin.id] ?? { enabled: true };
  const context: PluginContext<any> = {
    pluginId: plugin.id,
    config,
    settings: { ...(plugin.defaultSettings ?? {}), ...(entry.settings ?? {}) },
  };
  const routes = (plugin.routes?.(context) ?? []).map((route) => ({
    ...route,
    path: entry.routes?.[route.id]?.path ?? route.path,
  }));
  const menu = (plugin.menu?.(context) ?? [])
    .map((item) => ({ ...item, order: entry.menu?.[item.id]?.order ?? item.order }))
    .filter((item) => !entry.menu?.[item.id]?.hidden);
  return { plugin, context, routes, menu };
}

/** Everything the enabled plugins contribute, checked for clashes. */
export interface PluginRegistry {
  plugins: LoadedPlugin[];
  routes: PortalRoute[];
  menu: PortalMenuItem[];
  /** Role rules by qualified id: plugin defaults, replaced by `plugins.<id>.roles` from config. */
  roleRules: Record<string, RoleRule>;
  /** The path of a route, by id: links never hard-code paths. */
  href(routeId: string): string;
}

export function buildRegistry(plugins: PortalPlugin<any>[], config: PortalConfig): PluginRegistry {
  const loaded = orderByDependencies(plugins).map((p) => resolvePlugin(p, config));
  const routes = loaded.flatMap((l) => l.routes);
  const menu = loaded.flatMap((l) => l.menu).sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  const problems = [
    ...duplicates(routes.map((r) => r.id)).map((id) => `Route id "${id}" is declared more than once`),
    ...duplicates(routes.map((r) => r.path)).map((path) => `Route path "${path}" is declared more than once`),
    ...duplicates(menu.map((m) => m.id)).map((id) => `Menu item id "${id}" is declared more than once`),
  ];
  const routeIds = new Set(routes.map((r) => r.id));
  for (const item of menu) {
    if (!routeIds.has(item.routeId)) problems.push(`Menu item "${item.id}" opens unknown route "${item.routeId}"`);
  }
  for (const route of routes) {
    if (route.redirectTo && !routeIds.has(route.redirectTo)) {
      problems.push(`Route "${route.id}" redirects to unknown route "${route.redirectTo}"`);
    }
  }
  const roleRules: Record<string, RoleRule> = {};
  for (const l of loaded) {
    Object.assign(roleRules, l.plugin.roleRules ?? {}, config.plugins[l.plugin.id]?.roles ?? {});
  }
  for (const r of [...routes, ...menu]) {
    if (r.access && !roleRules[r.access]) problems.push(`"${r.id}" needs role rule "${r.access}", which no plugin defines`);
  }
  if (problems.length) throw new BootError(problems);
  const paths = new Map(routes.map((r) => [r.id, r.path]));
  return {
    plugins: loaded,
    routes,
    menu,
    roleRules,
    href(routeId) {
      const path = paths.get(routeId);
      if (!path) throw new Error(`Unknown route id "${routeId}"`);
      return path;
    },
  };
}

/** Loads the enabled plugins' definitions in parallel (each one its own chunk) and builds the registry. */
export async function loadPlugins(config: PortalConfig, loaders: PluginLoaders): Promise<PluginRegistry> {
  const ids = enabledPluginIds(config);
  const missing = ids.filter((id) => !loaders[id]);
  if (missing.length) throw new BootError(missing.map((id) => `Plugin "${id}" is enabled but not part of this build`));
  const modules = await Promise.all(ids.map((id) => loaders[id]!()));
  const plugins = modules.map((m, i) => {
    if (m.default.id !== ids[i]) throw new BootError([`Plugin folder "${ids[i]}" declares id "${m.default.id}"`]);
    return m.default;
  });
  return buildRegistry(plugins, config);
}
