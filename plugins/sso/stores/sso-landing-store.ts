import {
  ApiError,
  readJwtClaims,
  type Notifier,
  type SessionStore,
  type ThemeStore,
  type Translator,
} from '@core';
import type { SsoLoginData } from '@contract/v1/sso';
import { makeAutoObservable } from 'mobx';
import { safeExternalUrl } from '../api/external-navigation';
import type { SsoApi } from '../api/sso-api';

/** docs/limits-and-timing.md: the pause after an SSO sign-in before the next screen. */
export const SSO_REDIRECT_DELAY_MS = 500;
/** Long enough to read the blocked notice before the partner's page replaces the portal. */
export const BLOCKED_NOTICE_MS = 2000;
/**
 * A link whose token was issued longer ago than this asks before signing anyone in (docs/apps-and-sso.md): a
 * partner's own redirect arrives within seconds, a link someone kept or sent arrives later.
 */
export const SSO_AUTO_SIGN_IN_SECONDS = 30;

export type SsoLandingPhase =
  'confirm' | 'validating' | 'setPassword' | 'registering' | 'blocked' | 'leaving';

/** Where the screen goes next; the store decides, the page owns the router and the window. */
export interface SsoExit {
  /** A portal path, or an absolute URL when `external`. */
  to: string;
  external?: boolean;
  state?: { email: string };
  delayMs: number;
}

export interface SsoLandingPaths {
  login: string;
  orgs: string;
  ssoLogin: string;
}

/** What the partner's link carried; read once, before the address is cleared. */
export interface SsoLinkParams {
  token: string | null;
  applicationId: string | null;
}

export type RegisterOutcome = { passwordError: string } | undefined;

/**
 * The `/sso` landing (docs/apps-and-sso.md SSO flow): clears the token from the address, ends any previous session,
 * resets the theme, asks the server, then branches: blocked → back to the partner; existing → tokens and on to
 * `/orgs` or the password step; new → the set-password dialog, then the same. Any error → `/login`.
 * @example
 * const store = new SsoLandingStore(api, session, theme, notifier, translator, params, paths, clearAddress);
 * useEffect(() => { store.attach(); return () => store.detach(); }, [store]);
 */
export class SsoLandingStore {
  phase: SsoLandingPhase = 'validating';
  email = '';
  /** Somebody is signed in here, whom continuing would sign out (the confirmation says so). */
  replacesSession = false;
  showTermsAndConditions = false;
  submitting = false;
  exit: SsoExit | null = null;

  private started = false;
  private attached = false;
  private readonly controller = new AbortController();
  private answerConfirmation: (go: boolean) => void = () => undefined;

  constructor(
    private readonly api: SsoApi,
    private readonly session: SessionStore,
    private readonly theme: ThemeStore,
    private readonly notifier: Notifier,
    private readonly translator: Translator,
    private readonly params: SsoLinkParams,
    private readonly paths: SsoLandingPaths,
    /** Takes the token out of the address bar (and history); awaited before any request. */
    private readonly clearAddress: () => Promise<void> | void,
  ) {
    makeAutoObservable<
      SsoLandingStore,
      | 'api'
      | 'session'
      | 'theme'
      | 'notifier'
      | 'translator'
      | 'params'
      | 'paths'
      | 'clearAddress'
      | 'started'
      | 'attached'
      | 'controller'
      | 'answerConfirmation'
    >(
      this,
      {
        api: false,
        session: false,
        theme: false,
        notifier: false,
        translator: false,
        params: false,
        paths: false,
        clearAddress: false,
        started: false,
        attached: false,
        controller: false,
        answerConfirmation: false,
      },
      { autoBind: true },
    );
  }

  /** The status line under the spinner: validating until the server has answered. */
  get statusKey(): 'landing.validating' | 'landing.registering' | 'landing.blocked' {
    if (this.phase === 'validating') return 'landing.validating';
    return this.phase === 'blocked' ? 'landing.blocked' : 'landing.registering';
  }

  /**
   * Starts the flow once per store. React's development double effect detaches and re-attaches at once: only
   * a detach that is not followed by an attach in the same task ends the flow. A second start would present
   * the single-use token twice, and the server would refuse the second.
   */
  attach(): void {
    this.attached = true;
    if (this.started) return;
    this.started = true;
    void this.run();
  }

  detach(): void {
    this.attached = false;
    queueMicrotask(() => {
      if (!this.attached) this.controller.abort();
    });
  }

  /** The confirmation's Continue: sign in as the link says. */
  confirm(): void {
    this.answerConfirmation(true);
  }

  /** The confirmation's Cancel: nothing changes here, and the link is not spent. */
  cancel(): void {
    this.answerConfirmation(false);
  }

