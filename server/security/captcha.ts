import type { ServerConfig } from '../config';
import type { MessageKey } from '../i18n/message';

/** Checks the token the login and forgot-password forms send as `captcha`. */
export interface CaptchaVerifier {
  verify(token: string | null | undefined, remoteIp: string): Promise<boolean>;
}

export const CAPTCHA_FAILED_MESSAGE = 'captcha.failed' satisfies MessageKey;

/** Development default: no external service, every request passes. */
export class NoCaptcha implements CaptchaVerifier {
  async verify(): Promise<boolean> {
    return true;
  }
}

interface SiteVerifyAnswer {
  success?: boolean;
  score?: number;
}

/** Google reCAPTCHA v3 and Cloudflare Turnstile share the siteverify protocol; v3 adds a score. */
export class SiteVerifyCaptcha implements CaptchaVerifier {
  constructor(
    private readonly verifyUrl: string,
    private readonly secret: string,
    private readonly minScore: number | null,
    private readonly timeoutMs = 5000,
  ) {}

  async verify(token: string | null | undefined, remoteIp: string): Promise<boolean> {
    if (!token) return false;
    try {
      const response = await fetch(this.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: this.secret, response: token, remoteip: remoteIp }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok) return false;
      const answer = (await response.json()) as SiteVerifyAnswer;
      if (answer.success !== true) return false;
      return this.minScore === null || (typeof answer.score === 'number' && answer.score >= this.minScore);
    } catch {
      // A provider outage fails closed: the user is asked to try again rather than let through unchecked.
      return false;
    }
  }
}

export function createCaptchaVerifier(config: ServerConfig['captcha']): CaptchaVerifier {
  switch (config.provider) {
    case 'recaptcha':
      return new SiteVerifyCaptcha(config.verifyUrl ?? 'https://www.google.com/recaptcha/api/siteverify', config.secret, config.minScore);
    case 'turnstile':
      return new SiteVerifyCaptcha(config.verifyUrl ?? 'https://challenges.cloudflare.com/turnstile/v0/siteverify', config.secret, null);
    default:
      return new NoCaptcha();
  }
}
