import { ApiError, type SessionStore } from '@core';
import type { LoginData, TwoFactorConfigInfo, TwoFactorType } from '@contract/v1/auth';
import { makeAutoObservable, runInAction } from 'mobx';
import type { AuthApi } from '../api/auth-api';
import type { ScreenExit } from '../components/orgs-follow-exit';
import { POST_LOGIN_DELAY_MS, type EmailConfirmationState } from '../navigation/auth-navigation';
import { RESEND_WAIT_SECONDS, ResendCountdown, resendWaitOf } from './security-verification-countdown';

/**
 * A code's type (TwoFactorType), a passkey of the account (docs/passkeys.md), which sends no code, or one of the
 * account's recovery codes (docs/recovery-codes.md), typed like a code.
 */
export type VerificationType = TwoFactorType | 'passkey' | 'recovery-code';

/** docs/two-factor.md: authenticator → totp, email → email, mobile → otp; a passkey is its own ceremony. */
const TYPE_OF_METHOD = {
  authenticator: 'totp',
  email: 'email',
  mobile: 'otp',
  passkey: 'passkey',
  recoveryCode: 'recovery-code',
} as const satisfies Record<string, VerificationType>;

export type SecurityMethodKey = keyof typeof TYPE_OF_METHOD;

export interface SecurityMethod {
  key: SecurityMethodKey;
  type: VerificationType;
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
  selectedType: VerificationType | null;
  /** The code form is shown: a code was sent, or the authenticator app makes one. */
  awaitingCode = false;
  requestingCode = false;
  verifying = false;
  /** A code the server returned because it runs in development mode (docs/two-factor.md "shown in a chip"). */
  developmentCode: string | null = null;
  exit: ScreenExit | null = null;
  /** The browser could not use a passkey (none on this device, no support): the screen says so. */
  passkeyFailed = false;
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

  /** Email and mobile codes are sent by the server; an authenticator app makes its own; a passkey needs none. */
  get sendsCode(): boolean {
    return this.selectedType === 'email' || this.selectedType === 'otp';
  }

  get busy(): boolean {
    return this.requestingCode || this.verifying || this.exit !== null;
  }

  /** Another method starts over: a code sent for the previous one is no use. */
  select(type: VerificationType): void {
    if (type === this.selectedType || this.busy) return;
    this.selectedType = type;
    this.awaitingCode = false;
    this.developmentCode = null;
    this.countdown.stop();
  }

  async proceed(signal?: AbortSignal): Promise<void> {
    if (!this.selectedType || this.busy) return;
    if (this.selectedType === 'passkey') {
      await this.usePasskey(signal);
      return;
    }
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

  /**
   * Resolves true once signed in, false when there was nothing to verify; rejects with the server's refusal, which
   * the screen shows in its form (and clears the code): the user types a new one.
   */
  async verify(code: string, signal?: AbortSignal): Promise<boolean> {
    const type = this.selectedType;
    if (!type || type === 'passkey' || this.busy) return false;
    this.verifying = true;
    try {
      const body = { code, tokenId: this.tokenId };
      const { data } =
        type === 'recovery-code'
          ? await this.api.verifyTwoFactorRecoveryCode(body, signal)
          : await this.api.verifyTwoFactor({ ...body, type }, signal);
      runInAction(() => this.signedIn(data));
      return true;
    } finally {
      runInAction(() => {
        this.verifying = false;
      });
    }
  }

  /**
   * The browser's passkey prompt for this account's passkeys, then the server's check (docs/passkeys.md). The
   * WebAuthn library loads only now. A closed prompt leaves the screen as it was; a refusal was shown by the HTTP
   * client; a browser that cannot is `passkeyFailed`.
   */
  async usePasskey(signal?: AbortSignal): Promise<boolean> {
    if (this.busy) return false;
    this.verifying = true;
    this.passkeyFailed = false;
    let prompt: typeof import('../passkeys/passkey-prompt') | null = null;
    try {
      const { data: ceremony } = await this.api.passkeySecondStepOptions({ tokenId: this.tokenId }, signal);
      prompt = await import('../passkeys/passkey-prompt');
      const credential = await prompt.getPasskey(ceremony.options);
      const { data } = await this.api.verifyTwoFactorPasskey(
        { tokenId: this.tokenId, challengeId: ceremony.challengeId, credential: credential as never },
        signal,
      );
      runInAction(() => this.signedIn(data));
      return true;
    } catch (error) {
      if (!(error instanceof ApiError) && !prompt?.promptCancelled(error))
        runInAction(() => (this.passkeyFailed = true));
      return false;
    } finally {
      runInAction(() => {
        this.verifying = false;
      });
    }
  }

  private signedIn(data: LoginData): void {
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
