import { waitFor } from '@testing-library/react';

/** The portal config of a deployment with reCAPTCHA v3 (renderAuth's `config`). */
export const RECAPTCHA_CONFIG = { captcha: { provider: 'recaptcha', siteKey: 'k' } } as const;

/**
 * Plays Google's script for a screen rendered with RECAPTCHA_CONFIG: waits for the screen to add it, then "loads"
 * it with an `execute` that answers `token`. Call removeRecaptcha() when the test ends.
 */
export async function loadRecaptcha(token: string): Promise<void> {
  window.grecaptcha = { ready: (callback) => callback(), execute: async () => token };
  let script: HTMLScriptElement | null = null;
  await waitFor(() => {
    script = document.querySelector('script[src^="https://www.google.com/recaptcha/api.js"]');
    expect(script).not.toBeNull();
  });
  script!.dispatchEvent(new Event('load'));
}

export function removeRecaptcha(): void {
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  delete window.grecaptcha;
}
