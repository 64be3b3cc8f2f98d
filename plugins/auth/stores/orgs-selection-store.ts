import { ApiError, type Notifier, type Translator } from '@core';
import type { OrganizationAccessData, OrganizationListItem, Portal } from '@contract/v1/index';
import { TWO_FACTOR_REQUIRED } from '@contract/v1/security-codes';
import { makeAutoObservable, runInAction } from 'mobx';
import { type OrganizationEntry, type OrganizationRefusal } from './orgs-organization-entry';

export type OrgsPhase = 'loading' | 'choosing' | 'entering' | 'passwordReset' | 'twoFactorNotice' | 'leaving';

/** A navigation the screen should perform; the store decides, the page owns the router. */
export interface OrgsExit {
  path: string;
  delayMs: number;
  /**
   * Log out once the screen is gone. Not before: the orgs route's own guard would see the logout first
   * and send the user to `/login?toUrl=/orgs`, a detour back to this screen after the next login.
   */
  endSession?: boolean;
}

export interface OrgsPaths {
  login: string;
  /** `toUrl` already checked, or the landing route. */
  destination: string;
  landing: string;
  /** The well-known security-settings page; without it Proceed on the enforced-2FA notice goes to the landing route. */
  security: string | undefined;
}

/** What the screen can offer, decided by the deployment. */
export interface OrgsOptions {
  /** After choosing an organisation (docs/organisation-selection.md: 1 s in one auth-layout variant, else 0.5 s). */
  leaveDelayMs: number;
  /**
   * Whether some plugin provides the change-password dialog. Without it the organisation's password-reset
   * request cannot be answered here, so that step is skipped (the request stays on the account).
   */
  canChangePassword: boolean;
}

/**
 * The organisation-selection screen (docs/organisation-selection.md): load, auto-select, refuse, enter, then the
 * password-reset and enforced-2FA steps before leaving. Every failed call has been shown by the HTTP client already.
 * @example
 * const store = new OrgsSelectionStore(entry, notifier, translator, { orgId }, paths, options);
 * useEffect(() => { void store.load(); return () => store.cancel(); }, [store]);
 */
export class OrgsSelectionStore {
  phase: OrgsPhase = 'loading';
  organizations: OrganizationListItem[] = [];
  enteringId: string | null = null;
  enablingTwoFactor = false;
  exit: OrgsExit | null = null;
  /**
   * The organisation last chosen that cannot be entered: the screen says why beside it, not in a toast over the
   * brand and the language switcher (#39 item 3).
   */
  refusedId: string | null = null;

  private portal: Portal | undefined;
  /** The organisation whose entry waits for the answer to the enforced-2FA notice. */
  private refusedForTwoFactor: OrganizationListItem | null = null;
  /** The answer given to the notice: where the user goes once entered (and past the password step). */
  private twoFactorAnswer: 'skip' | 'proceed' | null = null;
  private access: OrganizationAccessData | null = null;
  private passwordChanged = false;
  private controller = new AbortController();

  constructor(
    private readonly entry: OrganizationEntry,
    private readonly notifier: Notifier,
    private readonly translator: Translator,
    private readonly query: { orgId: string | null },
    private readonly paths: OrgsPaths,
    private readonly options: OrgsOptions,
  ) {
    makeAutoObservable<
      OrgsSelectionStore,
      'entry' | 'notifier' | 'translator' | 'query' | 'paths' | 'options' | 'controller'
    >(
      this,
      {
        entry: false,
        notifier: false,
        translator: false,
        query: false,
        paths: false,
        options: false,
        controller: false,
      },
      { autoBind: true },
    );
  }

  get personalAccounts(): OrganizationListItem[] {
    return this.organizations.filter((o) => o.accountType === 'personal');
  }

  get businessAccounts(): OrganizationListItem[] {
    return this.organizations.filter((o) => o.accountType !== 'personal');
  }

  get busy(): boolean {
    return this.phase !== 'choosing';
  }

  refusalOf(org: OrganizationListItem): OrganizationRefusal | null {
    return this.entry.refusal(org);
  }

