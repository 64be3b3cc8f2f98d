/**
 * A session signed in and inside a business organisation, for plugins' component tests (each plugin's testing
 * fixtures use it through `renderWithPortal({ session })`): what the app layout's guards need to open a page.
 */
import type { OrganizationSummary, RegionalConfig, SessionStore } from '@core';

/** The business organisation the session enters. */
export const ORG_ID = 'org-1';
export const ORG_NAME = 'Acme Pty Ltd';

export interface SignedInOptions {
  /** Other accounts the list holds beside the organisation (a personal account, another organisation…). */
  otherAccounts?: OrganizationSummary[];
  /** The entry answer's regional settings (time zone, time format). */
  regionalConfig?: RegionalConfig;
}

/**
 * Signed in and inside {@link ORG_NAME} with `role`, as `SessionStore.selectOrganization` leaves it; `permissions`
 * are what entering it answered (left out: the role's built-in defaults).
 */
export function inOrganization(role = 'owner', permissions?: string[], options: SignedInOptions = {}) {
  return (session: SessionStore): void => {
    session.logIn({ accessToken: 'access', refreshToken: 'refresh' });
    session.setOrganizations([
      ...(options.otherAccounts ?? []),
      {
        organizationId: ORG_ID,
        organizationName: ORG_NAME,
        accountType: 'business',
        role,
        enabled: true,
        portals: { kreanoAccount: { hasAccess: true } },
      },
    ]);
    session.selectOrganization(
      { organizationId: ORG_ID, role, permissions },
      { accessToken: 'org-access', refreshToken: 'org-refresh' },
      undefined,
      options.regionalConfig ?? null,
    );
  };
}
