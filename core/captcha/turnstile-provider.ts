import { CaptchaError, type CaptchaProvider } from './captcha';
import { loadScript } from './load-script';

interface TurnstileOptions {
  sitekey: string;
  action?: string;
  appearance?: 'always' | 'execute' | 'interaction-only';
  callback?: (token: string) => void;
  'error-callback'?: () => void;
  'expired-callback'?: () => void;
  'timeout-callback'?: () => void;
}

interface Turnstile {
  render(container: HTMLElement, options: TurnstileOptions): string | undefined;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: Turnstile;
  }
}

const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js';

/**
 * Cloudflare Turnstile. A fresh widget per attempt (a token verifies once); it stays invisible unless
 * Cloudflare needs the visitor to interact, and then shows where the user can reach it.
 */
export class TurnstileProvider implements CaptchaProvider {
  /** `scriptUrl`: config `captcha.scriptUrl` (a proxy, a test double); rendering stays explicit. */
  constructor(
    private readonly siteKey: string,
    private readonly scriptUrl = TURNSTILE_SCRIPT,
  ) {}

  async load(): Promise<void> {
    const url = new URL(this.scriptUrl);
    url.searchParams.set('render', 'explicit');
    await loadScript(url.toString());
  }

  async token(action: string): Promise<string> {
    await this.load();
    const turnstile = window.turnstile;
    if (!turnstile) throw new CaptchaError('Turnstile did not start');
    const host = document.createElement('div');
    host.className = 'portal-captcha';
    // Invisible unless Cloudflare asks for a click; then it must float above the form, not hide under it.
    Object.assign(host.style, {
      position: 'fixed',
      bottom: '16px',
      left: '50%',
      transform: 'translateX(-50%)',
      zIndex: '2000',
    });
    document.body.append(host);
    let widgetId: string | undefined;
    const cleanUp = () => {
      if (widgetId) turnstile.remove(widgetId);
      host.remove();
    };
    return new Promise<string>((resolve, reject) => {
      const fail = () => {
        cleanUp();
        reject(new CaptchaError('Turnstile refused'));
      };
      widgetId = turnstile.render(host, {
        sitekey: this.siteKey,
        // Turnstile accepts letters, digits, underscores and dashes, up to 32 characters.
        action: action.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 32),
        appearance: 'interaction-only',
        callback: (token) => {
          cleanUp();
          resolve(token);
        },
        'error-callback': fail,
        'expired-callback': fail,
        'timeout-callback': fail,
      });
      if (!widgetId) fail();
    });
  }
}
