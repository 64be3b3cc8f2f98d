import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

const shipped = JSON.parse(readFileSync('portal.config.json', 'utf8')) as Record<string, unknown>;

/** The fixture plugins on, `fixture-off` listed but disabled: the set most host tests run with. */
export const withFixtures = {
  plugins: { 'fixture-hello': { enabled: true }, 'fixture-off': { enabled: false } },
};

/**
 * Serves a deployment's `portal.config.json` for this page: the shipped one with `overrides` laid over it,
 * or exactly `raw` when given (to test broken configs). The portal fetches it at run time, so no rebuild.
 */
export async function useConfig(page: Page, overrides: Record<string, unknown> = {}, raw?: unknown): Promise<void> {
  const body = JSON.stringify(raw ?? { ...shipped, ...overrides });
  await page.route('**/portal.config.json', (route) => route.fulfill({ contentType: 'application/json', body }));
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
  await page.addInitScript((value) => window.localStorage.setItem('portal-session', value), JSON.stringify(state));
}
