/**
 * A session signed in and inside a business organisation, for plugins' component tests (each plugin's testing
 * fixtures use it through `renderWithPortal({ session })`): what the app layout's guards need to open a page.
 */
import { RecentAnswers, SessionStore, type OrganizationSummary, type RegionalConfig } from '@core';

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

/**
 * For stores' unit tests: a session signed in and inside {@link ORG_ID}, with the page answers it remembers (core
 * `RecentAnswers`), fresh for each test and disposed after it. Call at the top of a `describe`; read the
 * fields inside the tests. `enter(id)` moves the session to another organisation.
 */
export function rememberedAnswersPerTest(): { session: SessionStore; answers: RecentAnswers; enter: (id: string) => void } {
  const state = {} as { session: SessionStore; answers: RecentAnswers; enter: (id: string) => void };
  beforeEach(() => {
    state.session = new SessionStore(window.localStorage);
    state.enter = (organizationId) =>
      state.session.selectOrganization(
        { organizationId, role: 'owner' },
        { accessToken: `a-${organizationId}`, refreshToken: 'r' },
      );
    state.session.logIn({ accessToken: 'a', refreshToken: 'r' });
    state.enter(ORG_ID);
    state.answers = new RecentAnswers(state.session);
  });
  afterEach(() => state.session.dispose());
  return state;
}
