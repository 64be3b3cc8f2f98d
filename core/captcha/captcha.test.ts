import { waitFor } from '@testing-library/react';
import type { PortalConfig } from '../config/portal-config';
import { CaptchaError } from './captcha';
import { ConfiguredCaptcha } from './configured-captcha';
import { resetLoadedScripts } from './load-script';

function captchaFor(provider: PortalConfig['captcha']['provider'], siteKey = 'site-key-1', scriptUrl?: string) {
  return new ConfiguredCaptcha({ captcha: { provider, siteKey, scriptUrl } } as PortalConfig);
}

async function scriptStartingWith(prefix: string): Promise<HTMLScriptElement> {
  let found: HTMLScriptElement | null = null;
  await waitFor(() => {
    found = document.querySelector<HTMLScriptElement>(`script[src^="${prefix}"]`);
    expect(found).not.toBeNull();
  });
  return found!;
}

afterEach(() => {
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  document.body.querySelectorAll('.portal-captcha').forEach((s) => s.remove());
  delete window.grecaptcha;
  delete window.turnstile;
  resetLoadedScripts();
});

describe('captcha provider "none" (development)', () => {
  it('answers null at once and never loads a third-party script', async () => {
    const captcha = captchaFor('none');
    captcha.prepare();
    await expect(captcha.execute('login')).resolves.toBeNull();
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });
});

describe('captcha provider "recaptcha" (v3, invisible)', () => {
  it('loads the reCAPTCHA script with the site key and returns a fresh token for every attempt', async () => {
    const execute = vi.fn().mockResolvedValueOnce('token-1').mockResolvedValueOnce('token-2');
    const captcha = captchaFor('recaptcha', 'my-site-key');
    const first = captcha.execute('forgot-password');
    const script = await scriptStartingWith('https://www.google.com/recaptcha/api.js');
    expect(script.src).toBe('https://www.google.com/recaptcha/api.js?render=my-site-key');
    window.grecaptcha = { ready: (callback) => callback(), execute };
    script.dispatchEvent(new Event('load'));

    await expect(first).resolves.toBe('token-1');
    await expect(captcha.execute('login')).resolves.toBe('token-2');
    expect(execute).toHaveBeenNthCalledWith(1, 'my-site-key', { action: 'forgot_password' });
    expect(execute).toHaveBeenNthCalledWith(2, 'my-site-key', { action: 'login' });
    expect(document.querySelectorAll('script')).toHaveLength(1);
  });

  it('fails with a CaptchaError when the script cannot load, and loads it again on the next attempt', async () => {
    const captcha = captchaFor('recaptcha');
    const attempt = captcha.execute('login');
    const script = await scriptStartingWith('https://www.google.com/recaptcha/api.js');
    script.dispatchEvent(new Event('error'));
    await expect(attempt).rejects.toBeInstanceOf(CaptchaError);
    expect(document.querySelector('script')).toBeNull();

    const retry = captcha.execute('login');
    const again = await scriptStartingWith('https://www.google.com/recaptcha/api.js');
    window.grecaptcha = { ready: (callback) => callback(), execute: vi.fn().mockResolvedValue('token') };
    again.dispatchEvent(new Event('load'));
    await expect(retry).resolves.toBe('token');
  });

  it('prepare() starts loading the script before the first attempt', async () => {
    captchaFor('recaptcha').prepare();
    await scriptStartingWith('https://www.google.com/recaptcha/api.js');
  });
});

describe('captcha.scriptUrl (a proxy such as recaptcha.net, or a test double)', () => {
  it("loads reCAPTCHA's script from there, with the site key", async () => {
    captchaFor('recaptcha', 'my-site-key', 'https://www.recaptcha.net/recaptcha/api.js').prepare();
    const script = await scriptStartingWith('https://www.recaptcha.net/');
    expect(script.src).toBe('https://www.recaptcha.net/recaptcha/api.js?render=my-site-key');
  });

  it("loads Turnstile's script from there, rendering explicitly", async () => {
    captchaFor('turnstile', 'ts-key', 'http://127.0.0.1:4343/turnstile/v0/api.js').prepare();
    const script = await scriptStartingWith('http://127.0.0.1:4343/');
    expect(script.src).toBe('http://127.0.0.1:4343/turnstile/v0/api.js?render=explicit');
  });
});

describe('captcha provider "turnstile"', () => {
  it('renders a fresh widget per attempt, returns its token and removes it', async () => {
    const remove = vi.fn();
    const render = vi.fn((_host: HTMLElement, options: { callback?: (token: string) => void }) => {
      queueMicrotask(() => options.callback?.('turnstile-token'));
      return 'widget-1';
    });
    const captcha = captchaFor('turnstile', 'ts-key');
    const attempt = captcha.execute('login');
    const script = await scriptStartingWith('https://challenges.cloudflare.com/turnstile/v0/api.js');
    expect(script.src).toContain('render=explicit');
    window.turnstile = { render, remove };
    script.dispatchEvent(new Event('load'));

    await expect(attempt).resolves.toBe('turnstile-token');
    expect(render).toHaveBeenCalledWith(
      expect.any(HTMLElement),
      expect.objectContaining({ sitekey: 'ts-key', action: 'login' }),
    );
    expect(remove).toHaveBeenCalledWith('widget-1');
    expect(document.querySelector('.portal-captcha')).toBeNull();
  });

  it('fails with a CaptchaError when Turnstile reports an error', async () => {
    window.turnstile = {
      render: (_host, options) => {
        queueMicrotask(() => options['error-callback']?.());
        return 'widget-2';
      },
      remove: vi.fn(),
    };
    const captcha = captchaFor('turnstile');
    const attempt = captcha.execute('login');
    (await scriptStartingWith('https://challenges.cloudflare.com/')).dispatchEvent(new Event('load'));
    await expect(attempt).rejects.toBeInstanceOf(CaptchaError);
  });
});
