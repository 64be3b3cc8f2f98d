import { useService } from '../di/use-service';
import { Notifier } from '../ui/notifier';
import { Captcha } from './captcha';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The configured captcha for a form: its script starts loading with the screen, and each attempt gets
 * a fresh token. A failed check shows 'Please try again.' (docs/api-errors.md) and resolves to null; with the
 * `none` provider it resolves to `{ token: null }` and the form sends no captcha.
 * @example
 * const captchaFor = useCaptcha();
 * const check = await captchaFor('login');
 * if (!check) return;
 * await api.login({ email, password, ...captchaField(check.token) });
 */
export function useCaptcha(): (action: string) => Promise<{ token: string | null } | null> {
  const captcha = useService(Captcha);
  const notifier = useService(Notifier);
  const { t } = useTranslation('core');
  useEffect(() => captcha.prepare(), [captcha]);
  return useCallback(
    async (action: string) => {
      try {
        return { token: await captcha.execute(action) };
      } catch {
        notifier.error(t('captcha.failed'));
        return null;
      }
    },
    [captcha, notifier, t],
  );
}

/** The `captcha` field of a request body: absent when no provider is configured. */
export function captchaField(token: string | null): { captcha?: string } {
  return token ? { captcha: token } : {};
}
