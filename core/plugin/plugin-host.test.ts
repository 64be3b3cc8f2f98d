import { parseConfig } from '../config/parse-config';
import { BootError, buildRegistry, loadPlugins, orderByDependencies } from './plugin-host';
import type { PortalPlugin } from './plugin-types';
import type { RouteId } from './route-ids';
import type { RouteSlotName } from './route-slots';

const page = async () => ({ default: () => null });

function plugin(id: string, extra: Partial<PortalPlugin> = {}): PortalPlugin {
  // A plugin made up for the test: its route id is built from its id, which no declaration can list.
  const pageId = `${id}.page` as RouteId;
  return {
    id,
    routes: () => [{ id: pageId, path: `/${id}`, layout: 'app', load: page }],
    menu: () => [{ id: `${id}.menu`, routeId: pageId, labelKey: 'menu' }],
    ...extra,
  };
}

/** Provides the well-known pages every portal needs, so each test adds only what it is about. */
const gateway: PortalPlugin = {
  id: 'gateway',
  routes: () => [
    { id: 'gateway.sign-in', path: '/sign-in', layout: 'auth', provides: 'sign-in', load: page },
    { id: 'gateway.accounts', path: '/accounts', layout: 'auth', provides: 'account-selection', load: page },
  ],
};

// The plugins here are made up in the test, so the schema (which knows only real plugins) is applied to the rest.
const config = (plugins: Record<string, object> = {}) => ({
  ...parseConfig({ apiBaseUrl: '/' }),
  plugins: Object.fromEntries(
    Object.entries(plugins).map(([id, entry]) => [id, { enabled: true, ...entry }]),
  ),
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
    const ordered = orderByDependencies([
      plugin('c', { dependsOn: ['b'] }),
      plugin('b', { dependsOn: ['a'] }),
      plugin('a'),
    ]);
    expect(ordered.map((p) => p.id)).toEqual(['a', 'b', 'c']);
  });

  it('names a missing dependency and a cycle', () => {
    expect(problems(() => orderByDependencies([plugin('a', { dependsOn: ['ghost'] })]))).toEqual([
      'Plugin "a" depends on "ghost", which is not enabled',
    ]);
    expect(
      problems(() =>
        orderByDependencies([plugin('a', { dependsOn: ['b'] }), plugin('b', { dependsOn: ['a'] })]),
      )[0],
    ).toMatch(/cycle: a → b → a/);
  });

  it('names duplicate route and menu ids', () => {
    const clash: PortalPlugin = {
      id: 'b',
      routes: () => [{ id: 'a.page', path: '/other', layout: 'app', load: page }],
      menu: () => [{ id: 'a.menu', routeId: 'a.page', labelKey: 'x' }],
    };
    expect(problems(() => buildRegistry([gateway, plugin('a'), clash], config()))).toEqual([
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
      [gateway, p],
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
    const cfg = config({ gateway: {}, on: {}, off: { enabled: false } });
    const registry = await loadPlugins(cfg, {
      gateway: async () => ({ default: gateway }),
      on: onLoader,
      off: offLoader,
    });
    expect(onLoader).toHaveBeenCalledOnce();
    expect(offLoader).not.toHaveBeenCalled();
    expect(registry.routes.map((r) => r.id)).toEqual(['gateway.sign-in', 'gateway.accounts', 'on.page']);
  });

  it('rejects a menu item or a route access that points nowhere', () => {
    const broken: PortalPlugin = {
      id: 'x',
      routes: () => [{ id: 'x.page', path: '/x', layout: 'app', load: page, access: 'x.nobody' }],
      // An id no plugin declares: the compiler refuses it in code, the boot check catches it in a config.
      menu: () => [{ id: 'x.menu', routeId: 'x.missing' as RouteId, labelKey: 'm' }],
    };
    expect(problems(() => buildRegistry([gateway, broken], config()))).toEqual([
      'Menu item "x.menu" opens unknown route "x.missing"',
      '"x.page" needs role rule "x.nobody", which no plugin defines',
    ]);
  });

  it('rejects a role rule that names a permission the catalogue does not have (a typo would shut everybody out)', () => {
    const billing = plugin('billing', { roleRules: { 'billing.view': { permissions: ['billing.view'] } } });
    expect(() => buildRegistry([gateway, billing], config())).not.toThrow();
    const typo = config({ billing: { roles: { 'billing.view': { permissions: ['biling.view'] } } } });
    expect(problems(() => buildRegistry([gateway, billing], typo))).toEqual([
      'Role rule "billing.view" names unknown permission "biling.view"',
    ]);
  });

  describe('well-known routes', () => {
    it('names each required well-known route nobody provides', () => {
      expect(problems(() => buildRegistry([plugin('a')], config()))).toEqual([
        'No enabled plugin provides the well-known route "sign-in" (a route with provides: "sign-in")',
        'No enabled plugin provides the well-known route "account-selection" (a route with provides: "account-selection")',
      ]);
    });

    it('refuses two providers of one well-known route', () => {
      const rival: PortalPlugin = {
        id: 'rival',
        routes: () => [
          { id: 'rival.login', path: '/rival-login', layout: 'auth', provides: 'sign-in', load: page },
        ],
      };
      expect(problems(() => buildRegistry([gateway, rival], config()))).toEqual([
        'Routes "gateway.sign-in" and "rival.login" both provide the well-known route "sign-in"',
      ]);
    });

    it('follows a provider moved by config, and leaves optional ones undefined when nobody provides them', () => {
      const registry = buildRegistry(
        [gateway],
        config({ gateway: { routes: { 'gateway.sign-in': { path: '/welcome' } } } }),
      );
      expect(registry.wellKnownHref('sign-in')).toBe('/welcome');
      expect(registry.wellKnownHref('account-selection')).toBe('/accounts');
      expect(registry.wellKnownHref('create-organization')).toBeUndefined();
      expect(registry.wellKnownHref('security-settings')).toBeUndefined();
    });

    it('lands on landingRoute when a page serves it, else on the page that provides landing', () => {
      const home: PortalPlugin = {
        id: 'home',
        routes: () => [
          { id: 'home.start', path: '/start', layout: 'app', provides: 'landing', load: page },
          { id: 'home.other', path: '/other', layout: 'app', load: page },
        ],
      };
      expect(buildRegistry([gateway, home], { ...config(), landingRoute: '/other' }).landingPath).toBe(
        '/other',
      );
      expect(buildRegistry([gateway, home], { ...config(), landingRoute: '/dashboard' }).landingPath).toBe(
        '/start',
      );
    });
  });

  describe('guards', () => {
    it('names a route guard that nobody registers at boot, not when the page renders', () => {
      const guarded: PortalPlugin = {
        id: 'g',
        routes: () => [
          { id: 'g.page', path: '/g', layout: 'app', guards: ['authenticated', 'kycDone'], load: page },
        ],
      };
      expect(problems(() => buildRegistry([gateway, guarded], config()))).toEqual([
        'Route "g.page" uses unknown guard "kycDone"',
      ]);
    });

    it('accepts a guard a plugin registers, and refuses one registered twice', () => {
      const kyc: PortalPlugin = {
        id: 'kyc',
        guards: [{ name: 'kycDone', check: () => ({ allow: true }) }],
        routes: () => [{ id: 'kyc.page', path: '/kyc', layout: 'app', guards: ['kycDone'], load: page }],
      };
      expect(buildRegistry([gateway, kyc], config()).routes.map((r) => r.id)).toContain('kyc.page');
      const copy: PortalPlugin = {
        id: 'copy',
        guards: [{ name: 'kycDone', check: () => ({ allow: true }) }],
      };
      const shadow: PortalPlugin = {
        id: 'shadow',
        guards: [{ name: 'authenticated', check: () => ({ allow: true }) }],
      };
      expect(problems(() => buildRegistry([gateway, kyc, copy, shadow], config()))).toEqual([
        'Plugin "copy" registers guard "kycDone", which plugin "kyc" already registers',
        'Plugin "shadow" registers guard "authenticated", which core already registers',
      ]);
    });
  });
  describe('route slots', () => {
    it('lists the routes attached to a slot in order, with their plugin namespace and configured path', () => {
      const area: PortalPlugin = {
        id: 'area',
        routes: () => [
          {
            id: 'area.b',
            path: '/b',
            layout: 'app',
            attachTo: { slot: 'user-area', labelKey: 'b', order: 20 },
            load: page,
          },
          {
            id: 'area.a',
            path: '/a',
            layout: 'app',
            attachTo: { slot: 'user-area', labelKey: 'a', order: 10 },
            load: page,
          },
        ],
      };
      const registry = buildRegistry(
        [gateway, area],
        config({ area: { routes: { 'area.b': { path: '/moved' } } } }),
      );
      expect(registry.slotEntries('user-area').map((e) => [e.routeId, e.path, e.namespace])).toEqual([
        ['area.a', '/a', 'area'],
        ['area.b', '/moved', 'area'],
      ]);
      expect(registry.slotEntries('billing-area')).toEqual([]);
    });

    it('refuses an unknown slot name at boot', () => {
      const typo: PortalPlugin = {
        id: 'typo',
        routes: () => [
          {
            id: 'typo.page',
            path: '/t',
            layout: 'app',
            // Not a slot name: the type refuses it, boot must catch it from plain JavaScript or a cast too.
            attachTo: { slot: 'user-aera' as RouteSlotName, labelKey: 'x' },
            load: page,
          },
        ],
      };
      expect(problems(() => buildRegistry([gateway, typo], config()))).toEqual([
        'Route "typo.page" attaches to "user-aera", which is not a route slot',
      ]);
    });
  });
});
