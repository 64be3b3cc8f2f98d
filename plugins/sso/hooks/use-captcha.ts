import { Captcha, Notifier, useService } from '@core';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The configured captcha (core's `Captcha`): its script starts loading with the screen and every attempt gets a
 * fresh token. A failed check shows 'Please try again.' (spec §8) and resolves to null; the `none` provider
 * resolves to `{ token: null }`.
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
