import {
  ChangePasswordDialog,
  Notifier,
  PageSpinner,
  PlainButton,
  PluginRegistry,
  PortalConfig,
  SessionStore,
  ThemeStore,
  Translator,
  useLogout,
  useProvidedComponent,
  useService,
} from '@core';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AuthApi } from '../api/auth-api';
import { AuthHeading } from '../components/auth-heading';
import { OrgsAccountList } from '../components/orgs-account-list';
import { useFollowExit } from '../components/orgs-follow-exit';
import { organisationLeaveDelayMs, safeToUrl } from '../navigation/auth-navigation';
import { useAuthHref } from '../navigation/use-auth-href';
import { OrganizationEntry } from '../stores/orgs-organization-entry';
import { OrgsSelectionStore } from '../stores/orgs-selection-store';

// Most users never see these dialogs (the enforced-2FA notice, the password change an administrator asks for): they
// load, with antd's theme, only when the selected organisation asks for one, so this screen paints without antd.
// The password dialog is another plugin's (core's ChangePasswordDialog) and loads the same way.
const OrgsPageDialogs = lazy(() => import('../components/orgs-page-dialogs'));

/**
 * `toUrl` when it is a path of this portal, else the landing route. A `toUrl` back to this very screen
 * (a guard's redirect can produce one) would leave the user here with nothing left to do: landing instead.
 */
function destinationAfterSelection(toUrl: string | null, orgsPath: string, landing: string): string {
  const safe = safeToUrl(toUrl);
  if (!safe || new URL(safe, 'http://portal.invalid').pathname === orgsPath) return landing;
  return safe;
}

function useOrgsSelectionStore(canChangePassword: boolean): OrgsSelectionStore {
  const api = useService(AuthApi);
  const session = useService(SessionStore);
  const theme = useService(ThemeStore);
  const config = useService(PortalConfig);
  const notifier = useService(Notifier);
  const translator = useService(Translator);
  const routes = useService(PluginRegistry);
  const href = useAuthHref();
  const [params] = useSearchParams();
  const [store] = useState(
    () =>
      new OrgsSelectionStore(
        new OrganizationEntry(api, session, theme, config),
        notifier,
        translator,
        { orgId: params.get('orgId') },
        {
          login: href('login'),
          destination: destinationAfterSelection(params.get('toUrl'), href('orgs'), routes.landingPath),
          landing: routes.landingPath,
          // Proceed on the enforced-2FA notice: whichever plugin provides the security settings.
          security: routes.wellKnownHref('security-settings'),
        },
        { leaveDelayMs: organisationLeaveDelayMs(config.authLayout.variant), canChangePassword },
      ),
  );
  return store;
}

/**
 * Organisation selection: the personal account and the organisation accounts, then the steps an organisation
 * may ask for (docs/organisation-selection.md).
 */
const OrgsPage = observer(function OrgsPage() {
  const { t } = useTranslation('auth');
  const session = useService(SessionStore);
  const logout = useLogout();
  const ChangePassword = useProvidedComponent(ChangePasswordDialog);
  const store = useOrgsSelectionStore(ChangePassword !== null);

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
    refusedId: store.refusedId,
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
      <PlainButton variant="link" className="auth-orgs__logout" onClick={() => void logout()}>
        {t('orgs.logout')}
      </PlainButton>
      {(store.phase === 'twoFactorNotice' || (store.phase === 'passwordReset' && ChangePassword)) && (
        <Suspense fallback={null}>
          <OrgsPageDialogs
            ChangePassword={ChangePassword}
            phase={store.phase}
            enablingTwoFactor={store.enablingTwoFactor}
            onPasswordResetDone={() => store.passwordResetDone()}
            onTwoFactorAnswer={(answer) => void store.answerTwoFactorNotice(answer)}
          />
        </Suspense>
      )}
    </section>
  );
});

export default OrgsPage;
