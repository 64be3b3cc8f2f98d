import { parseConfig } from '../config/load-config';
import { BootError, buildRegistry, loadPlugins, orderByDependencies } from './plugin-host';
import type { PortalPlugin } from './plugin-types';

const page = async () => ({ default: () => null });

function plugin(id: string, extra: Partial<PortalPlugin> = {}): PortalPlugin {
  return {
    id,
    routes: () => [{ id: `${id}.page`, path: `/${id}`, layout: 'app', load: page }],
    menu: () => [{ id: `${id}.menu`, routeId: `${id}.page`, labelKey: 'menu' }],
    ...extra,
  };
}

// The plugins here are made up in the test, so the schema (which knows only real plugins) is applied to the rest.
const config = (plugins: Record<string, object> = {}) => ({
  ...parseConfig({ apiBaseUrl: '/' }),
  plugins: Object.fromEntries(Object.entries(plugins).map(([id, entry]) => [id, { enabled: true, ...entry }])),
});

function problems(run: () => unknown): string[] {
  try {
    run();
  } catch (e) {
    if (e instanceof BootError) return e.problems;
    throw e;
  }
  throw new Error('expected a BootError');
}

describe('plugin host', () => {
  it('orders plugins after what they depend on', () => {
    const ordered = orderByDependencies([plugin('c', { dependsOn: ['b'] }), plugin('b', { dependsOn: ['a'] }), plugin('a')]);
    expect(ordered.map((p) => p.id)).toEqual(['a', 'b', 'c']);
  });

  it('names a missing dependency and a cycle', () => {
    expect(problems(() => orderByDependencies([plugin('a', { dependsOn: ['ghost'] })]))).toEqual([
      'Plugin "a" depends on "ghost", which is not enabled',
    ]);
    expect(problems(() => orderByDependencies([plugin('a', { dependsOn: ['b'] }), plugin('b', { dependsOn: ['a'] })]))[0]).toMatch(
      /cycle: a → b → a/,
    );
  });

  it('names duplicate route and menu ids', () => {
    const clash: PortalPlugin = {
      id: 'b',
      routes: () => [{ id: 'a.page', path: '/other', layout: 'app', load: page }],
      menu: () => [{ id: 'a.menu', routeId: 'a.page', labelKey: 'x' }],
    };
    expect(problems(() => buildRegistry([plugin('a'), clash], config()))).toEqual([
      'Route id "a.page" is declared more than once',
      'Menu item id "a.menu" is declared more than once',
    ]);
  });

  it('applies config overrides by id: route path, menu order and hiding, role rules', () => {
    const p = plugin('billing', {
      roleRules: { 'billing.view': { anyOf: ['owner', 'admin'] } },
      menu: () => [
        { id: 'billing.menu', routeId: 'billing.page', labelKey: 'menu', order: 1 },
        { id: 'billing.extra', routeId: 'billing.page', labelKey: 'extra', order: 2 },
      ],
    });
    const registry = buildRegistry(
      [p],
      config({
        billing: {
          routes: { 'billing.page': { path: '/money' } },
          menu: { 'billing.extra': { hidden: true } },
          roles: { 'billing.view': { anyOf: ['owner'] } },
        },
      }),
    );
    expect(registry.href('billing.page')).toBe('/money');
    expect(registry.menu.map((m) => m.id)).toEqual(['billing.menu']);
    expect(registry.roleRules['billing.view']).toEqual({ anyOf: ['owner'] });
  });

  it('never loads a disabled plugin', async () => {
    const onLoader = vi.fn(async () => ({ default: plugin('on') }));
    const offLoader = vi.fn(async () => ({ default: plugin('off') }));
    const cfg = config({ on: {}, off: { enabled: false } });
    const registry = await loadPlugins(cfg, { on: onLoader, off: offLoader });
    expect(onLoader).toHaveBeenCalledOnce();
    expect(offLoader).not.toHaveBeenCalled();
    expect(registry.routes.map((r) => r.id)).toEqual(['on.page']);
  });

  it('rejects a menu item or a route access that points nowhere', () => {
    const broken: PortalPlugin = {
      id: 'x',
      routes: () => [{ id: 'x.page', path: '/x', layout: 'app', load: page, access: 'x.nobody' }],
      menu: () => [{ id: 'x.menu', routeId: 'x.missing', labelKey: 'm' }],
    };
    expect(problems(() => buildRegistry([broken], config()))).toEqual([
      'Menu item "x.menu" opens unknown route "x.missing"',
      '"x.page" needs role rule "x.nobody", which no plugin defines',
    ]);
  });
});
