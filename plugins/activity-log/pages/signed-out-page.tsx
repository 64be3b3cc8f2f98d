import { SessionStore, ThemeStore, useService, useWellKnownHref } from '@core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';

/**
 * Where "This wasn't me" leads: the server has ended every session, this one too, and mailed a password reset
 * link. Arriving from the report, it forgets the dead session here (tokens, organisation theme). Plain markup, no
 * antd: it renders in the auth layout, whose route group has a tight size budget.
 */
export default function SignedOutPage() {
  const { t } = useTranslation('activity-log');
  const session = useService(SessionStore);
  const theme = useService(ThemeStore);
  const signIn = useWellKnownHref('sign-in');
  const state: unknown = useLocation().state;
  const endedEverywhere = typeof state === 'object' && state !== null && 'endedEverywhere' in state;
  useEffect(() => {
    if (!endedEverywhere || !session.isUserLoggedIn) return;
    session.logout();
    theme.reset();
  }, [endedEverywhere, session, theme]);
  return (
    <div className="activity-signed-out">
      <h1>{t('notMe.doneTitle')}</h1>
      <p role="status">{t('notMe.done')}</p>
      <p>
        <Link to={signIn}>{t('notMe.toSignIn')}</Link>
      </p>
    </div>
  );
}
