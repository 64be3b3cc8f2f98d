import { isPermission } from '@contract/v1/permissions';
import type { PortalConfig, RoleRule } from '../config/portal-config';
import { coreGuards } from '../guards/core-guards';
import type { AnyPortalPlugin, LoadedPlugin, PluginContext, PortalMenuItem, PortalRoute } from './plugin-types';
import { resolveSlots, type RouteSlotEntry, type RouteSlotName } from './route-slots';
import {
  REQUIRED_WELL_KNOWN_ROUTES,
  WELL_KNOWN_ROUTES,
  type RouteLinks,
  type WellKnownRoute,
} from './well-known-routes';

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

export type PluginLoaders = Record<string, () => Promise<{ default: AnyPortalPlugin }>>;

export function enabledPluginIds(config: PortalConfig): string[] {
  return Object.entries(config.plugins)
    .filter(([, entry]) => entry.enabled !== false)
    .map(([id]) => id);
}

/** Orders plugins so each comes after what it `dependsOn`; a missing or cyclic dependency is a boot error. */
export function orderByDependencies(plugins: AnyPortalPlugin[]): AnyPortalPlugin[] {
  const byId = new Map(plugins.map((p) => [p.id, p]));
  const problems: string[] = [];
  for (const p of plugins) {
    for (const dep of p.dependsOn ?? []) {
      if (!byId.has(dep)) problems.push(`Plugin "${p.id}" depends on "${dep}", which is not enabled`);
    }
  }
  if (problems.length) throw new BootError(problems);
  const ordered: AnyPortalPlugin[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (p: AnyPortalPlugin, trail: string[]) => {
    if (state.get(p.id) === 'done') return;
    if (state.get(p.id) === 'visiting')
      throw new BootError([`Plugins depend on each other in a cycle: ${[...trail, p.id].join(' → ')}`]);
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
export function resolvePlugin(plugin: AnyPortalPlugin, config: PortalConfig): LoadedPlugin {
  const entry = config.plugins[plugin.id] ?? { enabled: true };
  const context: PluginContext<object> = {
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

/** Everything the enabled plugins contribute, checked for clashes. Links are built from it by route id. */
export interface PluginRegistry extends RouteLinks {
  plugins: LoadedPlugin[];
  routes: PortalRoute[];
  menu: PortalMenuItem[];
  /** Role rules by qualified id: plugin defaults, replaced by `plugins.<id>.roles` from config. */
  roleRules: Record<string, RoleRule>;
  /** The routes attached to a slot, in order, before any role rule is applied (`<RouteSlot>` filters them). */
  slotEntries(name: RouteSlotName): RouteSlotEntry[];
}

/** Which route provides each well-known page; a name provided twice or a required one missing is a boot problem. */
function resolveWellKnown(routes: PortalRoute[], problems: string[]): Map<WellKnownRoute, PortalRoute> {
  const providers = new Map<WellKnownRoute, PortalRoute>();
  for (const route of routes) {
    if (!route.provides) continue;
    if (!(route.provides in WELL_KNOWN_ROUTES)) {
      problems.push(
        `Route "${route.id}" provides "${String(route.provides)}", which is not a well-known route`,
      );
      continue;
    }
    const earlier = providers.get(route.provides);
    if (earlier)
      problems.push(
        `Routes "${earlier.id}" and "${route.id}" both provide the well-known route "${route.provides}"`,
      );
    else providers.set(route.provides, route);
  }
  for (const name of REQUIRED_WELL_KNOWN_ROUTES) {
    if (!providers.has(name))
      problems.push(
        `No enabled plugin provides the well-known route "${name}" (a route with provides: "${name}")`,
      );
  }
  return providers;
}

/** Guards must exist at boot, not when the page that names them first renders. */
function checkGuards(plugins: LoadedPlugin[], routes: PortalRoute[], problems: string[]): void {
  const owners = new Map<string, string>(coreGuards.map((g) => [g.name, 'core']));
  for (const { plugin } of plugins) {
    for (const guard of plugin.guards ?? []) {
      const owner = owners.get(guard.name);
      if (owner)
        problems.push(
          `Plugin "${plugin.id}" registers guard "${guard.name}", which ${owner === 'core' ? 'core' : `plugin "${owner}"`} already registers`,
        );
      else owners.set(guard.name, plugin.id);
    }
  }
  for (const route of routes) {
    for (const name of route.guards ?? []) {
      if (!owners.has(name)) problems.push(`Route "${route.id}" uses unknown guard "${name}"`);
    }
  }
}

/** `landingRoute` when a page serves it, else the page that provides `landing`, else `landingRoute` as configured. */
function landingPathOf(
  config: PortalConfig,
  routes: PortalRoute[],
  providers: Map<WellKnownRoute, PortalRoute>,
): string {
  const configured = config.landingRoute;
  const configuredPath = configured.split(/[?#]/)[0];
  if (routes.some((r) => r.path === configuredPath)) return configured;
  return providers.get('landing')?.path ?? configured;
}

export function buildRegistry(plugins: AnyPortalPlugin[], config: PortalConfig): PluginRegistry {
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
    if (!routeIds.has(item.routeId))
      problems.push(`Menu item "${item.id}" opens unknown route "${item.routeId}"`);
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
  for (const [id, rule] of Object.entries(roleRules)) {
    for (const permission of rule.permissions ?? [])
      if (!isPermission(permission)) problems.push(`Role rule "${id}" names unknown permission "${permission}"`);
  }
  for (const r of [...routes, ...menu]) {
    if (r.access && !roleRules[r.access])
      problems.push(`"${r.id}" needs role rule "${r.access}", which no plugin defines`);
  }
  checkGuards(loaded, routes, problems);
  const providers = resolveWellKnown(routes, problems);
  const slots = resolveSlots(routes, problems);
  if (problems.length) throw new BootError(problems);
  const paths = new Map<string, string>(routes.map((r) => [r.id, r.path]));
  const href = (routeId: string) => {
    const path = paths.get(routeId);
    if (!path) throw new Error(`Unknown route id "${routeId}"`);
    return path;
  };
  return {
    plugins: loaded,
    routes,
    menu,
    roleRules,
    slotEntries: (name) => slots.get(name) ?? [],
    href,
    has: (routeId) => paths.has(routeId),
    wellKnownHref: ((name: WellKnownRoute) => providers.get(name)?.path) as RouteLinks['wellKnownHref'],
    landingPath: landingPathOf(config, routes, providers),
  };
}

/** Loads the enabled plugins' definitions in parallel (each one its own chunk) and builds the registry. */
export async function loadPlugins(config: PortalConfig, loaders: PluginLoaders): Promise<PluginRegistry> {
  const ids = enabledPluginIds(config);
  const missing = ids.filter((id) => !loaders[id]);
  if (missing.length)
    throw new BootError(missing.map((id) => `Plugin "${id}" is enabled but not part of this build`));
  const modules = await Promise.all(ids.map((id) => loaders[id]!()));
  const plugins = modules.map((m, i) => {
    if (m.default.id !== ids[i])
      throw new BootError([`Plugin folder "${ids[i]}" declares id "${m.default.id}"`]);
    return m.default;
  });
  return buildRegistry(plugins, config);
}
