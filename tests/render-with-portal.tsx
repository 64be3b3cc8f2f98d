import type { DeploymentFacts } from '../core/config/deployment-facts';
import { StyleProvider } from '@ant-design/cssinjs';
import { configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { pluginLoaders } from 'virtual:portal-plugins';
import { composeContainer, PortalProviders } from '../core/app/boot';
import { createRoutes } from '../core/app/create-routes';
import { parseConfig } from '../core/config/parse-config';
import type { PortalConfig } from '../core/config/portal-config';
import { buildRegistry } from '../core/plugin/plugin-host';
import type { AnyPortalPlugin } from '../core/plugin/plugin-types';
import { SessionStore } from '../core/session/session-store';
import { ThemeStore } from '../core/theme/theme-store';
import { trackSession } from './setup/rendered-sessions';
import { createTestI18n } from './setup/test-i18n';

/**
 * Where antd's css-in-js puts its styles in these tests: an element outside the document. jsdom lays nothing out
 * and antd's styles decide no behaviour a test checks, but jsdom matched every one of their rules (~800 KB of CSS
 * once a worker had rendered a few pages) on each `getComputedStyle`, which Testing Library's role queries and
 * user-event call for every element they look at: half of the web tests' time (docs/performance.md, "The test
 * run"). Styles and their look are checked in a browser, by the end-to-end tests.
 */
const detachedStyles = document.createElement('div');

/**
 * How long `findBy…` and `waitFor` wait once a page is rendered here: the first render of an app page (the app layout,
 * antd and the plugin's lazy page) takes up to ~13 s in jsdom on two busy cores. renderWithPortal sets it, so a
 * test needs no number of its own. A limit, not an expectation: a page that is there sooner passes sooner.
 */
export const PAGE_FIND_TIMEOUT_MS = 20_000;

/**
 * What a test that renders a page needs around it: room for that first render and a few `findBy…`.
 * @example
 * describe('history page', PAGE_TEST_OPTIONS, () => { it('lists the bills', async () => { … }) });
 */
export const PAGE_TEST_OPTIONS = { timeout: 60_000 } as const;

export interface RenderPortalOptions {
  plugins?: AnyPortalPlugin[];
  /** Merged over a minimal valid config; every listed plugin is enabled unless `plugins.<id>` says otherwise. */
  config?: Record<string, unknown>;
  url?: string;
  language?: string;
  /** An i18n of the test's own (core's `createI18n` with held loaders, say) instead of every text loaded at once. */
  i18n?: I18n;
  /** Arrange the session before the first render (log in, select an organisation…). */
  session?: (session: SessionStore) => void;
  /** What the server would say about the deployment (simulated services). */
  deployment?: DeploymentFacts;
}

/**
 * Renders the real host — config validation, plugin registry, guards, layouts, DI, i18n — around the given
 * plugins, on a memory router. HTTP goes through the real client; fake it with MSW, never with module mocks.
 */
export async function renderWithPortal(options: RenderPortalOptions = {}) {
  configure({ asyncUtilTimeout: PAGE_FIND_TIMEOUT_MS });
  const plugins = options.plugins ?? [];
  const entries: Record<string, object> = {
    ...Object.fromEntries(plugins.map((p) => [p.id, { enabled: true }])),
    ...((options.config?.plugins as Record<string, object>) ?? {}),
  };
  // Plugins of the build are validated like in production; plugins a test defines inline are passed through.
  const known = (id: string) => id in pluginLoaders;
  const config: PortalConfig = parseConfig({
    apiBaseUrl: 'http://localhost',
    ...options.config,
    plugins: Object.fromEntries(Object.entries(entries).filter(([id]) => known(id))),
  });
  for (const [id, entry] of Object.entries(entries)) {
    if (!known(id)) config.plugins[id] = { enabled: true, ...entry };
  }
  const enabled = plugins.filter((p) => config.plugins[p.id]?.enabled !== false);
  const registry = buildRegistry(enabled, config);
  const session = new SessionStore(window.localStorage);
  trackSession(session);
  options.session?.(session);
  const i18n = options.i18n ?? createTestI18n(options.language);
  const theme = new ThemeStore();
  const container = composeContainer({
    config,
    registry,
    session,
    i18n,
    theme,
    deployment: options.deployment,
  });
  const router = createMemoryRouter(createRoutes(registry, i18n), {
    initialEntries: [options.url ?? '/'],
  });
  const user = userEvent.setup();
  const view = render(
    <StyleProvider container={detachedStyles}>
      <PortalProviders container={container} i18n={i18n}>
        <RouterProvider router={router} />
      </PortalProviders>
    </StyleProvider>,
  );
  return {
    ...view,
    router,
    session,
    container,
    config,
    registry,
    theme,
    user,
    dispose: () => session.dispose(),
  };
}