  /**
   * Whether to ask before signing in (login CSRF: a link can sign this browser into someone else's account): when
   * somebody is signed in here, or the token was not just issued.
   */
  private needsConfirmation(token: string): boolean {
    // Read, not verified: the server verifies the token when it is spent.
    const claims = readJwtClaims(token);
    this.email = typeof claims?.email === 'string' ? claims.email : '';
    this.replacesSession = this.session.isUserLoggedIn;
    if (this.replacesSession) return true;
    if (!claims) return false; // not a token at all: the server refuses it, and nobody is signed in to lose
    return typeof claims.iat !== 'number' || Date.now() - claims.iat * 1000 > SSO_AUTO_SIGN_IN_SECONDS * 1000;
  }

  /** The set-password dialog's submit. Resolves with the server's refusal of the password, if that was the error. */
  async register(password: string): Promise<RegisterOutcome> {
    const { token, applicationId } = this.params;
    if (!token || !applicationId || this.submitting) return undefined;
    this.submitting = true;
    try {
      const { data } = await this.api.register({ password, token, applicationId }, this.controller.signal);
      this.continueWith(data);
      return undefined;
    } catch (error) {
      if (this.controller.signal.aborted) return undefined;
      const apiError = error instanceof ApiError ? error : null;
      const passwordError =
        apiError?.status === 400 ? apiError.fieldErrors.find((e) => e.field === 'password')?.msg : undefined;
      this.submitting = false;
      // A password the server's rules refuse (too common) can be fixed in place; the partner link cannot be reused.
      if (passwordError) return { passwordError };
      this.notifier.error(apiError?.message ?? this.translator.t('core:http.tryAgain'));
      this.fail();
      return undefined;
    }
  }

  private async run(): Promise<void> {
    await this.clearAddress();
    const { token, applicationId } = this.params;
    if (token && applicationId && this.needsConfirmation(token)) {
      this.phase = 'confirm';
      const go = await new Promise<boolean>((resolve) => (this.answerConfirmation = resolve));
      if (!go) return this.leave();
      this.phase = 'validating';
    }
    await this.endPreviousSession();
    this.theme.reset();
    if (!token || !applicationId) {
      this.notifier.error(this.translator.t('sso:landing.invalidLink'));
      return this.fail();
    }
    try {
      const { data } = await this.api.login({ token, applicationId }, this.controller.signal);
      this.answered(data);
    } catch {
      // The HTTP client has shown the error (docs/api-errors.md: show it and go to /login).
      if (!this.controller.signal.aborted) this.fail();
    }
  }

  /** A partner link starts a new session: whoever was logged in here is logged out, on the server too. */
  private async endPreviousSession(): Promise<void> {
    if (this.session.isUserLoggedIn) {
      try {
        await this.api.logout(this.controller.signal);
      } catch {
        // Best effort: the local logout below is what protects this browser.
      }
    }
    this.session.logout();
  }

  private answered(data: SsoLoginData): void {
    this.email = data.email.id;
    if (data.isBlocked) {
      this.phase = 'blocked';
      this.notifier.info(this.translator.t('sso:landing.blocked'));
      const url = safeExternalUrl(data.redirectUrl);
      this.exit = url
        ? { to: url, external: true, delayMs: BLOCKED_NOTICE_MS }
        : { to: this.paths.login, delayMs: BLOCKED_NOTICE_MS };
      return;
    }
    if (!data.existingAccount) {
      this.showTermsAndConditions = data.showTermsAndConditions;
      this.phase = 'setPassword';
      return;
    }
    this.continueWith(data);
  }

  private continueWith(data: SsoLoginData): void {
    this.phase = 'registering';
    if (data.accessToken && data.refreshToken) {
      // A user session with no organisation selected: the organisation screen comes next (docs/apps-and-sso.md).
      this.session.logIn({ accessToken: data.accessToken, refreshToken: data.refreshToken });
    }
    this.exit = data.passwordRequired
      ? { to: this.paths.ssoLogin, state: { email: data.email.id }, delayMs: SSO_REDIRECT_DELAY_MS }
      : { to: this.paths.orgs, delayMs: SSO_REDIRECT_DELAY_MS };
  }

  private fail(): void {
    this.phase = 'leaving';
    this.exit = { to: this.paths.login, delayMs: 0 };
  }

  /** Cancelled: back where the person was, signed in or not (the sign-in page sends a signed-in user on). */
  private leave(): void {
    this.phase = 'leaving';
    this.exit = { to: this.session.isUserLoggedIn ? this.paths.orgs : this.paths.login, delayMs: 0 };
  }
}
