import { reaction } from 'mobx';
import type { SessionStore } from '../session/session-store';

/** How long before expiry a long-lived token is refreshed. */
export const REFRESH_LEAD_MS = 60_000;
/** Short tokens (tests, strict deployments) are refreshed at this share of their lifetime instead. */
export const REFRESH_AT_LIFETIME_SHARE = 0.8;

/**
 * Milliseconds from `now` until the pre-expiry refresh: 60 s before `exp`, or at 80 % of the lifetime
 * when that comes earlier, so a 2-minute token is not refreshed the moment it arrives. Never negative:
 * a token that is already due (a tab woken from sleep) is refreshed at once.
 */
export function refreshDelay(expiresAt: number, lifetime: number | null, now: number): number {
  const lead = lifetime && lifetime > 0 ? Math.min(REFRESH_LEAD_MS, lifetime * (1 - REFRESH_AT_LIFETIME_SHARE)) : REFRESH_LEAD_MS;
  return Math.max(0, expiresAt - lead - now);
}

/**
 * Keeps one timer that refreshes the access token shortly before it expires. Every new token
 * (refresh, organisation switch, another tab) reschedules it; logout removes the token and so the timer.
 * A failed scheduled refresh is already handled by `refresh` (a refusal logs out; a refresh that got no
 * answer leaves the session, and the next call's 401 refreshes again), so its rejection is dropped here.
 * @returns a function that stops scheduling.
 */
export function scheduleTokenRefresh(session: SessionStore, refresh: () => Promise<void>): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const stopReaction = reaction(
    () => session.accessToken,
    () => {
      cancel();
      const expiresAt = session.accessTokenExpiresAt;
      if (expiresAt === null) return;
      timer = setTimeout(() => {
        timer = undefined;
        refresh().catch(() => {});
      }, refreshDelay(expiresAt, session.accessTokenLifetime, Date.now()));
    },
    { fireImmediately: true },
  );
  const stopListening = session.onLogout(cancel);
  return () => {
    stopReaction();
    stopListening();
    cancel();
  };
}
