import type { TwoFactorConfigInfo } from '@contract/v1/auth';

/** After a login the user waits this long before the organisation screen (docs/organisation-selection.md). */
export const POST_LOGIN_DELAY_MS = 500;

/** The pause between choosing an organisation and leaving, so the user sees the choice land. */
export const ORGANISATION_LEAVE_DELAY_MS = 500;

/** The auth-layout variant that waits longer after an organisation is chosen (docs/organisation-selection.md). */
export const SLOW_LEAVE_AUTH_VARIANT = 4;
export const SLOW_LEAVE_DELAY_MS = 1000;

/**
 * How long the account-selection screen waits after an organisation is chosen: 0.5 s, except 1 s in auth-layout
 * variant 4, the variant the product rules single out (docs/organisation-selection.md).
 * @example organisationLeaveDelayMs(1) // 500
 * @example organisationLeaveDelayMs(4) // 1000
 */
export function organisationLeaveDelayMs(authLayoutVariant: number): number {
  return authLayoutVariant === SLOW_LEAVE_AUTH_VARIANT ? SLOW_LEAVE_DELAY_MS : ORGANISATION_LEAVE_DELAY_MS;
}

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
