import {
  PluginRegistry,
  SessionStore,
  ThemeStore,
  useService,
  useUnmountSignal,
} from '@core';
import { Alert, Button, Spin, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { AccountDataApi } from '../api/account-data-api';
import { AccountDeletionStore } from '../stores/account-deletion-store';
import { DeleteAccountModal } from './delete-account-modal';

/**
 * Where an owner goes to hand an organisation over: the organisation step enters it, then its members page (where
 * ownership is transferred) when the plugin that provides it is enabled.
 */
function useOwnershipLink(): (organizationId: string) => string {
  const routes = useService(PluginRegistry);
  const selection = routes.wellKnownHref('account-selection');
  const members = routes.has('organisation-acl.users') ? routes.href('organisation-acl.users') : null;
  return (organizationId) => {
    const query = new URLSearchParams({ orgId: organizationId, ...(members ? { toUrl: members } : {}) });
    return `${selection}?${query.toString()}`;
  };
}

/**
 * "Delete your account": what is deleted and what organisations keep; while the user owns a business organisation,
 * why it cannot be done yet and a link to hand each one over; otherwise the confirmation dialog. Once deleted, this
 * browser forgets the session and shows the sign-in page (the server has already ended every session).
 */
export const DeleteAccountPanel = observer(function DeleteAccountPanel() {
  const { t } = useTranslation('account-data');
  const api = useService(AccountDataApi);
  const session = useService(SessionStore);
  const theme = useService(ThemeStore);
  const routes = useService(PluginRegistry);
  const navigate = useNavigate();
  const signal = useUnmountSignal();
  const headingId = useId();
  const ownershipLink = useOwnershipLink();
  const [store] = useState(() => new AccountDeletionStore(api));

  useEffect(() => {
    const controller = new AbortController();
    void store.load(controller.signal);
    return () => controller.abort();
  }, [store]);

  const remove = async (confirmation: string) => {
    if (!(await store.delete(confirmation, signal()))) return;
    session.logout({ byUser: true });
    theme.reset();
    navigate(routes.wellKnownHref('sign-in'), { replace: true });
  };

  return (
    <section
      className="account-data-panel account-data-panel--danger"
      aria-labelledby={headingId}
      aria-busy={store.phase === 'loading'}
    >
      <Typography.Title level={2} id={headingId} className="account-data-panel__title">
        {t('delete.title')}
      </Typography.Title>
      <Typography.Paragraph>{t('delete.description')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('delete.kept')}</Typography.Paragraph>
      {store.phase === 'loading' && (
        <div role="status" className="account-data-panel__loading">
          <Spin />
          <span className="portal-visually-hidden">{t('delete.loading')}</span>
        </div>
      )}
      {store.phase === 'failed' && (
        <Alert
          type="error"
          showIcon
          message={t('delete.loadFailed')}
          action={<Button onClick={() => void store.load(signal())}>{t('retry')}</Button>}
        />
      )}
      {store.phase === 'ready' && store.blocked && (
        <Alert
          type="warning"
          showIcon
          message={t('delete.owner')}
          description={
            <ul className="account-data-panel__owned">
              {store.ownedOrganizations.map((organization) => (
                <li key={organization.id}>
                  <Link to={ownershipLink(organization.id)}>
                    {t('delete.transfer', { name: organization.name })}
                  </Link>
                </li>
              ))}
            </ul>
          }
        />
      )}
      {store.phase === 'ready' && !store.blocked && (
        <div className="account-data-panel__actions">
          <Button danger onClick={() => store.ask()}>
            {t('delete.button')}
          </Button>
        </div>
      )}
      {store.asking && (
        <DeleteAccountModal
          email={store.email}
          busy={store.deleting}
          confirms={(typed) => store.confirms(typed)}
          onConfirm={(typed) => void remove(typed)}
          onCancel={() => store.cancel()}
        />
      )}
    </section>
  );
});
