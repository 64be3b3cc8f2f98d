/**
 * Test support for the organisation plugin's component tests (not shipped: only tests import it). Renders the real
 * host and app layout around the real plugin, inside a business organisation, with HTTP faked by MSW.
 */
// Static antd toasts render nothing under React 19 without the patch (the app entry imports it first too).
import '@ant-design/v5-patch-for-react-19';
import type { MemberRow } from '@contract/v1/organization-members';
import type { Role } from '@contract/v1/organization-acl';
import { screen } from '@testing-library/react';
import { renderWithPortal, type RenderPortalOptions } from '../../../tests/render-with-portal';
import { inOrganization as signedIn } from '../../../tests/signed-in-organization';
import { stubAuthPlugin } from '../../../tests/stub-auth-plugin';
import organisationPlugin from '../index';

export { ORG_ID, ORG_NAME } from '../../../tests/signed-in-organization';

/** Signed in and inside Acme with `role`, a personal account beside it (see the shared `inOrganization`). */
export function inOrganization(role = 'owner', permissions?: string[]) {
  return signedIn(role, permissions, {
    otherAccounts: [
      {
        organizationId: 'personal-1',
        organizationName: 'Jane Citizen',
        accountType: 'personal',
        role: 'owner',
        enabled: true,
        portals: { kreanoAccount: { hasAccess: true } },
      },
    ],
  });
}

export { answer, myAccess, refuse, type Recorded } from '../../../tests/msw/recorded-answers';

export const ROLES: Role[] = [
  { id: 'owner', name: 'Owner', builtIn: true, locked: true, members: 1 },
  { id: 'admin', name: 'Admin', builtIn: true, locked: false, members: 1 },
  { id: 'member', name: 'Member', builtIn: true, locked: false, members: 2 },
  { id: 'role-7', name: 'Auditor', builtIn: false, locked: false, members: 0 },
];

export function member(patch: Partial<MemberRow> & Pick<MemberRow, 'id' | 'email'>): MemberRow {
  return {
    kind: 'member',
    name: null,
    role: 'member',
    status: 'active',
    date: '2026-01-10T01:00:00.000Z',
    expiresAt: null,
    isSelf: false,
    ...patch,
    roleName: patch.roleName ?? patch.role ?? 'member',
  };
}

export async function renderOrganisation(
  url: string,
  options: { role?: string; language?: string; config?: RenderPortalOptions['config'] } = {},
) {
  const view = await renderWithPortal({
    plugins: [stubAuthPlugin, organisationPlugin],
    url,
    language: options.language,
    config: options.config,
    session: inOrganization(options.role ?? 'owner'),
  });
  // The first render of a file imports the app layout (antd's Layout and Menu) cold, which is slow on two shared cores.
  await screen.findByRole('heading', { level: 1 }, { timeout: 60_000 });
  return view;
}
