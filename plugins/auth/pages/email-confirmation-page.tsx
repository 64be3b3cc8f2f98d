import {
  captchaField,
  Notifier,
  PlainButton,
  PortalConfig,
  useCaptcha,
  useService,
  useUnmountSignal,
} from '@core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { AuthApi } from '../api/auth-api';
import { AuthHeading } from '../components/auth-heading';
import { stateField } from '../navigation/auth-navigation';
import { useAuthHref } from '../navigation/use-auth-href';

/**
 * docs/screens-and-routes.md email-confirmation: "check your inbox" for the address login or sign-up handed over in
 * navigation state. A reload loses that state; Resend then says 'Email is missing' (docs/validation-rules.md).
 */
function EmailConfirmationPage() {
  const { t } = useTranslation('auth');
  const href = useAuthHref();
  const api = useService(AuthApi);
  const config = useService(PortalConfig);
  const notifier = useService(Notifier);
  const signal = useUnmountSignal();
  const captchaFor = useCaptcha();
  const email = stateField(useLocation().state, 'email');
  const [busy, setBusy] = useState(false);

  const resend = async () => {
    if (!email) {
      notifier.info(t('emailConfirmation.missing'));
      return;
    }
    setBusy(true);
    try {
      const check = await captchaFor('resend_email');
      if (!check) return;
      const { msg } = await api.resendEmail(
        { email, portal: config.portalKey, ...captchaField(check.token) },
        signal(),
      );
      notifier.success(msg || t('emailConfirmation.resent'));
    } catch {
      // Shown by the HTTP client (docs/api-errors.md).
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <AuthHeading title={t('emailConfirmation.title')}>
        {email ? t('emailConfirmation.sentTo', { email }) : t('emailConfirmation.sentToYou')}
      </AuthHeading>
      <p>{t('emailConfirmation.hint')}</p>
      {/* A plain button, not antd's: this screen paints without antd (the size budget, docs/performance.md). */}
      <PlainButton
        variant="primary"
        size="large"
        className="auth-screen__submit"
        onClick={resend}
        loading={busy}
      >
        {t('emailConfirmation.resend')}
      </PlainButton>
      <p className="auth-screen__footer">
        <Link to={href('login')}>{t('common.backToLogin')}</Link>
      </p>
    </>
  );
}

export default EmailConfirmationPage;
