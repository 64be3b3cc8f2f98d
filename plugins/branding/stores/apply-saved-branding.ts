import type { PortalKey, SessionStore } from '@core';
import type { PortalBranding } from '@contract/v1/branding';

/**
 * After a save or reset in the branding screen: when this portal's branding changed, the session's active
 * organisation takes it at once. Core's theme follows the active organisation's branding and the header its logo,
 * so the colours, header and side menu change without a reload; the session is persisted, so a reload and the
 * other open tabs of this browser show it too.
 * @example applySavedBranding(session, config.portalKey, answer.portals);
 */
export function applySavedBranding(
  session: SessionStore,
  portalKey: PortalKey,
  changed: PortalBranding[],
): void {
  const own = changed.find((portal) => portal.portalKey === portalKey);
  if (!own || !session.isOrgSelected) return;
  session.updateActiveBranding(
    {
      primaryColor: own.primaryColor,
      secondaryColor: own.secondaryColor,
      textColor: own.textColor,
      file: own.logo,
      darkLogo: own.darkLogo,
    },
    own.logo,
  );
}
