import { token } from '../di/container';

/**
 * Everything the idle guard needs from the outside world: time, timers, this tab's user input and the
 * other tabs' input. Injectable so tests and odd hosts (an iframe, a kiosk) can supply their own.
 */
export interface IdleEnvironment {
  now(): number;
  /** Runs `callback` once after `ms`; returns a cancel function. */
  setTimer(callback: () => void, ms: number): () => void;
  /** Calls `listener` on user input in this tab; returns an unsubscribe function. */
  watchActivity(listener: () => void): () => void;
  /** Tells the portal's other tabs that the user was active at `at` (ms epoch). */
  shareActivity(at: number): void;
  /** Calls `listener` when another tab reports activity; returns an unsubscribe function. */
  watchSharedActivity(listener: (at: number) => void): () => void;
}
export const IdleEnvironment = token<IdleEnvironment>('core.idle-environment');

/** Where tabs leave the time of the user's last activity; the `storage` event carries it to the others. */
export const IDLE_ACTIVITY_STORAGE_KEY = 'portal-idle-last-activity';

/** What counts as the user being there. Captured on window so scrolls and focus inside any element count. */
export const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart', 'focus'] as const;

/**
 * The real browser: `Date.now`, `setTimeout` (both looked up at call time, so fake timers apply) and
 * localStorage for other tabs, which every browser supports and which only fires in the *other* tabs.
 */
export function browserIdleEnvironment(target: Window = window, storage: Storage = window.localStorage): IdleEnvironment {
  const listenerOptions: AddEventListenerOptions = { capture: true, passive: true };
  return {
    now: () => Date.now(),
    setTimer(callback, ms) {
      const handle = setTimeout(callback, ms);
      return () => clearTimeout(handle);
    },
    watchActivity(listener) {
      for (const type of ACTIVITY_EVENTS) target.addEventListener(type, listener, listenerOptions);
      return () => {
        for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, listener, listenerOptions);
      };
    },
    shareActivity(at) {
      try {
        storage.setItem(IDLE_ACTIVITY_STORAGE_KEY, String(at));
      } catch {
        // Storage full or blocked (private mode): this tab still tracks itself; other tabs just do not hear.
      }
    },
    watchSharedActivity(listener) {
      const onStorage = (event: StorageEvent) => {
        if (event.key !== IDLE_ACTIVITY_STORAGE_KEY || !event.newValue) return;
        const at = Number(event.newValue);
        if (Number.isFinite(at)) listener(at);
      };
      target.addEventListener('storage', onStorage);
      return () => target.removeEventListener('storage', onStorage);
    },
  };
}
