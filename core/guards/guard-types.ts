import type { PortalConfig, RoleRule } from '../config/portal-config';
import type { RouteLinks } from '../plugin/well-known-routes';
import type { SessionStore } from '../session/session-store';

export type GuardName =
  'authenticated' | 'orgSelected' | 'role' | 'portalAccess' | 'signedOut' | (string & {});

export interface GuardContext {
  session: SessionStore;
  config: PortalConfig;
  /** The URL the user wanted, path + search, kept as `toUrl` on redirects. */
  wantedUrl: string;
  /** The route's role rule, already merged with config overrides. */
  rule?: RoleRule;
  /** Paths by route id and of the well-known pages: a redirect never hard-codes another plugin's path. */
  routes: RouteLinks;
}

export type GuardResult =
  | { allow: true }
  | { redirect: string }
  /** Stay on the URL but show a denial message (i18n key in `core`). */
  | { denyKey: string };

/**
 * A named guard. Core registers `authenticated`, `orgSelected`, `role`, `portalAccess` and `signedOut`;
 * plugins may add their own through `PortalPlugin.guards`.
 */
export interface GuardDefinition {
  name: GuardName;
  check(context: GuardContext): GuardResult;
}
