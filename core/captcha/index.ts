export { Captcha, CaptchaError } from './captcha';
export { ConfiguredCaptcha, CAPTCHA_TIMEOUT_MS } from './configured-captcha';
export { captchaField, useCaptcha } from './use-captcha';
