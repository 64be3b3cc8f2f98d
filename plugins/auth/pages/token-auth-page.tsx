import {
  Notifier,
  PageSpinner,
  PluginRegistry,
  PortalConfig,
  SessionStore,
  ThemeStore,
  Translator,
  useService,
} from '@core';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AuthApi } from '../api/auth-api';
import { AuthHeading } from '../components/auth-heading';
import { useFollowExit } from '../components/orgs-follow-exit';
import { useSecretQuery } from '../hooks/use-secret-query';
import { safeToUrl, withToUrl } from '../navigation/auth-navigation';
import { useAuthHref } from '../navigation/use-auth-href';
import { OrganizationEntry } from '../stores/orgs-organization-entry';
import { TokenAuthStore } from '../stores/token-auth-store';

const SECRET = ['token'] as const;

/**
 * docs/screens-and-routes.md token-auth: `token`, `orgId`, `toUrl` from a launching portal. The token leaves the address bar
 * and the history entry (useSecretQuery's effect, declared before the one that sends it) before any request.
 */
const TokenAuthPage = observer(function TokenAuthPage() {
  const { t } = useTranslation('auth');
  const api = useService(AuthApi);
  const session = useService(SessionStore);
  const theme = useService(ThemeStore);
  const config = useService(PortalConfig);
  const notifier = useService(Notifier);
  const translator = useService(Translator);
  const routes = useService(PluginRegistry);
  const href = useAuthHref();
  const { token } = useSecretQuery(SECRET);
  const [params] = useSearchParams();
  const [store] = useState(() => {
    const toUrl = safeToUrl(params.get('toUrl'));
    return new TokenAuthStore(
      api,
      new OrganizationEntry(api, session, theme, config),
      session,
      notifier,
      translator,
      { token, orgId: params.get('orgId') ?? undefined },
      {
        login: href('login'),
        orgs: withToUrl(href('orgs'), toUrl),
        destination: toUrl ?? routes.landingPath,
      },
    );
  });
  // Not cancelled on unmount: the token is single-use, so the exchange must finish once it has started.
  useEffect(() => void store.start(), [store]);
  useFollowExit(store.exit);

  return (
    <div className="auth-screen__status" aria-live="polite">
      <AuthHeading title={t('tokenAuth.title')}>{t('tokenAuth.wait')}</AuthHeading>
      <PageSpinner />
    </div>
  );
});

export default TokenAuthPage;
