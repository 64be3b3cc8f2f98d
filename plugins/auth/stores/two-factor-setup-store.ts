import type { SessionStore } from '@core';
import { makeAutoObservable, runInAction } from 'mobx';
import type { AuthApi, TwoFactorSetupData } from '../api/auth-api';
import type { ScreenExit } from '../components/orgs-follow-exit';

/**
 * The authenticator setup screen (docs/screens-and-routes.md two-factor, docs/two-factor.md "Authenticator"): ask for a secret, show it as
 * a QR code and as text, confirm with a 6-digit code, then 2FA is on.
 * @example
 * const store = new TwoFactorSetupStore(api, session, { done: '/orgs' });
 * void store.start();
 * if (await store.confirm('123456')) // store.exit leads on
 */
export class TwoFactorSetupStore {
  setup: TwoFactorSetupData | null = null;
  loading = false;
  /** The secret could not be fetched; the screen offers to try again. */
  failed = false;
  confirming = false;
  copied = false;
  exit: ScreenExit | null = null;
  private started = false;

  constructor(
    private readonly api: AuthApi,
    private readonly session: SessionStore,
    private readonly paths: { done: string },
  ) {
    makeAutoObservable<TwoFactorSetupStore, 'api' | 'session' | 'paths' | 'started'>(
      this,
      { api: false, session: false, paths: false, started: false },
      { autoBind: true },
    );
  }

  /** Once per screen: each setup call makes the server issue a new secret, replacing the one shown. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.fetchSecret();
  }

  async retry(): Promise<void> {
    if (!this.loading) await this.fetchSecret();
  }

  async copySecret(clipboard: Pick<Clipboard, 'writeText'>): Promise<void> {
    if (!this.setup) return;
    try {
      await clipboard.writeText(this.setup.secret);
      runInAction(() => {
        this.copied = true;
      });
    } catch {
      // Clipboard refused (permissions, insecure context): the secret stays visible to copy by hand.
    }
  }

  /**
   * Resolves true once confirmed, false when there was nothing to confirm; rejects with the server's refusal, which
   * the screen shows in its form and clears the code for the next one.
   */
  async confirm(code: string): Promise<boolean> {
    if (this.confirming || !this.setup) return false;
    this.confirming = true;
    try {
      await this.api.confirmTwoFactor({ code });
      runInAction(() => {
        this.session.setTwoFactorEnabled(true);
        this.exit = { path: this.paths.done, delayMs: 0 };
      });
      return true;
    } finally {
      runInAction(() => {
        this.confirming = false;
      });
    }
  }

  private async fetchSecret(): Promise<void> {
    this.loading = true;
    this.failed = false;
    try {
      const { data } = await this.api.startAuthenticatorSetup();
      runInAction(() => {
        this.setup = data;
        this.copied = false;
      });
    } catch {
      runInAction(() => {
        this.failed = true;
      });
    } finally {
      runInAction(() => {
        this.loading = false;
      });
    }
  }
}
