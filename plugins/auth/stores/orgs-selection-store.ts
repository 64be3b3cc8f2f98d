import type { Notifier, SessionStore, Translator } from '@core';
import type { OrganizationAccessData, OrganizationListItem, Portal } from '@contract/v1/index';
import { makeAutoObservable, runInAction } from 'mobx';
import type { AuthApi } from '../api/auth-api';
import {
  REFUSAL_MESSAGE_KEYS,
  type OrganizationEntry,
  type OrganizationRefusal,
} from './orgs-organization-entry';

/** Spec §9: the pause between choosing an organisation and leaving, so the user sees the choice land. */
export const ORGS_LEAVE_DELAY_MS = 500;

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
  security: string;
}

/**
 * The organisation-selection screen (spec §4): load, auto-select, refuse, enter, then the password-reset
 * and enforced-2FA steps before leaving. Every failed call has been shown by the HTTP client already.
 * @example
 * const store = new OrgsSelectionStore(api, entry, session, notifier, translator, { orgId }, paths);
 * useEffect(() => { void store.load(); return () => store.cancel(); }, [store]);
 */
export class OrgsSelectionStore {
  phase: OrgsPhase = 'loading';
  organizations: OrganizationListItem[] = [];
  enteringId: string | null = null;
  enablingTwoFactor = false;
  exit: OrgsExit | null = null;

  private portal: Portal | undefined;
  private access: OrganizationAccessData | null = null;
  private passwordChanged = false;
  private controller = new AbortController();

  constructor(
    private readonly api: AuthApi,
    private readonly entry: OrganizationEntry,
    private readonly session: SessionStore,
    private readonly notifier: Notifier,
    private readonly translator: Translator,
    private readonly query: { orgId: string | null },
    private readonly paths: OrgsPaths,
  ) {
    makeAutoObservable<
      OrgsSelectionStore,
      'api' | 'entry' | 'session' | 'notifier' | 'translator' | 'query' | 'paths' | 'controller'
    >(
      this,
      {
        api: false,
        entry: false,
        session: false,
        notifier: false,
        translator: false,
        query: false,
        paths: false,
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
    if (refusal) {
      this.notifier.info(this.translator.t(REFUSAL_MESSAGE_KEYS[refusal]));
      return;
    }
    const { signal } = this.controller;
    this.phase = 'entering';
    this.enteringId = org.organizationId;
    try {
      const access = await this.entry.enter(org, this.portal.id, signal);
      runInAction(() => {
        this.access = access;
        this.enteringId = null;
      });
      this.continueAfterEntering();
    } catch {
      if (!signal.aborted) this.leaveToLogin();
    }
  }

  /** The password-reset modal finished: go on with the next step. */
  passwordResetDone(): void {
    this.passwordChanged = true;
    this.continueAfterEntering();
  }

  /** Enforced 2FA: Skip and Proceed both turn 2FA on (spec §4); only the destination differs. */
  async answerTwoFactorNotice(answer: 'skip' | 'proceed'): Promise<void> {
    if (this.enablingTwoFactor) return;
    this.enablingTwoFactor = true;
    try {
      await this.api.configureTwoFactor({ enable: true }, this.controller.signal);
      this.session.setTwoFactorEnabled(true);
      this.leave(answer === 'skip' ? this.paths.landing : this.paths.security, 0);
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
    if (this.access?.passwordResetRequired && !this.passwordChanged) {
      this.phase = 'passwordReset';
    } else if (this.session.twoFactorEnabledInOrg && !this.session.twoFactorEnabled) {
      this.phase = 'twoFactorNotice';
    } else {
      this.leave(this.paths.destination, ORGS_LEAVE_DELAY_MS);
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
