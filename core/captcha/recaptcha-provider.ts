import { CaptchaError, type CaptchaProvider } from './captcha';
import { loadScript } from './load-script';

interface ReCaptchaV3 {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: ReCaptchaV3;
  }
}

const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js';

/** reCAPTCHA v3: invisible, scores every attempt; a token is valid for one verification only. */
export class RecaptchaProvider implements CaptchaProvider {
  /** `scriptUrl`: config `captcha.scriptUrl` (www.recaptcha.net where google.com is out of reach, a test double). */
  constructor(
    private readonly siteKey: string,
    private readonly scriptUrl = RECAPTCHA_SCRIPT,
  ) {}

  async load(): Promise<void> {
    const url = new URL(this.scriptUrl);
    url.searchParams.set('render', this.siteKey);
    await loadScript(url.toString());
  }

  async token(action: string): Promise<string> {
    await this.load();
    const grecaptcha = window.grecaptcha;
    if (!grecaptcha) throw new CaptchaError('reCAPTCHA did not start');
    await new Promise<void>((resolve) => grecaptcha.ready(resolve));
    // reCAPTCHA only accepts action names of letters, digits, slashes and underscores.
    const token = await grecaptcha.execute(this.siteKey, { action: action.replace(/[^A-Za-z0-9/_]/g, '_') });
    if (!token) throw new CaptchaError('reCAPTCHA gave no token');
    return token;
  }
}
