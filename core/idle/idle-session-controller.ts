import { makeAutoObservable, reaction } from 'mobx';
import { PortalConfig } from '../config/portal-config';
import { inject, injectable, optional } from '../di/container';
import { TokenRefresher } from '../http/token-refresher';
import { SessionStore } from '../session/session-store';
import { browserIdleEnvironment, IdleEnvironment } from './idle-environment';

/** `watching`: counting idle time; `warning`: the 'Your session is about to expire' dialog counts down. */
export type IdlePhase = 'inactive' | 'watching' | 'warning';

/** Mouse moves fire dozens of times a second; recording one per second is plenty for minute-long timeouts. */
export const ACTIVITY_THROTTLE_MS = 1000;

type Internals =
  | 'session'
  | 'refresher'
  | 'config'
  | 'env'
  | 'lastActivityAt'
  | 'idleMs'
  | 'cancelTimer'
  | 'unsubscribers'
  | 'expiredListeners';

/**
 * Logs out a user who has left the portal alone (docs/sign-in-and-accounts.md "Idle session").
 * The idle time is the access token's lifetime (exp − iat). Input in any tab of the portal restarts it.
 * After it, the warning phase counts down `idleWarningSeconds` (120 by default); `continueSession()`
 * refreshes the token and restarts; at zero the session is logged out and `onExpired` listeners run
 * (the host navigates to /login). Active only while a user is logged in; a logout anywhere ends it.
 * @example
 * binder.singleton(IdleSessionController, IdleSessionController);
 * const stop = controller.start();
 * controller.onExpired(() => navigate('/login'));
 */
@injectable()
export class IdleSessionController {
  phase: IdlePhase = 'inactive';
  /** Seconds left before logout while {@link phase} is `warning`. */
  secondsLeft = 0;
  /** A 'Continue session' refresh is in flight. */
  continuing = false;
  /** Why the last 'Continue session' did not go through while the session stays (no answer from the server). */
  continueError: string | null = null;

  private readonly session: SessionStore;
  private readonly refresher: TokenRefresher;
  private readonly config: Pick<PortalConfig, 'idleWarningSeconds'>;
  private readonly env: IdleEnvironment;
  private lastActivityAt = 0;
  private idleMs = 0;
  private cancelTimer: (() => void) | null = null;
  private unsubscribers: (() => void)[] = [];
  private readonly expiredListeners = new Set<() => void>();

  constructor(
    @inject(SessionStore) session: SessionStore,
    @inject(TokenRefresher) refresher: TokenRefresher,
    @inject(PortalConfig) config: Pick<PortalConfig, 'idleWarningSeconds'>,
    @inject(IdleEnvironment) @optional() env?: IdleEnvironment,
  ) {
    this.session = session;
    this.refresher = refresher;
    this.config = config;
    this.env = env ?? browserIdleEnvironment();
    makeAutoObservable<IdleSessionController, Internals>(this, {
      session: false,
      refresher: false,
      config: false,
      env: false,
      lastActivityAt: false,
      idleMs: false,
      cancelTimer: false,
      unsubscribers: false,
      expiredListeners: false,
    });
  }

  private get warningMs(): number {
    return (this.config.idleWarningSeconds ?? 120) * 1000;
  }

  /** Starts following the session and the user's input. Returns `stop`. Calling it again restarts. */
  start(): () => void {
    this.stop();
    this.unsubscribers = [
      reaction(
        () => (this.session.isUserLoggedIn ? this.session.accessTokenLifetime : null),
        (lifetime) => (lifetime && lifetime > 0 ? this.activate(lifetime) : this.deactivate()),
        { fireImmediately: true },
      ),
      this.session.onLogout(() => this.deactivate()),
      this.env.watchActivity(() => this.noteLocalActivity()),
      this.env.watchSharedActivity((at) => this.noteSharedActivity(at)),
    ];
    return () => this.stop();
  }

  stop(): void {
    for (const unsubscribe of this.unsubscribers) unsubscribe();
    this.unsubscribers = [];
    this.deactivate();
  }

