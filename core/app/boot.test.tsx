import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { pluginLoaders } from 'virtual:portal-plugins';
import fixtureHello from '../../tests/fixtures/plugins/fixture-hello';
import { localeFiles } from '../../tests/msw/locale-files';
import { server } from '../../tests/msw/server';
import { HttpClient } from '../http/http-client';
import type { PluginLoaders } from '../plugin/plugin-host';
import type { PortalPlugin } from '../plugin/plugin-types';
import { SessionStore } from '../session/session-store';
import { startPortal, type BootedPortal } from './boot';

const CONFIG_URL = 'http://localhost/portal.config.json';

function serveConfig(config: object) {
  server.use(
    http.get(CONFIG_URL, () => HttpResponse.json({ apiBaseUrl: '/', ...config })),
    // The portal reads its texts over HTTP, as from the API server (server/web/locale-files.ts).
    localeFiles(),
  );
}

const load = (plugin: PortalPlugin) => async () => ({ default: plugin });

let root: Root | null = null;
const started: BootedPortal[] = [];
let host: HTMLElement | null = null;

/** Starts the portal as the app entry does, and returns what the deployer sees on the page and in the console. */
async function start(replaced: PluginLoaders = {}) {
  const loaders = { ...(pluginLoaders as PluginLoaders), ...replaced };
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  host = document.body.appendChild(document.createElement('div'));
  const target = createRoot(host);
  root = target;
  const portal = await act(() => startPortal(target, { configUrl: CONFIG_URL, loaders }));
  if (portal) started.push(portal);
  return { console: logged.mock.calls.map((call) => call.join(' ')).join('\n') };
}

afterEach(() => {
  act(() => root?.unmount());
  started.splice(0).forEach((portal) => portal.container.get(SessionStore).dispose());
  host?.remove();
  root = null;
  host = null;
  vi.restoreAllMocks();
});

describe('boot failures (the full-page error a deployer sees)', () => {
  it('names a required well-known route that no enabled plugin provides', async () => {
    // The deployer switched off the plugin that provides the sign-in and account-selection pages.
    serveConfig({ plugins: { auth: { enabled: false }, sso: { enabled: false } } });
    const { console } = await start();
    expect(screen.getByRole('heading', { name: 'The portal could not start' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'No enabled plugin provides the well-known route "sign-in" (a route with provides: "sign-in")',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'No enabled plugin provides the well-known route "account-selection" (a route with provides: "account-selection")',
      ),
    ).toBeInTheDocument();
    expect(console).toContain('well-known route "sign-in"');
  });

  it('names the plugin and the token when a plugin binds a token it does not own', async () => {
    serveConfig({ plugins: { 'fixture-hello': {} } });
    const rogue: PortalPlugin = {
      ...fixtureHello,
      bindings: (bind) => bind.constant(HttpClient, {} as HttpClient),
    } as PortalPlugin;
    await start({ 'fixture-hello': load(rogue) });
    expect(screen.getByRole('heading', { name: 'The portal could not start' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Plugin "fixture-hello" binds token "core.http-client", which it does not own (its tokens are named "fixture-hello.…")',
      ),
    ).toBeInTheDocument();
  });

  it('names a guard that nobody registers before any page renders', async () => {
    serveConfig({ plugins: { 'fixture-hello': {} } });
    const guarded: PortalPlugin = {
      ...fixtureHello,
      routes: (ctx) =>
        (fixtureHello.routes?.(ctx as never) ?? []).map((route) =>
          route.id === 'fixture-hello.page' ? { ...route, guards: ['kycApproved'] } : route,
        ),
    } as PortalPlugin;
    await start({ 'fixture-hello': load(guarded) });
    expect(screen.getByRole('heading', { name: 'The portal could not start' })).toBeInTheDocument();
    expect(
      screen.getByText('Route "fixture-hello.page" uses unknown guard "kycApproved"'),
    ).toBeInTheDocument();
  });

  it('starts when nothing is wrong: the empty path shows a visitor the sign-in page', async () => {
    serveConfig({ plugins: { 'fixture-hello': {} } });
    await start();
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(screen.queryByRole('heading', { name: 'The portal could not start' })).not.toBeInTheDocument();
  });
});
