import { readFileSync } from 'node:fs';
import type { BrowserContext, Page, Route } from '@playwright/test';

const shipped = JSON.parse(readFileSync('portal.config.json', 'utf8')) as Record<string, unknown>;

/** The fixture plugins on, `fixture-off` listed but disabled: the set most host tests run with. */
export const withFixtures = {
  plugins: { 'fixture-hello': { enabled: true }, 'fixture-off': { enabled: false } },
};

/**
 * Serves `body` as the deployment's `portal.config.json` to a page or a whole context, in place of the config the
 * server puts into each page (server/web/portal-document.ts): pages lose that config and its preload links, so
 * they fetch /portal.config.json, answered here. Returns what undoes both routes.
 */
export async function routeConfig(target: Page | BrowserContext, body: string): Promise<() => Promise<void>> {
  const serveConfig = (route: Route) => route.fulfill({ contentType: 'application/json', body });
  const isPage = (url: URL) => !url.pathname.startsWith('/v1/') && !/\.\w+$/.test(url.pathname);
  const withoutServerConfig = async (route: Route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /<!-- portal-document -->[\s\S]*<!-- \/portal-document -->/,
      '',
    );
    return route.fulfill({ response, body: html });
  };
  await target.route('**/portal.config.json', serveConfig);
  await target.route(isPage, withoutServerConfig);
  return async () => {
    await target.unroute('**/portal.config.json', serveConfig);
    await target.unroute(isPage, withoutServerConfig);
  };
}

/**
 * Serves a deployment's `portal.config.json` for this page: the shipped one with `overrides` laid over it,
 * or exactly `raw` when given (to test broken configs). The portal reads it at run time, so no rebuild.
 */
export async function useConfig(
  page: Page,
  overrides: Record<string, unknown> = {},
  raw?: unknown,
): Promise<void> {
  await routeConfig(page, JSON.stringify(raw ?? { ...shipped, ...overrides }));
}

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A stored session as the portal persists it: logged in, an organisation selected, a token valid for an hour. */
export async function useStoredSession(page: Page, role = 'owner'): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const token = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sub: 'u1', iat: now, exp: now + 3600 })}.signature`;
  const state = {
    isOrgSelected: true,
    isUserLoggedIn: true,
    logo: null,
    accessToken: token,
    refreshToken: 'refresh',
    twoFactorConfigInfo: null,
    twoFactorEnabled: false,
    twoFactorEnabledInOrg: false,
    organizationId: 'org-1',
    role,
    organizations: [
      {
        organizationId: 'org-1',
        organizationName: 'Acme Pty Ltd',
        accountType: 'business',
        role,
        enabled: true,
        portals: { kreanoAccount: { hasAccess: true } },
        branding: null,
      },
    ],
    portals: [],
  };
  await page.addInitScript(
    (value) => window.localStorage.setItem('portal-session', value),
    JSON.stringify(state),
  );
}

/**
 * How long the first entry into the app layout (a full page load, or choosing an organisation) may take to show the
 * page: the layout's first render is ~2 s of script at 1x on a 2-core machine and went past 10 s beside the other
 * worker (docs/performance.md, "The test run").
 */
export const COLD_APP_LAYOUT_MS = 20_000;
