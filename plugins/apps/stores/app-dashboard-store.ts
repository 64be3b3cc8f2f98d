import { canAccess, recentAnswerKey, type RecentAnswers, type RoleRule, type SessionStore } from '@core';
import type { AppListItem } from '@contract/v1/index';
import { makeAutoObservable, reaction, runInAction } from 'mobx';
import type { AppsApi } from '../api/apps-api';
import {
  openDetachedTab,
  openNamedTab,
  openPartnerPage,
  withQuery,
  type LaunchTab,
} from '../launch/launch-tab';

export type DashboardStatus = 'loading' | 'ready' | 'failed';

/** The active organisation's apps as last listed, shown at once when the dashboard opens again. */
const APPS = recentAnswerKey<AppListItem[]>('apps.list');

export interface AppDashboardOptions {
  /** Config `appTabPrefix`: first-party apps open in the tab named prefix + the app's tab name. */
  tabPrefix: string;
  /** Who may enable and disable partner apps (`apps.manage`). */
  manageRule: RoleRule | undefined;
}

/**
 * The app dashboard (docs/apps-and-sso.md App launch): the active organisation's apps, launching, and the partner apps'
 * on/off switch. Every failed call has already been shown by the HTTP client (docs/api-errors.md); the store only stops its
 * loading state. Opened again in the same session and organisation, it starts from the list last read (core
 * `RecentAnswers`) and refreshes it in place.
 * @example
 * const store = new AppDashboardStore(api, session, answers, { tabPrefix: config.appTabPrefix, manageRule });
 * useEffect(() => store.start(), [store]);
 */
export class AppDashboardStore {
  apps: AppListItem[];
  status: DashboardStatus;
  /** Apps whose launch call is running. */
  launching = new Set<string>();
  /** The partner app being enabled or disabled, until the list has reloaded. */
  processingId: string | null = null;

  private controller: AbortController | null = null;

  constructor(
    private readonly api: AppsApi,
    private readonly session: SessionStore,
    private readonly answers: RecentAnswers,
    private readonly options: AppDashboardOptions,
  ) {
    const remembered = answers.get(APPS);
    this.apps = remembered ?? [];
    this.status = remembered ? 'ready' : 'loading';
    makeAutoObservable<AppDashboardStore, 'api' | 'session' | 'answers' | 'options' | 'controller'>(
      this,
      { api: false, session: false, answers: false, options: false, controller: false },
      { autoBind: true },
    );
  }

  /** Holders of `apps.manage` (admin and owner by default; docs/organisation-selection.md) get the menu and the 'enable the service' hint. */
  get canManage(): boolean {
    return canAccess(this.options.manageRule, this.session.accessSubject);
  }

  /** Loads now and again whenever the active organisation changes (here or in another tab). Returns the stop. */
  start(): () => void {
    const stopWatching = reaction(
      () => this.session.organizationId,
      (organizationId) => {
        if (organizationId) void this.load();
      },
    );
    void this.load({ keepCards: this.status === 'ready' });
    return () => {
      stopWatching();
      this.controller?.abort();
    };
  }

  /**
   * `keepCards` refreshes in place (after a toggle, or over the list last read); otherwise the cards of another
   * organisation must go.
   */
  async load({ keepCards = false } = {}): Promise<void> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    if (!keepCards) {
      this.status = 'loading';
      this.apps = [];
    }
    const askedIn = this.answers.scope();
    try {
      const { data } = await this.api.list(controller.signal);
      this.answers.set(APPS, data, askedIn);
      runInAction(() => {
        this.apps = data;
        this.status = 'ready';
      });
    } catch {
      if (controller.signal.aborted) return;
      runInAction(() => {
        if (!keepCards) this.status = 'failed';
      });
    }
  }

  isLaunching(appId: string): boolean {
    return this.launching.has(appId);
  }

  /** Call from the click handler itself: the tab must open before anything is awaited. */
  launch(app: AppListItem): void {
    if (!app.canLaunch || this.launching.has(app.id)) return;
    if (app.thirdParty && !app.ssoIntegrationCompleted) {
      openPartnerPage(app.appUrl);
      return;
    }
    const tab = app.thirdParty ? openDetachedTab() : openNamedTab(this.options.tabPrefix + app.tabName);
    this.launching.add(app.id);
    void this.completeLaunch(app, tab);
  }

  async setEnabled(app: AppListItem, enabled: boolean): Promise<void> {
    if (this.processingId) return;
    this.processingId = app.id;
    try {
      await this.api.setStatus({ appId: app.id, enabled });
      await this.load({ keepCards: true });
    } catch {
      // Shown by the HTTP client; the card keeps its state.
    } finally {
      runInAction(() => {
        this.processingId = null;
      });
    }
  }

  private async completeLaunch(app: AppListItem, tab: LaunchTab): Promise<void> {
    try {
      if (app.thirdParty) {
        const { data } = await this.api.ssoToken({ appId: app.id });
        tab.go(data.url + encodeURIComponent(data.token));
      } else {
        const { data } = await this.api.launch({ appId: app.id });
        tab.go(withQuery(data.portalUrl, { token: data.token, portalId: data.portalId, orgId: data.orgId }));
      }
    } catch {
      tab.discard();
    } finally {
      runInAction(() => {
        this.launching.delete(app.id);
      });
    }
  }
}
