import { Notifier, PlainButton, SessionStore, SpinnerRing, ThemeStore, Translator, useService } from '@core';
import { observer } from 'mobx-react-lite';
import { Suspense, lazy, useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { ExternalNavigation } from '../api/external-navigation';
import { SsoApi } from '../api/sso-api';
import '../components/sso-screen.css';
import { useSsoPaths } from '../hooks/use-sso-paths';
import { SsoLandingStore, type SsoLinkParams } from '../stores/sso-landing-store';

// antd's Modal and the password form load only for new users.
const SetPasswordDialog = lazy(() => import('../components/set-password-dialog'));

const LINK_PARAMS = ['token', 'applicationId'];

function readLinkParams(search: string): SsoLinkParams {
  const query = new URLSearchParams(search);
  return { token: query.get('token') || null, applicationId: query.get('applicationId') || null };
}

/** docs/apps-and-sso.md `/sso?token=…&applicationId=…`: the partner single sign-on landing. */
export default observer(function SsoLandingPage() {
  const { t } = useTranslation('sso');
  const api = useService(SsoApi);
  const session = useService(SessionStore);
  const theme = useService(ThemeStore);
  const notifier = useService(Notifier);
  const translator = useService(Translator);
  const external = useService(ExternalNavigation);
  const paths = useSsoPaths();
  const location = useLocation();
  const navigate = useNavigate();

  const [store] = useState(() => {
    // The token is a credential: it leaves the address bar and this history entry before any request is made.
    const clearAddress = () => {
      const query = new URLSearchParams(location.search);
      if (!LINK_PARAMS.some((name) => query.has(name))) return;
      LINK_PARAMS.forEach((name) => query.delete(name));
      const rest = query.toString();
      return navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '' }, { replace: true });
    };
    return new SsoLandingStore(
      api,
      session,
      theme,
      notifier,
      translator,
      readLinkParams(location.search),
      paths,
      clearAddress,
    );
  });

  useEffect(() => {
    store.attach();
    return () => store.detach();
  }, [store]);

  const exit = store.exit;
  useEffect(() => {
    if (!exit) return;
    // Always through a timer, even with no delay: React's development double effect cancels the first one.
    const timer = setTimeout(() => {
      if (exit.external) external.assign(exit.to);
      // A plain copy: history.replaceState structured-clones the state, and a MobX proxy cannot be cloned.
      else navigate(exit.to, { replace: true, state: exit.state ? { ...exit.state } : undefined });
    }, exit.delayMs);
    return () => clearTimeout(timer);
  }, [exit, external, navigate]);

  if (store.phase === 'confirm') {
    return (
      <>
        <h1 className="sso-screen__title">{t('landing.confirmTitle')}</h1>
        <p className="sso-screen__lead">
          {store.email ? (
            <Trans
              t={t}
              i18nKey="landing.confirmAs"
              values={{ email: store.email }}
              components={{ strong: <strong dir="ltr" /> }}
            />
          ) : (
            t('landing.confirmUnnamed')
          )}
        </p>
        {store.replacesSession && <p className="sso-screen__lead">{t('landing.confirmReplaces')}</p>}
        <div className="sso-screen__actions">
          <PlainButton variant="primary" size="large" autoFocus onClick={store.confirm}>
            {t('landing.confirm')}
          </PlainButton>
          <PlainButton size="large" onClick={store.cancel}>
            {t('landing.cancel')}
          </PlainButton>
        </div>
      </>
    );
  }

  return (
    <>
      <h1 className="sso-screen__title sso-screen__visually-hidden">{t('landing.title')}</h1>
      <div className="sso-screen__status" role="status" aria-live="polite">
        <SpinnerRing />
        <p className="sso-screen__status-text">{t(store.statusKey)}</p>
        {store.phase === 'blocked' && exit?.external && (
          <p className="sso-screen__lead">{t('landing.returning')}</p>
        )}
      </div>
      {store.phase === 'setPassword' && (
        <Suspense fallback={null}>
          <SetPasswordDialog
            email={store.email}
            showTermsAndConditions={store.showTermsAndConditions}
            submitting={store.submitting}
            onSubmit={store.register}
          />
        </Suspense>
      )}
    </>
  );
});