  async load(): Promise<void> {
    this.controller = new AbortController();
    const { signal } = this.controller;
    this.phase = 'loading';
    try {
      const directory = await this.entry.loadDirectory(signal);
      if (signal.aborted) return;
      if (!directory.portal) {
        this.notifier.info(this.translator.t('auth:orgs.portalNotFound'));
        return this.leaveToLogin();
      }
      runInAction(() => {
        this.portal = directory.portal;
        this.organizations = directory.organizations;
        this.phase = 'choosing';
      });
      const automatic = this.automaticChoice();
      if (automatic) await this.select(automatic);
    } catch {
      if (!signal.aborted) this.leaveToLogin();
    }
  }

  /** Stops what is loading (the screen unmounted). */
  cancel(): void {
    this.controller.abort();
  }

  async select(org: OrganizationListItem): Promise<void> {
    if (this.phase !== 'choosing' || !this.portal) return;
    const refusal = this.entry.refusal(org);
    this.refusedId = refusal ? org.organizationId : null;
    if (refusal) return;
    const { signal } = this.controller;
    this.phase = 'entering';
    this.enteringId = org.organizationId;
    try {
      // Silent: an organisation that enforces 2FA answers with its notice, not with an error.
      const access = await this.entry.enter(org, this.portal.id, signal, { silent: true });
      runInAction(() => {
        this.access = access;
        this.enteringId = null;
      });
      this.continueAfterEntering();
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof ApiError && error.code === TWO_FACTOR_REQUIRED) {
        // The server issues no token before the answer (docs/organisation-selection.md#entering-an-organisation).
        runInAction(() => {
          this.refusedForTwoFactor = org;
          this.enteringId = null;
          this.phase = 'twoFactorNotice';
        });
        return;
      }
      if (error instanceof ApiError && !error.aborted) this.notifier.error(error.message);
      this.leaveToLogin();
    }
  }

  /** The password-reset modal finished: go on with the next step. */
  passwordResetDone(): void {
    this.passwordChanged = true;
    this.continueAfterEntering();
  }

  /**
   * Enforced 2FA: Skip and Proceed both turn 2FA on, by entering again with the answer (the server switches email
   * 2FA on and then issues the token); only the destination differs.
   */
  async answerTwoFactorNotice(answer: 'skip' | 'proceed'): Promise<void> {
    const org = this.refusedForTwoFactor;
    if (this.enablingTwoFactor || !org || !this.portal) return;
    this.enablingTwoFactor = true;
    try {
      const access = await this.entry.enter(org, this.portal.id, this.controller.signal, {
        enableTwoFactor: true,
      });
      runInAction(() => {
        this.access = access;
        this.refusedForTwoFactor = null;
        this.twoFactorAnswer = answer;
      });
      this.continueAfterEntering();
    } catch {
      // Shown by the HTTP client; the notice stays so the user can try again.
    } finally {
      runInAction(() => {
        this.enablingTwoFactor = false;
      });
    }
  }

  /** An `orgId` from the query wins; otherwise a lone personal account needs no choice. */
  private automaticChoice(): OrganizationListItem | undefined {
    if (this.query.orgId) return this.organizations.find((o) => o.organizationId === this.query.orgId);
    const [only] = this.organizations;
    return this.organizations.length === 1 && only?.accountType === 'personal' ? only : undefined;
  }

  private continueAfterEntering(): void {
    if (this.access?.passwordResetRequired && !this.passwordChanged && this.options.canChangePassword) {
      this.phase = 'passwordReset';
    } else if (this.twoFactorAnswer) {
      const security = this.paths.security ?? this.paths.landing;
      this.leave(this.twoFactorAnswer === 'skip' ? this.paths.landing : security, 0);
    } else {
      this.leave(this.paths.destination, this.options.leaveDelayMs);
    }
  }

  private leaveToLogin(): void {
    this.leave(this.paths.login, 0, true);
  }

  private leave(path: string, delayMs: number, endSession = false): void {
    this.phase = 'leaving';
    this.exit = { path, delayMs, endSession };
  }
}
