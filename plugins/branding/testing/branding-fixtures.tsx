/**
 * Test support for the branding plugin's component tests (not shipped: only tests import it). Renders the real host
 * and app layout around the real plugin, inside a business organisation, with HTTP faked by MSW.
 */
// Static antd toasts render nothing under React 19 without the patch (the app entry imports it first too).
import '@ant-design/v5-patch-for-react-19';
import type { PortalBranding } from '@contract/v1/branding';
import { endpoints } from '@contract/v1/endpoints';
import { PORTAL_KEYS } from '@contract/v1/constants';
import { screen } from '@testing-library/react';
import { answer, type Recorded } from '../../../tests/msw/recorded-answers';
import { renderWithPortal } from '../../../tests/render-with-portal';
import { inOrganization } from '../../../tests/signed-in-organization';
import { stubAuthPlugin } from '../../../tests/stub-auth-plugin';
import brandingPlugin from '../index';

export { ORG_ID } from '../../../tests/signed-in-organization';
export { answer, type Recorded } from '../../../tests/msw/recorded-answers';

const NAMES: Record<string, string> = {
  kreanoAccount: 'Kreano Account',
  kreanoMods: 'Kreano Mods',
  kreanoRedact: 'Kreano Redact',
  kreanoSign: 'Kreano Sign',
  kreanoId: 'Kreano ID',
  kreanoExtract: 'Kreano Extract',
  dataExchange: 'Data Exchange',
};

/** Every portal of the catalogue with the product defaults, `patch` laid over the account portal. */
export function portals(patch: Partial<PortalBranding> = {}): PortalBranding[] {
  return PORTAL_KEYS.map((key) => ({
    portalId: `portal-${key}`,
    portalKey: key,
    portalName: NAMES[key]!,
    primaryColor: null,
    secondaryColor: null,
    textColor: null,
    logo: null,
    darkLogo: null,
    updatedAt: null,
    ...(key === 'kreanoAccount' ? patch : {}),
  }));
}

/** GET /v1/branding answering `list`. */
export function savedBranding(list: PortalBranding[] = portals()): Recorded {
  return answer(endpoints.branding, { portals: list });
}

export async function renderBranding(
  url = '/branding',
  options: { role?: string; permissions?: string[]; language?: string; heading?: boolean } = {},
) {
  const view = await renderWithPortal({
    plugins: [stubAuthPlugin, brandingPlugin],
    url,
    language: options.language,
    session: inOrganization(options.role ?? 'owner', options.permissions),
  });
  // The first render of a file imports the app layout (antd's Layout and Menu) cold, which is slow on two shared cores.
  if (options.heading !== false) await screen.findByRole('heading', { level: 1 }, { timeout: 60_000 });
  return view;
}

/** A file whose bytes are a 1 × 1 PNG, as a person would pick it. */
export function pngFile(name = 'logo.png'): File {
  const bytes = Uint8Array.from(
    atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
    (c) => c.charCodeAt(0),
  );
  return new File([bytes], name, { type: 'image/png' });
}
