import { canAccess, hasPortalAccess } from './access';
import type { GuardContext, GuardDefinition, GuardResult } from './guard-types';

const allow: GuardResult = { allow: true };

function withToUrl(path: string, wantedUrl: string): string {
  return `${path}?${new URLSearchParams({ toUrl: wantedUrl }).toString()}`;
}

/**
 * Not logged in: to the `sign-in` page, keeping the wanted URL as `toUrl`; without it after a Logout, which
 * interrupted no visit (the page's guard sees the session end before the logout's own navigation lands).
 */
export const authenticated: GuardDefinition = {
  name: 'authenticated',
  check: ({ session, wantedUrl, routes }) => {
    if (session.isUserLoggedIn) return allow;
    const signIn = routes.wellKnownHref('sign-in');
    return { redirect: session.endedByUser ? signIn : withToUrl(signIn, wantedUrl) };
  },
};

/** Logged in without an organisation: to the `account-selection` page, keeping the wanted URL as `toUrl`. */
export const orgSelected: GuardDefinition = {
  name: 'orgSelected',
  check: ({ session, wantedUrl, routes }) =>
    session.isOrgSelected && session.organizationId
      ? allow
      : { redirect: withToUrl(routes.wellKnownHref('account-selection'), wantedUrl) },
};

/** The route's role rule (plugin default merged with config) must allow the active organisation's role. */
export const role: GuardDefinition = {
  name: 'role',
  check: ({ session, rule }: GuardContext) =>
    canAccess(rule, session.accessSubject) ? allow : { denyKey: 'guards.roleDenied' },
};

/** The active organisation must have access to this deployment's portal (docs/organisation-selection.md). */
export const portalAccess: GuardDefinition = {
  name: 'portalAccess',
  check: ({ session, config }) => {
    const org = session.activeOrganization;
    // Without the cached organisation list we cannot tell; the server enforces access on every call anyway.
    if (!org) return allow;
    return hasPortalAccess(org, config.portalKey) ? allow : { denyKey: 'guards.portalDenied' };
  },
};

/**
 * For the sign-in page: someone signed in with an organisation chosen (a bookmark, the back button) is not shown the
 * form again but goes to the landing page, or to the `toUrl` the link carries. A session without an organisation is
 * let through: the sign-in page's own login and the account-selection page's way out (it leaves for this page and
 * ends the session as it unmounts) pass through that state.
 */
export const signedOut: GuardDefinition = {
  name: 'signedOut',
  check: ({ session, config, wantedUrl }) => {
    if (!session.isUserLoggedIn || !session.isOrgSelected || !session.organizationId) return allow;
    const toUrl = new URL(wantedUrl, 'http://portal.invalid').searchParams.get('toUrl');
    return { redirect: toUrl?.startsWith('/') && !toUrl.startsWith('//') ? toUrl : config.landingRoute };
  },
};

export const coreGuards: GuardDefinition[] = [authenticated, orgSelected, role, portalAccess, signedOut];
