import type { SessionStore } from '@core';
import type { TwoFactorConfigInfo, TwoFactorType } from '@contract/v1/auth';
import { makeAutoObservable, runInAction } from 'mobx';
import type { AuthApi } from '../api/auth-api';
import type { ScreenExit } from '../components/orgs-follow-exit';
import { POST_LOGIN_DELAY_MS, type EmailConfirmationState } from '../navigation/auth-navigation';
import { RESEND_WAIT_SECONDS, ResendCountdown, resendWaitOf } from './security-verification-countdown';

/** docs/two-factor.md: authenticator → totp, email → email, mobile → otp. */
const TYPE_OF_METHOD = { authenticator: 'totp', email: 'email', mobile: 'otp' } as const satisfies Record<
  string,
  TwoFactorType
>;

export type SecurityMethodKey = keyof typeof TYPE_OF_METHOD;

export interface SecurityMethod {
  key: SecurityMethodKey;
  type: TwoFactorType;
}

/** The methods the server offers (`show: true`), in its order; the first is preselected. */
export function offeredMethods(info: TwoFactorConfigInfo | null | undefined): SecurityMethod[] {
  return Object.entries(info ?? {})
    .filter(
      (entry): entry is [SecurityMethodKey, { show: boolean; label: string }] =>
        entry[0] in TYPE_OF_METHOD && entry[1]?.show === true,
    )
    .map(([key]) => ({ key, type: TYPE_OF_METHOD[key] }));
}

export interface SecurityVerificationPaths {
  /** The organisation screen, with `toUrl` when the user came for a page. */
  orgs: string;
  emailConfirmation: string;
}

/**
 * The second step of a login with 2FA (docs/two-factor.md "2FA verification"): pick a method, have a code sent
 * (email, mobile) with a 60 s resend lock, then verify it. A failed call leaves everything as it was;
 * the HTTP client has shown why.
 * @example
 * const store = new SecurityVerificationStore(api, session, tokenId, offeredMethods(info), paths);
 * await store.proceed(signal);
 * if (await store.verify('123456', signal)) // store.exit says where to go
 */
export class SecurityVerificationStore {
  selectedType: TwoFactorType | null;
  /** The code form is shown: a code was sent, or the authenticator app makes one. */
  awaitingCode = false;
  requestingCode = false;
  verifying = false;
  /** A code the server returned because it runs in development mode (docs/two-factor.md "shown in a chip"). */
  developmentCode: string | null = null;
  exit: ScreenExit | null = null;
  readonly countdown = new ResendCountdown();

  constructor(
    private readonly api: AuthApi,
    private readonly session: SessionStore,
    private readonly tokenId: string,
    readonly methods: SecurityMethod[],
    private readonly paths: SecurityVerificationPaths,
  ) {
    this.selectedType = methods[0]?.type ?? null;
    makeAutoObservable<SecurityVerificationStore, 'api' | 'session' | 'tokenId' | 'paths'>(
      this,
      { api: false, session: false, tokenId: false, paths: false, methods: false, countdown: false },
      { autoBind: true },
    );
  }

  get selected(): SecurityMethod | undefined {
    return this.methods.find((m) => m.type === this.selectedType);
  }

  /** Email and mobile codes are sent by the server; an authenticator app makes its own. */
  get sendsCode(): boolean {
    return this.selectedType !== null && this.selectedType !== 'totp';
  }

  get busy(): boolean {
    return this.requestingCode || this.verifying || this.exit !== null;
  }

  /** Another method starts over: a code sent for the previous one is no use. */
  select(type: TwoFactorType): void {
    if (type === this.selectedType || this.busy) return;
    this.selectedType = type;
    this.awaitingCode = false;
    this.developmentCode = null;
    this.countdown.stop();
  }

  async proceed(signal?: AbortSignal): Promise<void> {
    if (!this.selectedType || this.busy) return;
    if (!this.sendsCode) {
      this.awaitingCode = true;
      return;
    }
    await this.sendCode(signal);
  }

  async resend(signal?: AbortSignal): Promise<void> {
    if (this.countdown.running || this.busy) return;
    await this.sendCode(signal);
  }

  /** Resolves false when the code was refused (the screen clears it): the user types a new one. */
  async verify(code: string, signal?: AbortSignal): Promise<boolean> {
    if (!this.selectedType || this.busy) return false;
    this.verifying = true;
    try {
      const { data } = await this.api.verifyTwoFactor(
        { code, tokenId: this.tokenId, type: this.selectedType },
        signal,
      );
      runInAction(() => {
        if (data.email.verified && data.accessToken && data.refreshToken) {
          this.session.logIn(
            { accessToken: data.accessToken, refreshToken: data.refreshToken },
            {
              logo: data.logo ?? null,
              twoFactorEnabled: true,
              twoFactorEnabledInOrg: data.twoFactorEnabledInOrg,
              twoFactorConfigInfo: data.twoFactorConfigInfo ?? null,
            },
          );
          this.session.clearDirectory();
          this.exit = { path: this.paths.orgs, delayMs: POST_LOGIN_DELAY_MS };
        } else {
          const state: EmailConfirmationState = { email: data.email.id };
          this.exit = { path: this.paths.emailConfirmation, delayMs: 0, state };
        }
        this.countdown.stop();
      });
      return true;
    } catch {
      return false;
    } finally {
      runInAction(() => {
        this.verifying = false;
      });
    }
  }

  dispose(): void {
    this.countdown.stop();
  }

  private async sendCode(signal?: AbortSignal): Promise<void> {
    const type = this.selectedType;
    if (type !== 'email' && type !== 'otp') return;
    this.requestingCode = true;
    try {
      const { data } = await this.api.requestTwoFactorOtp({ type, tokenId: this.tokenId }, signal);
      runInAction(() => {
        // The answer may arrive after the user switched method: it belongs to the old one.
        if (this.selectedType !== type) return;
        this.developmentCode = data?.otp ?? null;
        this.awaitingCode = true;
        this.countdown.start(RESEND_WAIT_SECONDS);
      });
    } catch (error) {
      // Shown by the HTTP client; the user may try again. Inside the resend wait (the page was reloaded, which
      // forgot the countdown) the code sent before still works: its form returns, counting the server's wait.
      const wait = resendWaitOf(error);
      if (wait !== null)
        runInAction(() => {
          if (this.selectedType !== type) return;
          this.awaitingCode = true;
          this.countdown.start(wait);
        });
    } finally {
      runInAction(() => {
        this.requestingCode = false;
      });
    }
  }
}
