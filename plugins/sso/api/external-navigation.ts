import { token } from '@core';

/**
 * Leaves the portal for another site (a partner's redirect URL). A seam of its own so tests can watch
 * where the user was sent: jsdom cannot follow a real navigation.
 */
export interface ExternalNavigation {
  assign(url: string): void;
}
export const ExternalNavigation = token<ExternalNavigation>('sso.external-navigation');

export const browserNavigation: ExternalNavigation = {
  assign: (url) => window.location.assign(url),
};

/**
 * The URL if it is an http(s) address (absolute, or relative to this page), else null: a redirect URL from
 * the server must never become `javascript:` or `data:` navigation.
 */
export function safeExternalUrl(raw: string | null | undefined, base = window.location.href): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
