import type { i18n as I18n } from 'i18next';
import { StrictMode, useState, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router-dom';
import { pluginLoaders } from 'virtual:portal-plugins';
import { Captcha, ConfiguredCaptcha } from '../captcha';
import { DeploymentFacts, readDeploymentFacts } from '../config/deployment-facts';
import { fetchConfig, readInjectedTexts } from '../config/load-config';
import { PSEUDO_LOCALE } from '../i18n/pseudo-locale-code';
import { PortalConfig } from '../config/portal-config';
import { createPortalContainer, type PortalContainer } from '../di/container';
import { ServiceProvider } from '../di/use-service';
import { coreGuards } from '../guards/core-guards';
import { GuardRegistry } from '../guards/guard-registry';
import { bindCoreHttp, LazyHttpClient } from '../http';
import { createI18n } from '../i18n/i18n';
import { i18nTranslator, Translator } from '../i18n/translator';
import { IdleSessionController } from '../idle/idle-session-controller';
import {
  BootError,
  loadPlugins,
  type PluginLoaders,
  type PluginRegistry as Registry,
} from '../plugin/plugin-host';
import { createBindingAudit, pluginBinder } from '../plugin/plugin-binder';
import { PluginRegistry } from '../plugin/plugin-registry-token';
import { loadRoutePreloads } from '../plugin/route-preloads';
import { RecentAnswers } from '../session/recent-answers';
import { SessionStore } from '../session/session-store';
import { followSessionBranding, loadConfiguredTheme, ThemeRoot, ThemeStore } from '../theme';
import { loadAntdLocale } from '../theme/antd-locale-loaders';
import { AntdNotifier } from '../ui/antd-notifier';
import { Notifier } from '../ui/notifier';
import { BootErrorPage } from './boot-error-page';
import { createRoutes } from './create-routes';

export interface PortalParts {
  config: PortalConfig;
  registry: Registry;
  session: SessionStore;
  i18n: I18n;
  theme: ThemeStore;
  /** What the server said about the deployment (simulated services); none when it said nothing. */
  deployment?: DeploymentFacts;
}

/**
 * Binds core services, the guard registry and every plugin's bindings. Shared by the app and the test harness.
 * Throws a BootError when a plugin binds a token it does not own.
 */
export function composeContainer({
  config,
  registry,
  session,
  i18n,
  theme,
  deployment,
}: PortalParts): PortalContainer {
  const container = createPortalContainer();
  container.constant(PortalConfig, config);
  container.constant(DeploymentFacts, deployment ?? { simulatedServices: [] });
  container.constant(SessionStore, session);
  container.constant(RecentAnswers, new RecentAnswers(session));
  container.constant(PluginRegistry, registry);
  container.constant(Translator, i18nTranslator(i18n));
  container.singleton(Notifier, AntdNotifier);
  container.constant(ThemeStore, theme);
  followSessionBranding(theme, session);
  const guards = new GuardRegistry(coreGuards);
  registry.plugins.forEach(({ plugin }) => plugin.guards?.forEach((g) => guards.register(g)));
  container.constant(GuardRegistry, guards);
  bindCoreHttp(container);
  container.singleton(IdleSessionController, IdleSessionController);
  container.singleton(Captcha, ConfiguredCaptcha);
  // Each plugin binds through a binder that refuses tokens it does not own; every refusal is a boot problem.
  const audit = createBindingAudit();
  for (const { plugin, context } of registry.plugins)
    plugin.bindings?.(pluginBinder(container, plugin.id, audit), context);
  if (audit.problems.length) throw new BootError(audit.problems);
  return container;
}

export interface BootedPortal {
  container: PortalContainer;
  registry: Registry;
  i18n: I18n;
  config: PortalConfig;
}

/**
 * Starts the portal: config (validated), session, theme, i18n, the enabled plugins (each its own chunk),
 * their DI bindings, then the router. Every step that can fail for a deployer's reason throws a BootError.
 */
export async function bootPortal(
  options: { configUrl?: string; loaders?: PluginLoaders } = {},
): Promise<BootedPortal> {
  const config = withPseudoLocaleInDevelopment(await fetchConfig(options.configUrl));
  const session = new SessionStore(window.localStorage);
  // A portal that does not start keeps no session listening to storage.
  function abandon(error: unknown): never {
    session.dispose();
    throw error;
  }
  const [registry, i18n, themeColors] = await Promise.all([
    loadPlugins(config, options.loaders ?? (pluginLoaders as PluginLoaders)),
    createI18n({ ...config.i18n, inline: readInjectedTexts() }),
    loadConfiguredTheme(config.theme).catch((error: Error) => {
      throw error instanceof BootError ? error : new BootError([`/theme/preset: ${error.message}`], 'config');
    }),
  ]).catch(abandon);

  // antd's texts for a language other than English are a chunk of their own: fetched now, they are there by the
  // time an antd screen (the app layout, a dialog) opens, instead of arriving after it.
  void loadAntdLocale(i18n.language);
  i18n.on('languageChanged', (language) => void loadAntdLocale(language));

  let container: PortalContainer;
  try {
    container = composeContainer({
      config,
      registry,
      session,
      i18n,
      theme: new ThemeStore(themeColors),
      deployment: readDeploymentFacts(),
    });
  } catch (error) {
    abandon(error);
  }
  document.title = config.brandName;
  return { container, registry, i18n, config };
}

/** The providers every portal tree needs: services, texts, theme. The test harness uses the same. */
export function PortalProviders({
  container,
  i18n,
  children,
}: {
  container: PortalContainer;
  i18n: I18n;
  children: ReactNode;
}) {
  return (
    <ServiceProvider container={container}>
      <I18nextProvider i18n={i18n}>
        <ThemeRoot>{children}</ThemeRoot>
      </I18nextProvider>
    </ServiceProvider>
  );
}

export function PortalApp({ portal }: { portal: BootedPortal }) {
  const [routes] = useState(() => createRoutes(portal.registry, portal.i18n));
  return (
    <StrictMode>
      <PortalProviders container={portal.container} i18n={portal.i18n}>
        <BrowserRouter>
          <RouteTree routes={routes} />
        </BrowserRouter>
      </PortalProviders>
    </StrictMode>
  );
}

function RouteTree({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * Renders the portal, or the full-page error that lists every problem (also logged to the console).
 * `options` (config URL, plugin loaders) are for tests; the app passes none.
 */
export async function startPortal(
  root: Root,
  options: Parameters<typeof bootPortal>[0] = {},
): Promise<BootedPortal | null> {
  try {
    const portal = await bootPortal(options);
    root.render(<PortalApp portal={portal} />);
    // After first paint: load the HTTP pipeline, which schedules the pre-expiry refresh of a restored session,
    // and the list of the chunks each page needs.
    window.setTimeout(() => {
      void portal.container.get(LazyHttpClient).warmUp();
      if (import.meta.env.PROD) void loadRoutePreloads();
    }, 0);
    return portal;
  } catch (error) {
    const bootError =
      error instanceof BootError ? error : new BootError([String((error as Error)?.message ?? error)]);
    console.error(`Portal start-up failed:\n${bootError.problems.join('\n')}`);
    root.render(<BootErrorPage error={bootError} />);
    return null;
  }
}

/**
 * `npm run dev` offers the pseudo-locale in the language switcher (docs/translating.md); a build offers it only
 * when `i18n.languages` lists it.
 */
function withPseudoLocaleInDevelopment(config: PortalConfig): PortalConfig {
  if (import.meta.env.MODE !== 'development' || config.i18n.languages.includes(PSEUDO_LOCALE)) return config;
  return { ...config, i18n: { ...config.i18n, languages: [...config.i18n.languages, PSEUDO_LOCALE] } };
}
