import {
  Notifier,
  PageSpinner,
  PortalConfig,
  SessionStore,
  ThemeStore,
  Translator,
  useLogout,
  useService,
} from '@core';
import { Button } from 'antd';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AuthApi } from '../api/auth-api';
import { AuthHeading } from '../components/auth-heading';
import { OrgsAccountList } from '../components/orgs-account-list';
import { useFollowExit } from '../components/orgs-follow-exit';
import { safeToUrl } from '../navigation/auth-navigation';
import { useAuthHref } from '../navigation/use-auth-href';
import { OrganizationEntry } from '../stores/orgs-organization-entry';
import { OrgsSelectionStore } from '../stores/orgs-selection-store';

// Most users never see these two: they load only when the selected organisation asks for them.
const OrgsChangePasswordModal = lazy(() => import('../components/orgs-change-password-modal'));
const OrgsTwoFactorNoticeModal = lazy(() => import('../components/orgs-two-factor-notice-modal'));

/** Where Proceed on the enforced-2FA notice leads (spec §4): the user plugin's security settings. */
const USER_SECURITY_PATH = '/user/security';

/**
 * `toUrl` when it is a path of this portal, else the landing route. A `toUrl` back to this very screen
 * (a guard's redirect can produce one) would leave the user here with nothing left to do: landing instead.
 */
function destinationAfterSelection(toUrl: string | null, orgsPath: string, landing: string): string {
  const safe = safeToUrl(toUrl);
  if (!safe || new URL(safe, 'http://portal.invalid').pathname === orgsPath) return landing;
  return safe;
}

function useOrgsSelectionStore(): OrgsSelectionStore {
  const api = useService(AuthApi);
  const session = useService(SessionStore);
  const theme = useService(ThemeStore);
  const config = useService(PortalConfig);
  const notifier = useService(Notifier);
  const translator = useService(Translator);
  const href = useAuthHref();
  const [params] = useSearchParams();
  const [store] = useState(
    () =>
      new OrgsSelectionStore(
        api,
        new OrganizationEntry(api, session, theme, config),
        session,
        notifier,
        translator,
        { orgId: params.get('orgId') },
        {
          login: href('login'),
          destination: destinationAfterSelection(params.get('toUrl'), href('orgs'), config.landingRoute),
          landing: config.landingRoute,
          security: USER_SECURITY_PATH,
        },
      ),
  );
  return store;
}

/** Organisation selection (spec §2.1, §4): the personal account and the organisation accounts. */
const OrgsPage = observer(function OrgsPage() {
  const { t } = useTranslation('auth');
  const session = useService(SessionStore);
  const logout = useLogout();
  const store = useOrgsSelectionStore();

  useEffect(() => {
    void store.load();
    return () => store.cancel();
  }, [store]);
  useFollowExit(store.exit);
  // Logging out only once this screen is gone: see OrgsExit.endSession.
  useEffect(() => () => (store.exit?.endSession ? session.logout() : undefined), [store, session]);

  const entry = (org: Parameters<typeof store.select>[0]) => void store.select(org);
  const listProps = {
    enteringId: store.enteringId,
    busy: store.busy,
    refusalOf: store.refusalOf,
    onSelect: entry,
  };

  return (
    <section className="auth-orgs" aria-busy={store.phase === 'loading'}>
      <AuthHeading title={t('orgs.title')} />
      {store.phase === 'loading' ? (
        <PageSpinner />
      ) : (
        <>
          <OrgsAccountList title={t('orgs.personal')} accounts={store.personalAccounts} {...listProps} />
          <OrgsAccountList title={t('orgs.business')} accounts={store.businessAccounts} {...listProps} />
          {store.organizations.length === 0 && store.phase === 'choosing' && <p>{t('orgs.empty')}</p>}
        </>
      )}
      <Button type="link" className="auth-orgs__logout" onClick={() => void logout()}>
        {t('orgs.logout')}
      </Button>
      <Suspense fallback={null}>
        {store.phase === 'passwordReset' && (
          <OrgsChangePasswordModal onDone={() => store.passwordResetDone()} />
        )}
        {store.phase === 'twoFactorNotice' && (
          <OrgsTwoFactorNoticeModal
            busy={store.enablingTwoFactor}
            onAnswer={(answer) => void store.answerTwoFactorNotice(answer)}
          />
        )}
      </Suspense>
    </section>
  );
});

export default OrgsPage;
