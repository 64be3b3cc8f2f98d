import type { Notifier, SessionStore, Translator } from '@core';
import { makeAutoObservable, runInAction } from 'mobx';
import type { AuthApi } from '../api/auth-api';
import type { ScreenExit } from '../components/orgs-follow-exit';
import { REFUSAL_MESSAGE_KEYS, type OrganizationEntry } from './orgs-organization-entry';

/** docs/limits-and-timing.md: after token-auth the portal opens 200 ms later. */
export const TOKEN_AUTH_LEAVE_DELAY_MS = 200;

export interface TokenAuthLaunch {
  token?: string;
  orgId?: string;
}

export interface TokenAuthPaths {
  login: string;
  /** The organisation screen, with `toUrl`: where the user chooses when the launch named no usable organisation. */
  orgs: string;
  /** `toUrl` already checked, or the landing route. */
  destination: string;
}

/**
 * token-auth (docs/screens-and-routes.md): another portal of the family opened this one with a launch token. Trade it for a
 * session, enter the organisation it names, open the wanted page. Runs once: the token is single-use.
 * @example
 * const store = new TokenAuthStore(api, entry, session, notifier, translator, { token, orgId }, paths);
 * void store.start();
 */
export class TokenAuthStore {
  exit: ScreenExit | null = null;
  private started = false;

  constructor(
    private readonly api: AuthApi,
    private readonly entry: OrganizationEntry,
    private readonly session: SessionStore,
    private readonly notifier: Notifier,
    private readonly translator: Translator,
    private readonly launch: TokenAuthLaunch,
    private readonly paths: TokenAuthPaths,
  ) {
    makeAutoObservable<
      TokenAuthStore,
      'api' | 'entry' | 'session' | 'notifier' | 'translator' | 'launch' | 'paths' | 'started'
    >(
      this,
      {
        api: false,
        entry: false,
        session: false,
        notifier: false,
        translator: false,
        launch: false,
        paths: false,
        started: false,
      },
      { autoBind: true },
    );
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    const { token, orgId } = this.launch;
    if (!token) {
      this.notifier.error(this.translator.t('core:http.tryAgain'));
      return this.fail();
    }
    try {
      const { data } = await this.api.exchangeLaunchToken({ token });
      this.session.logIn({ accessToken: data.accessToken, refreshToken: data.refreshToken });
      if (!orgId) return this.leave(this.paths.orgs, 0);

      const { portal, organizations } = await this.entry.loadDirectory();
      if (!portal) {
        this.notifier.info(this.translator.t('auth:orgs.portalNotFound'));
        return this.fail();
      }
      const org = organizations.find((o) => o.organizationId === orgId);
      const refusal = org ? this.entry.refusal(org) : null;
      if (!org || refusal) {
        // Logged in all the same: the user picks an organisation they may enter.
        if (refusal) this.notifier.info(this.translator.t(REFUSAL_MESSAGE_KEYS[refusal]));
        return this.leave(this.paths.orgs, 0);
      }
      await this.entry.enter(org, portal.id);
      this.leave(this.paths.destination, TOKEN_AUTH_LEAVE_DELAY_MS);
    } catch {
      // The HTTP client has shown the error (docs/api-errors.md). No half-made session stays behind.
      this.fail();
    }
  }

  private fail(): void {
    this.session.logout();
    this.leave(this.paths.login, 0);
  }

  private leave(path: string, delayMs: number): void {
    runInAction(() => {
      this.exit = { path, delayMs };
    });
  }
}
