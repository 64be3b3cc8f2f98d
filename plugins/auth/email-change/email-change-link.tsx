import { ApiError, PlainButton, TaggedText, useService } from '@core';
import type { EmailChangeLinkData } from '@contract/v1/email-change';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AuthApi } from '../api/auth-api';
import { useSecretQuery } from '../hooks/use-secret-query';
import { useAuthHref } from '../navigation/use-auth-href';
import '../components/auth-screen.css';

type Outcome =
  { state: 'processing' } | { state: 'done'; email: string } | { state: 'failed'; reason: string };

const TOKEN = ['token'] as const;
/** An address inside a sentence keeps its left-to-right order in Arabic. */
const ADDRESS = { email: <bdi dir="ltr" /> };

/**
 * The two mailed links of an email change (docs/account-settings.md#changing-the-email-address): `confirm` from the
 * new address, `undo` from the old one. One call on arrival, as email verification does; the token leaves the
 * address bar at once (useSecretQuery) and the server sends no Referer. Plain controls: an auth route's first paint.
 */
export function EmailChangeLink({ action }: { action: 'confirm' | 'undo' }) {
  const { t } = useTranslation('auth');
  const api = useService(AuthApi);
  const navigate = useNavigate();
  const href = useAuthHref();
  const { token } = useSecretQuery(TOKEN);
  const [outcome, setOutcome] = useState<Outcome>(() =>
    token ? { state: 'processing' } : { state: 'failed', reason: t('emailVerification.expired') },
  );
  // The token is single use: a second call (React's development double effect) would report it expired.
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    const call: Promise<{ data: EmailChangeLinkData }> =
      action === 'confirm' ? api.confirmEmailChange({ token }) : api.undoEmailChange({ token });
    call.then(
      ({ data }) => setOutcome({ state: 'done', email: data.email }),
      (error: unknown) =>
        setOutcome({
          state: 'failed',
          reason: error instanceof ApiError ? error.message : t('emailVerification.expired'),
        }),
    );
  }, [api, action, token, t]);

  if (outcome.state === 'processing') {
    return (
      <div className="auth-screen__status" role="status" aria-live="polite" aria-busy="true">
        <span className="auth-screen__spinner" aria-hidden="true" />
        <h1 className="auth-screen__title">{t(`emailChange.${action}.processing`)}</h1>
      </div>
    );
  }
  const done = outcome.state === 'done';
  return (
    <div className="auth-screen__status" role="status" aria-live="polite">
      <span
        className={`auth-screen__outcome auth-screen__outcome--${done ? 'verified' : 'expired'}`}
        aria-hidden="true"
      >
        {done ? '\u2713' : '!'}
      </span>
      <h1 className="auth-screen__title">{t(done ? `emailChange.${action}.done` : 'emailChange.failed')}</h1>
      <p className="auth-screen__lead">
        {done ? (
          <TaggedText text={t(`emailChange.${action}.body`, { email: outcome.email })} components={ADDRESS} />
        ) : (
          outcome.reason
        )}
      </p>
      {done && action === 'undo' && (
        <PlainButton variant="primary" size="large" onClick={() => navigate(href('forgot-password'))}>
          {t('emailChange.undo.resetPassword')}
        </PlainButton>
      )}
      <PlainButton
        variant={done && action === 'undo' ? 'default' : 'primary'}
        size="large"
        onClick={() => navigate(href('login'), { replace: true })}
      >
        {t('emailVerification.goToLogin')}
      </PlainButton>
    </div>
  );
}
