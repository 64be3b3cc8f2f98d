import Fastify from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { composeConfigSchema, discoverPlugins, pluginRoots } from '../../tooling/portal-schema';
import type { RouteManifest } from '../../tooling/route-manifest';
import type { InjectedConfig } from '../../contract/portal-config/injected-config';
import type { App } from '../http/types';
import { createTestApp } from '../test/test-app';
import { registerStaticSite } from './static-site';

// A build as Vite writes it, reduced to what the document reads: index.html, the manifest, and the two files the
// portal's build plugin adds (tooling/vite-portal-plugins.ts). The schema is the real composed one.
const folder = mkdtempSync(join(tmpdir(), 'portal-document-'));
const webRoot = join(folder, 'dist');
const configFile = join(folder, 'portal.config.json');
mkdirSync(join(webRoot, '.vite'), { recursive: true });
writeFileSync(
  join(webRoot, 'index.html'),
  '<!doctype html>\n<html>\n  <head>\n    <title>Account portal</title>\n    <script type="module" crossorigin src="/assets/index.js"></script>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
);
const chunk = (file: string, imports: string[] = [], extra: object = {}) => ({
  file: `assets/${file}`,
  imports,
  ...extra,
});
writeFileSync(
  join(webRoot, '.vite/manifest.json'),
  JSON.stringify({
    'index.html': chunk('index.js', ['_react.js'], { isEntry: true, css: ['assets/index.css'] }),
    '_react.js': chunk('react.js'),
    '_form.js': chunk('form.js', ['_react.js'], { css: ['assets/form.css'] }),
    '_pro-layout.js': chunk('pro-layout.js', ['_react.js']),
    'plugins/auth/index.ts': chunk('plugin-auth.js', ['_react.js']),
    'plugins/apps/index.ts': chunk('plugin-apps.js', ['_react.js']),
    'plugins/billing/index.ts': chunk('plugin-billing.js', ['_react.js']),
    'plugins/auth/pages/login-page.tsx': chunk('login-page.js', ['_form.js']),
    'plugins/apps/pages/apps-page.tsx': chunk('apps-page.js', ['_react.js']),
    'plugins/billing/pages/history-page.tsx': chunk('history-page.js', ['_pro-layout.js']),
    'core/layout/auth-layout.tsx': chunk('auth-layout.js', ['_react.js']),
    'core/layout/app-layout.tsx': chunk('app-layout.js', ['_pro-layout.js']),
    'themes/default.json': chunk('theme-default.js'),
    'themes/ocean.json': chunk('theme-ocean.js'),
  }),
);
const routes: RouteManifest = {
  plugins: [
    {
      id: 'auth',
      entry: 'plugins/auth/index.ts',
      routes: [
        { id: 'auth.login', path: '/login', layout: 'auth', page: 'plugins/auth/pages/login-page.tsx' },
      ],
    },
    {
      id: 'apps',
      entry: 'plugins/apps/index.ts',
      routes: [
        { id: 'apps.dashboard', path: '/dashboard', layout: 'app', redirectTo: 'apps.list' },
        { id: 'apps.list', path: '/dashboard/apps', layout: 'app', page: 'plugins/apps/pages/apps-page.tsx' },
      ],
    },
    {
      id: 'billing',
      entry: 'plugins/billing/index.ts',
      routes: [
        {
          id: 'billing.history',
          path: '/billing/history',
          layout: 'app',
          page: 'plugins/billing/pages/history-page.tsx',
        },
      ],
    },
  ],
};
writeFileSync(join(webRoot, '.vite/portal-routes.json'), JSON.stringify(routes));
writeFileSync(
  join(webRoot, '.vite/portal-config.schema.json'),
  JSON.stringify(composeConfigSchema(discoverPlugins(pluginRoots()))),
);

// The deployment's texts (LOCALES_DIR): what the page carries inline for its first paint.
const localesDir = join(folder, 'locales');
const texts = {
  en: { core: { hello: 'Hello' }, auth: { login: 'Log in' }, apps: { title: 'Apps' }, billing: { title: 'Billing' } },
  fr: { core: { hello: 'Bonjour' }, auth: { login: 'Connexion' } },
};
for (const [language, namespaces] of Object.entries(texts)) {
  mkdirSync(join(localesDir, language), { recursive: true });
  for (const [namespace, values] of Object.entries(namespaces))
    writeFileSync(join(localesDir, language, `${namespace}.json`), JSON.stringify(values));
}

const deployed = {
  brandName: 'Kreano',
  apiBaseUrl: '/',
  plugins: { auth: {}, apps: {}, billing: { enabled: false } },
};

