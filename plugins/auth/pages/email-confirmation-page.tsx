import { Notifier, PortalConfig, useService, useUnmountSignal } from '@core';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { AuthApi } from '../api/auth-api';
import { AuthHeading } from '../components/auth-heading';
import { stateField } from '../navigation/auth-navigation';
import { useAuthHref } from '../navigation/use-auth-href';

/**
 * Spec §2.1 email-confirmation: "check your inbox" for the address login or sign-up handed over in
 * navigation state. A reload loses that state; Resend then says 'Email is missing' (spec §5).
 */
export default function EmailConfirmationPage() {
  const { t } = useTranslation('auth');
  const href = useAuthHref();
  const api = useService(AuthApi);
  const config = useService(PortalConfig);
  const notifier = useService(Notifier);
  const signal = useUnmountSignal();
  const email = stateField(useLocation().state, 'email');
  const [busy, setBusy] = useState(false);

  const resend = async () => {
    if (!email) {
      notifier.info(t('emailConfirmation.missing'));
      return;
    }
    setBusy(true);
    try {
      const { msg } = await api.resendEmail({ email, portal: config.portalKey }, signal());
      notifier.success(msg || t('emailConfirmation.resent'));
    } catch {
      // Shown by the HTTP client (spec §8).
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
      <Button type="primary" size="large" className="auth-screen__submit" onClick={resend} loading={busy}>
        {t('emailConfirmation.resend')}
      </Button>
      <p className="auth-screen__footer">
        <Link to={href('login')}>{t('common.backToLogin')}</Link>
      </p>
    </>
  );
}
