import { token } from '../di/container';

/**
 * The hidden human check of the login, forgot-password and SSO-login forms (docs/screens-and-routes.md, docs/apps-and-sso.md). The provider
 * comes from `config.captcha`: `none` answers null at once and loads nothing; `recaptcha` (v3, invisible)
 * and `turnstile` load their script on first use and produce a fresh token for every attempt.
 * @example
 * const captcha = useService(Captcha);
 * useEffect(() => captcha.prepare(), [captcha]);
 * const token = await captcha.execute('login'); // throws CaptchaError: show 'Please try again.'
 * await api.login({ email, password, ...(token ? { captcha: token } : {}) });
 */
export interface Captcha {
  /** Starts loading the provider's script so the first attempt does not wait for it. Never throws. */
  prepare(): void;
  /** A single-use token for one attempt, or null when no provider is configured. */
  execute(action: string): Promise<string | null>;
}
export const Captcha = token<Captcha>('core.captcha');

/** The provider could not be loaded or refused to give a token; the user should simply try again. */
export class CaptchaError extends Error {
  constructor(message = 'captcha failed') {
    super(message);
    this.name = 'CaptchaError';
  }
}

/** A provider that produces tokens; the configured one is chosen and loaded by `ConfiguredCaptcha`. */
export interface CaptchaProvider {
  load(): Promise<void>;
  token(action: string): Promise<string>;
}