/** What these tests read of the page's config (core's PortalConfig is browser code). */
interface PageConfig {
  brandName: string;
  landingRoute: string;
  authLayout: { variant: number };
  theme: { colors: object };
}

let app: App;
beforeEach(async () => {
  writeFileSync(configFile, JSON.stringify(deployed));
  app = Fastify() as unknown as App;
  // As server/app.ts wires it: page paths reach the portal through the not-found handler (history fallback).
  const sendPortal = (await registerStaticSite(app, webRoot, configFile, undefined, null, localesDir))!;
  app.setNotFoundHandler((request, reply) => sendPortal(request, reply));
});
afterEach(() => app.close());
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function page(path: string) {
  const response = await app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
  const html = response.body;
  const data = /<script type="application\/json" id="portal-config">([^<]*)<\/script>/.exec(html)?.[1];
  const preloaded = [
    ...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="\/assets\/([^"]+)"/g),
  ].map((m) => m[1]);
  return {
    response,
    html,
    injected: data ? (JSON.parse(data) as InjectedConfig<PageConfig>) : null,
    preloaded,
  };
}

describe("index.html carries the deployment's configuration", () => {
  it('validated, with the defaults the browser would have filled in', async () => {
    const { response, injected } = await page('/login');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(injected).not.toBeNull();
    if (!injected || !('config' in injected)) throw new Error('expected a configuration');
    expect(injected.config.brandName).toBe('Kreano');
    // Defaults from the schema, as the browser's validator fills them in.
    expect(injected.config.landingRoute).toBe('/dashboard');
    expect(injected.config.authLayout.variant).toBe(1);
    expect(injected.warnings).toEqual([]);
  });

  it('compressed for a browser that accepts brotli or gzip, and plain otherwise', async () => {
    const plain = await page('/login');
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const response = await app.inject({
        method: 'GET',
        url: '/login',
        headers: { accept: 'text/html', 'accept-encoding': encoding },
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('accept-encoding');
      expect(decode(response.rawPayload).toString('utf8')).toBe(plain.html);
      expect(response.rawPayload.length).toBeLessThan(plain.html.length / 2);
    }
    expect(plain.response.headers['content-encoding']).toBeUndefined();
  });

  it('as the file is at this request: a swapped config shows on the next page load, without a restart', async () => {
    writeFileSync(
      configFile,
      JSON.stringify({ ...deployed, brandName: 'Acme Docs', authLayout: { variant: 4 } }),
    );
    const { injected } = await page('/login');
    expect(
      injected && 'config' in injected && [injected.config.brandName, injected.config.authLayout.variant],
    ).toEqual(['Acme Docs', 4]);
  });

  it('an invalid config reaches the page as its problems, with their paths, and nothing is preloaded', async () => {
    writeFileSync(configFile, JSON.stringify({ ...deployed, authLayout: { variant: 5 } }));
    const { injected, preloaded } = await page('/login');
    expect(injected).toEqual({ problems: [expect.stringContaining('/authLayout/variant')] });
    expect(preloaded).toEqual([]);
  });

  it('a bad theme colour is dropped with a warning for the console, like the browser does', async () => {
    writeFileSync(
      configFile,
      JSON.stringify({ ...deployed, theme: { preset: 'default', colors: { primary: 'navy' } } }),
    );
    const { injected } = await page('/login');
    if (!injected || !('config' in injected)) throw new Error('expected a configuration');
    expect(injected.config.theme.colors).toEqual({});
    expect(injected.warnings).toEqual([
      expect.stringContaining('/theme/colors/primary: "navy" is not a hex colour'),
    ]);
  });

  it('no value in the config can close the data element and run as script', async () => {
    writeFileSync(
      configFile,
      JSON.stringify({ ...deployed, brandName: '</script><script>alert(1)</script>' }),
    );
    const { html, injected } = await page('/login');
    expect(html).not.toContain('<script>alert(1)');
    expect(injected && 'config' in injected && injected.config.brandName).toBe(
      '</script><script>alert(1)</script>',
    );
  });
});

describe('index.html is white-labelled before any script runs', () => {
  it("is titled with the brand name and painted in the theme's colours", async () => {
    const product = await page('/404');
    writeFileSync(configFile, JSON.stringify({ ...deployed, brandName: 'Acme Docs', theme: { preset: 'ocean' } }));
    const { html, response } = await page('/404');
    expect(html).toContain('<title>Acme Docs</title>');
    expect(html).not.toContain('Account portal');
    expect(html).toContain('<meta name="theme-color" content="#006D77">');
    expect(html).toMatch(/<style id="portal-look">[^<]*--portal-primary:#006D77[^<]*html,body\{background:#F5F7FB;color:#102A2F\}/);
    // The inline style needs nothing new from the policy.
    expect(response.headers['content-security-policy']).toBe(product.response.headers['content-security-policy']);
    expect(product.html).toContain('<title>Kreano</title>');
    expect(product.html).toContain('--portal-primary:#0B1F44');
  });

  it('lays theme.colors over the preset, and a brand name cannot write markup', async () => {
    writeFileSync(
      configFile,
      JSON.stringify({
        ...deployed,
        brandName: '</title><script>alert(1)</script>',
        theme: { preset: 'ocean', colors: { primary: '#123456', textPrimary: 'red' } },
      }),
    );
    const { html } = await page('/maintenance');
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(html).toContain('--portal-primary:#123456');
    expect(html).toContain('color:#102A2F}');
  });
});

describe('index.html lists what the first paint of its path needs', () => {
  it("/login: enabled plugins' definitions, theme, texts, the auth layout and the login page with its imports", async () => {
    const { preloaded } = await page('/login');
    expect(preloaded.sort()).toEqual(
      [
        'plugin-auth.js',
        'plugin-apps.js',
        'theme-default.js',
        'auth-layout.js',
        'login-page.js',
        'form.js',
        'form.css',
      ].sort(),
    );
  });

  it("never the dashboard's or a disabled plugin's code on the login page, nor what index.html already loads", async () => {
    const { preloaded } = await page('/login');
    expect(preloaded).not.toContain('apps-page.js');
    expect(preloaded).not.toContain('app-layout.js');
    expect(preloaded).not.toContain('plugin-billing.js');
    expect(preloaded).not.toContain('react.js');
    expect(preloaded).not.toContain('index.css');
  });

  it('an app route: the app layout and its page, following a redirect route to the page it shows', async () => {
    const direct = await page('/dashboard/apps');
    expect(direct.preloaded).toEqual(
      expect.arrayContaining(['app-layout.js', 'pro-layout.js', 'apps-page.js']),
    );
    const redirected = await page('/dashboard');
    expect(redirected.preloaded.sort()).toEqual(direct.preloaded.sort());
  });

});

describe('index.html carries the texts its first paint shows (issue #37 item 1)', () => {
  const inline = async (path: string) => {
    const { injected } = await page(path);
    if (!injected || !('config' in injected)) throw new Error('expected a configuration');
    return injected.texts;
  };

  it("/login: the default language's core and auth texts, read from the locale folder", async () => {
    expect(await inline('/login')).toEqual({ language: 'en', resources: { core: texts.en.core, auth: texts.en.auth } });
    
  });

  it("an app route: every enabled plugin's texts, which the side menu's labels need, and no disabled plugin's", async () => {
    expect(Object.keys((await inline('/dashboard/apps'))!.resources).sort()).toEqual(['apps', 'auth', 'core']);
    writeFileSync(configFile, JSON.stringify({ ...deployed, plugins: { ...deployed.plugins, billing: {} } }));
    expect((await inline('/dashboard/apps'))!.resources.billing).toEqual(texts.en.billing);
    expect((await inline('/login'))!.resources.billing).toBeUndefined();
  });

  it('the configured default language, and a namespace it lacks left for the portal to fetch (its fallback)', async () => {
    writeFileSync(
      configFile,
      JSON.stringify({ ...deployed, i18n: { languages: ['en', 'fr'], defaultLanguage: 'fr' } }),
    );
    expect(await inline('/dashboard/apps')).toEqual({
      language: 'fr',
      resources: { core: texts.fr.core, auth: texts.fr.auth },
    });
  });

  it('as the files are at this request: an edited text shows at the next page load, without a restart', async () => {
    const file = join(localesDir, 'en', 'core.json');
    try {
      writeFileSync(file, JSON.stringify({ hello: 'Hello again, and longer' }));
      expect((await inline('/login'))!.resources.core).toEqual({ hello: 'Hello again, and longer' });
    } finally {
      writeFileSync(file, JSON.stringify(texts.en.core));
    }
  });

  it('a default language the switcher does not offer is a problem with its path, not a page of raw keys', async () => {
    writeFileSync(configFile, JSON.stringify({ ...deployed, i18n: { languages: ['en', 'fr'], defaultLanguage: 'de' } }));
    const { injected } = await page('/login');
    expect(injected).toEqual({ problems: [expect.stringMatching(/^\/i18n\/defaultLanguage: "de" is not one of/)] });
  });
});

describe('index.html lists what the first paint of its path needs (continued)', () => {
  it('follows a path moved by the config (routes by id) and the configured language and theme', async () => {
    writeFileSync(
      configFile,
      JSON.stringify({
        ...deployed,
        theme: { preset: 'ocean' },
        i18n: { languages: ['en', 'fr'], defaultLanguage: 'fr' },
        plugins: { ...deployed.plugins, auth: { routes: { 'auth.login': { path: '/sign-in' } } } },
      }),
    );
    expect((await page('/sign-in')).preloaded).toEqual(expect.arrayContaining(['login-page.js', 'theme-ocean.js']));
    expect((await page('/login')).preloaded).not.toContain('login-page.js');
  });

  it('a path no route serves: only what every page needs', async () => {
    const { preloaded } = await page('/nowhere');
    expect(preloaded.sort()).toEqual(['plugin-apps.js', 'plugin-auth.js', 'theme-default.js']);
  });
});

/** #34 item 5: what ALLOW_SIMULATED let a production server start on reaches the page, for the admins' banner. */
describe('the simulated services a production deployment runs on', () => {
  const withOutsideServices = {
    ...deployed,
    plugins: { auth: {}, apps: {}, billing: {}, 'two-factor': {}, 'kyc-kyb': { enabled: false } },
  };

  async function injectedBy(env: Record<string, string>) {
    writeFileSync(configFile, JSON.stringify(withOutsideServices));
    const server = await createTestApp({ env: { WEB_ROOT: webRoot, PORTAL_CONFIG: configFile, ...env } });
    try {
      const response = await server.inject({
        method: 'GET',
        url: '/login',
        headers: { accept: 'text/html' },
      });
      const data = /<script type="application\/json" id="portal-config">([^<]*)<\/script>/.exec(
        response.body,
      )?.[1];
      return JSON.parse(data!) as InjectedConfig;
    } finally {
      await server.close();
    }
  }

  it("lists the enabled plugins' simulations in production, and nothing outside it", async () => {
    const production = await injectedBy({ NODE_ENV: 'production', ALLOW_SIMULATED: 'payments,sms,identity' });
    expect(production).toMatchObject({ simulatedServices: ['payments', 'sms'] });
    const development = await injectedBy({});
    expect(development).not.toHaveProperty('simulatedServices');
  });
});

/** #34 item 1: the payment screens learn the card processor from the page, and only Stripe's page may load Stripe. */
describe('the card processor the payment screens load', () => {
  const stripeEnv = {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_never_in_the_page',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_in_the_page',
    STRIPE_WEBHOOK_SECRET: 'whsec_never_in_the_page',
  };

  async function pageWith(env: Record<string, string>) {
    writeFileSync(configFile, JSON.stringify(deployed));
    const server = await createTestApp({ env: { WEB_ROOT: webRoot, PORTAL_CONFIG: configFile, ...env } });
    try {
      const response = await server.inject({
        method: 'GET',
        url: '/login',
        headers: { accept: 'text/html' },
      });
      const data = /<script type="application\/json" id="portal-config">([^<]*)<\/script>/.exec(
        response.body,
      )?.[1];
      return {
        body: response.body,
        injected: JSON.parse(data!) as InjectedConfig,
        csp: String(response.headers['content-security-policy']),
      };
    } finally {
      await server.close();
    }
  }
  const directive = (csp: string, name: string) =>
    csp
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name} `)) ?? '';

  it("with Stripe: the provider and its publishable key, never a secret, and Stripe's script, frames and API allowed", async () => {
    const { body, injected, csp } = await pageWith(stripeEnv);
    expect(injected).toMatchObject({
      payments: { provider: 'stripe', publishableKey: 'pk_test_in_the_page' },
    });
    expect(body).not.toContain('sk_test_never_in_the_page');
    expect(body).not.toContain('whsec_never_in_the_page');
    expect(directive(csp, 'script-src')).toContain('https://js.stripe.com');
    expect(directive(csp, 'frame-src')).toContain('https://js.stripe.com');
    expect(directive(csp, 'frame-src')).toContain('https://hooks.stripe.com');
    expect(directive(csp, 'connect-src')).toContain('https://api.stripe.com');
  });

  it('with the test provider: no processor in the page and nothing of Stripe allowed', async () => {
    const { injected, csp } = await pageWith({});
    expect(injected).not.toHaveProperty('payments');
    expect(csp).not.toContain('stripe.com');
  });
});
