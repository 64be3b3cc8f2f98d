import { PlainButton, useService } from '@core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AuthApi } from '../api/auth-api';
import { useSecretQuery } from '../hooks/use-secret-query';
import { useAuthHref } from '../navigation/use-auth-href';
import '../components/auth-screen.css';

type Status = 'processing' | 'verified' | 'expired';

const TOKENS = ['verificationToken', 'organizationToken'] as const;

/**
 * docs/screens-and-routes.md email-verification and docs/sign-in-and-accounts.md Email verification: one call on
 * arrival, then the outcome. Plain controls, not antd's Result/Button/Spin: a page opened from a mail is an auth
 * route's first paint (docs/performance.md).
 */
function EmailVerificationPage() {
  const { t } = useTranslation('auth');
  const api = useService(AuthApi);
  const navigate = useNavigate();
  const href = useAuthHref();
  const { verificationToken, organizationToken } = useSecretQuery(TOKENS);
  const [status, setStatus] = useState<Status>(verificationToken ? 'processing' : 'expired');
  // The token is single use: a second call (React's development double effect) would report it expired.
  const started = useRef(false);

  useEffect(() => {
    if (!verificationToken || started.current) return;
    started.current = true;
    api
      .verifyEmail({
        token: verificationToken,
        ...(organizationToken ? { organizationId: organizationToken } : {}),
      })
      .then(
        () => setStatus('verified'),
        () => setStatus('expired'),
      );
  }, [api, verificationToken, organizationToken]);

  if (status === 'processing') {
    return (
      <div className="auth-screen__status" role="status" aria-live="polite" aria-busy="true">
        <span className="auth-screen__spinner" aria-hidden="true" />
        <h1 className="auth-screen__title">{t('emailVerification.processing')}</h1>
      </div>
    );
  }
  return (
    <div className="auth-screen__status" role="status" aria-live="polite">
      <span className={`auth-screen__outcome auth-screen__outcome--${status}`} aria-hidden="true">
        {status === 'verified' ? '\u2713' : '!'}
      </span>
      <h1 className="auth-screen__title">
        {t(status === 'verified' ? 'emailVerification.verified' : 'emailVerification.expired')}
      </h1>
      <PlainButton variant="primary" size="large" onClick={() => navigate(href('login'), { replace: true })}>
        {t('emailVerification.goToLogin')}
      </PlainButton>
    </div>
  );
}

export default EmailVerificationPage;
