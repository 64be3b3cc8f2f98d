import type { PluginContext, PortalConfig } from '@core';
import authPlugin from './index';

const context = { pluginId: 'auth', config: {} as PortalConfig, settings: {} } as PluginContext<
  Record<string, unknown>
>;
const routes = authPlugin.routes!(context);

describe('auth plugin definition', () => {
  it('declares exactly the authentication routes of docs/screens-and-routes.md, in the auth layout', () => {
    expect(
      routes.map(({ id, path, layout, guards }) => ({ id, path, layout, guards: guards ?? [] })),
    ).toEqual([
      { id: 'auth.login', path: '/login', layout: 'auth', guards: ['signedOut'] },
      { id: 'auth.sign-up', path: '/sign-up', layout: 'auth', guards: [] },
      { id: 'auth.forgot-password', path: '/forgot-password', layout: 'auth', guards: [] },
      { id: 'auth.email-confirmation', path: '/email-confirmation', layout: 'auth', guards: [] },
      { id: 'auth.email-verification', path: '/email-verification', layout: 'auth', guards: [] },
      { id: 'auth.email-change', path: '/email-change', layout: 'auth', guards: [] },
      { id: 'auth.email-change-undo', path: '/email-change/undo', layout: 'auth', guards: [] },
      { id: 'auth.security-verification', path: '/security-verification', layout: 'auth', guards: [] },
      { id: 'auth.reset-password', path: '/reset-password', layout: 'auth', guards: [] },
      { id: 'auth.orgs', path: '/orgs', layout: 'auth', guards: ['authenticated'] },
      { id: 'auth.token-auth', path: '/token-auth', layout: 'auth', guards: [] },
      { id: 'auth.signup-invite', path: '/signup/invite', layout: 'auth', guards: [] },
      { id: 'auth.invite', path: '/invite', layout: 'auth', guards: [] },
      { id: 'auth.two-factor', path: '/two-factor', layout: 'auth', guards: ['authenticated'] },
    ]);
  });

  it('loads every page lazily, each module default-exporting its component', async () => {
    for (const route of routes) {
      expect(route.load, route.id).toBeTypeOf('function');
      const page = await route.load!();
      // A function component, or an object one (observer, memo).
      expect(['function', 'object'], route.id).toContain(typeof page.default);
      expect(page.default, route.id).toBeTruthy();
    }
  });

  it('binds its API so pages can resolve it', () => {
    const bound: unknown[] = [];
    authPlugin.bindings!(
      {
        singleton: (id) => bound.push(id),
        constant: (id) => bound.push(id),
        factory: (id) => bound.push(id),
        lazySingleton: (id) => bound.push(id),
      },
      context,
    );
    expect(bound).toContain(Symbol.for('auth.api'));
  });
});