  /** Runs when the idle guard ended the session (countdown over, 'Log out', failed refresh). Returns unsubscribe. */
  onExpired(listener: () => void): () => void {
    this.expiredListeners.add(listener);
    return () => this.expiredListeners.delete(listener);
  }

  /** 'Continue session': refresh the token, close the warning, start counting again. */
  async continueSession(): Promise<void> {
    if (this.phase !== 'warning' || this.continuing) return;
    this.continuing = true;
    this.continueError = null;
    // The countdown pauses while the refresh runs, so a slow network cannot log out a user who answered.
    this.clearTimer();
    try {
      await this.refresher.refresh();
    } catch (error) {
      // A refused refresh has logged the session out: the user still has to land on the login page. One that
      // never got an answer leaves the session: the dialog stays, says why, and the countdown goes on.
      if (this.session.isUserLoggedIn && this.phase === 'warning') return this.resumeWarning(error);
      this.expire();
      return;
    }
    this.resumeAfterContinue();
  }

  /** 'Log out' in the warning: end the session now. */
  logOutNow(): void {
    this.expire();
  }

  private resumeWarning(error: unknown): void {
    this.continuing = false;
    this.continueError = error instanceof Error ? error.message : null;
    this.tick();
  }

  private resumeAfterContinue(): void {
    this.continuing = false;
    if (this.phase === 'inactive') return;
    this.recordActivity(this.env.now());
    this.phase = 'watching';
    this.continueError = null;
    this.schedule();
  }

  private activate(lifetime: number): void {
    this.idleMs = lifetime;
    if (this.phase === 'inactive') {
      // Logging in, or opening the portal with a session, is the user being there.
      this.recordActivity(this.env.now());
      this.phase = 'watching';
    }
    this.schedule();
  }

  private deactivate(): void {
    this.clearTimer();
    this.phase = 'inactive';
    this.secondsLeft = 0;
    this.continuing = false;
    this.continueError = null;
  }

  private expire(): void {
    this.deactivate();
    if (this.session.isUserLoggedIn) this.session.logout();
    for (const listener of [...this.expiredListeners]) listener();
  }

  private noteLocalActivity(): void {
    // Moving towards the dialog's buttons must not dismiss it: only 'Continue session' does.
    if (this.phase !== 'watching') return;
    const now = this.env.now();
    if (now - this.lastActivityAt < ACTIVITY_THROTTLE_MS) return;
    this.recordActivity(now);
    this.schedule();
  }

  private noteSharedActivity(at: number): void {
    if (this.phase === 'inactive' || at <= this.lastActivityAt) return;
    this.lastActivityAt = at;
    // The user is working in another tab (or answered this warning there): this tab's warning is moot.
    if (this.phase === 'warning' && !this.continuing) {
      this.phase = 'watching';
      this.continueError = null;
    }
    if (!this.continuing) this.schedule();
  }

  private recordActivity(at: number): void {
    this.lastActivityAt = at;
    this.env.shareActivity(at);
  }

  private schedule(): void {
    this.clearTimer();
    if (this.phase === 'watching') {
      const idleEndsAt = this.lastActivityAt + this.idleMs;
      this.setTimer(
        () => (this.env.now() >= idleEndsAt ? this.warn() : this.schedule()),
        idleEndsAt - this.env.now(),
      );
    } else if (this.phase === 'warning') {
      this.tick();
    }
  }

  private warn(): void {
    this.phase = 'warning';
    this.tick();
  }

  private tick(): void {
    // Measured from the last activity rather than counted down, so a throttled background tab or a laptop
    // waking from sleep ends the session on time instead of late.
    const msLeft = this.lastActivityAt + this.idleMs + this.warningMs - this.env.now();
    if (msLeft <= 0) return this.expire();
    this.secondsLeft = Math.ceil(msLeft / 1000);
    this.setTimer(() => this.tick(), msLeft - (this.secondsLeft - 1) * 1000);
  }

  private setTimer(callback: () => void, ms: number): void {
    this.clearTimer();
    this.cancelTimer = this.env.setTimer(callback, Math.max(0, ms));
  }

  private clearTimer(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
  }
}
