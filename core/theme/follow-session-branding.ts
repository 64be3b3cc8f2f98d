import { compareStructural, reaction } from 'mobx';
import type { SessionStore } from '../session/session-store';
import type { ThemeStore } from './theme-store';

/**
 * Keeps the theme in step with the session: the active organisation's branding while one is selected,
 * the configured preset otherwise (logout, another tab logging out, a reload before selection).
 * This is what makes persisting the theme unnecessary. Returns the disposer.
 * @example
 * const stop = followSessionBranding(container.get(ThemeStore), container.get(SessionStore));
 */
export function followSessionBranding(theme: ThemeStore, session: SessionStore): () => void {
  return reaction(
    () => (session.isOrgSelected ? (session.activeOrganization?.branding ?? null) : null),
    (branding) => theme.applyBranding(branding),
    { fireImmediately: true, equals: compareStructural },
  );
}
