import { useService } from '@core';
import { Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AuthApi } from '../api/auth-api';
import { useSecretQuery } from '../hooks/use-secret-query';
import { useAuthHref } from '../navigation/use-auth-href';

type Status = 'processing' | 'verified' | 'expired';

const TOKENS = ['verificationToken', 'organizationToken'] as const;

/** Spec §2.1 email-verification and §4 Email verification: one call on arrival, then the outcome. */
export default function EmailVerificationPage() {
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

  const goToLogin = (
    <Button type="primary" size="large" onClick={() => navigate(href('login'), { replace: true })}>
      {t('emailVerification.goToLogin')}
    </Button>
  );

  if (status === 'processing') {
    return (
      <div className="auth-screen__status" role="status" aria-live="polite">
        <Spin />
        <h1 className="auth-screen__title">{t('emailVerification.processing')}</h1>
      </div>
    );
  }
  return (
    <div role="status" aria-live="polite">
      <Result
        status={status === 'verified' ? 'success' : 'warning'}
        title={
          <h1 className="auth-screen__title">
            {t(status === 'verified' ? 'emailVerification.verified' : 'emailVerification.expired')}
          </h1>
        }
        extra={goToLogin}
      />
    </div>
  );
}
