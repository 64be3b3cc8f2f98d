import type { TwoFactorConfigInfo } from '@contract/v1/auth';

/** Spec §9: after a login the user waits this long before the organisation screen. */
export const POST_LOGIN_DELAY_MS = 500;

/** What login hands to `/security-verification` in navigation state (never in the URL: the tokenId is a secret). */
export interface SecurityVerificationState {
  tokenId: string;
  twoFactorConfigInfo: TwoFactorConfigInfo | null;
  email: string;
  toUrl?: string;
}

/** What login and sign-up hand to `/email-confirmation`. */
export interface EmailConfirmationState {
  email: string;
}

/**
 * The `toUrl` a guard put in the query, if it is a path of this portal. Anything else (another origin,
 * `//evil.example`, `javascript:`) is dropped, so a crafted login link cannot send users off-site.
 * @example safeToUrl('/billing/history?tab=2') // '/billing/history?tab=2'
 * @example safeToUrl('https://evil.example') // undefined
 */
export function safeToUrl(raw: string | null | undefined): string | undefined {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return undefined;
  return raw;
}

/** `path` with `?toUrl=` when there is somewhere to go afterwards. */
export function withToUrl(path: string, toUrl: string | undefined): string {
  return toUrl ? `${path}?${new URLSearchParams({ toUrl }).toString()}` : path;
}

/** Reads one string field of a navigation state that may be missing (reload, pasted link) or of another shape. */
export function stateField(state: unknown, field: string): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const value = (state as Record<string, unknown>)[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
