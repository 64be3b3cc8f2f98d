import { PortalConfig } from '../config/portal-config';
import { inject, injectable } from '../di/container';
import type { Captcha, CaptchaProvider } from './captcha';
import { withTimeout } from './load-script';

/** A user waits at most this long for the provider before being asked to try again. */
export const CAPTCHA_TIMEOUT_MS = 20_000;

/**
 * The provider chosen by `config.captcha`. Provider code is imported on first use, so with `none`
 * (development) neither a provider module nor a third-party script is ever loaded.
 */
@injectable()
export class ConfiguredCaptcha implements Captcha {
  private provider: Promise<CaptchaProvider> | null = null;

  constructor(@inject(PortalConfig) private readonly config: PortalConfig) {}

  prepare(): void {
    if (this.config.captcha.provider === 'none') return;
    this.resolveProvider()
      .then((provider) => provider.load())
      // A failed early load is retried by execute(), which then reports the failure to the user.
      .catch(() => {});
  }

  async execute(action: string): Promise<string | null> {
    if (this.config.captcha.provider === 'none') return null;
    return withTimeout(
      this.resolveProvider().then((provider) => provider.token(action)),
      CAPTCHA_TIMEOUT_MS,
    );
  }

  private resolveProvider(): Promise<CaptchaProvider> {
    const { provider, siteKey, scriptUrl } = this.config.captcha;
    this.provider ??=
      provider === 'recaptcha'
        ? import('./recaptcha-provider').then((m) => new m.RecaptchaProvider(siteKey, scriptUrl))
        : import('./turnstile-provider').then((m) => new m.TurnstileProvider(siteKey, scriptUrl));
    // A failed chunk load must not stick: the next attempt imports again.
    this.provider.catch(() => (this.provider = null));
    return this.provider;
  }
}
