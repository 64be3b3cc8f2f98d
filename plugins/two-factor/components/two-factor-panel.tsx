import { RecentAnswers, SessionStore, useService, useUnmountSignal } from '@core';
import { Alert, Button, Spin, Tag, Tooltip, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UserSecurityApi } from '../api/user-security-api';
import { TwoFactorStore, type ManagedMethod } from '../stores/two-factor-store';
import { UserProfileStore } from '../stores/user-profile-store';

// Each dialog loads when first opened: most visits only read the status.
const AuthenticatorSetupModal = lazy(() => import('./authenticator-setup-modal'));
const MobileSetupModal = lazy(() => import('./mobile-setup-modal'));
const ResetTwoFactorModal = lazy(() => import('./reset-two-factor-modal'));
const TwoFactorToggleModal = lazy(() => import('./two-factor-toggle-modal'));

function useTwoFactorStore(onChange?: () => void): TwoFactorStore {
  const api = useService(UserSecurityApi);
  const session = useService(SessionStore);
  const answers = useService(RecentAnswers);
  const [store] = useState(
    () => new TwoFactorStore(new UserProfileStore(api, session, answers), api, onChange),
  );
  return store;
}

interface MethodRowProps {
  id: string;
  title: string;
  description: ReactNode;
  configured: boolean;
  action?: ReactNode;
}

function MethodRow({ id, title, description, configured, action }: MethodRowProps) {
  const { t } = useTranslation('two-factor');
  return (
    <li className="two-factor-method" aria-labelledby={`${id}-title`}>
      <div className="two-factor-method__text">
        <Typography.Title level={3} id={`${id}-title`} className="two-factor-method__title">
          {title}{' '}
          <Tag color={configured ? 'green' : 'default'}>
            {configured ? t('twoFactor.configured') : t('twoFactor.notConfigured')}
          </Tag>
        </Typography.Title>
        <Typography.Text type="secondary">{description}</Typography.Text>
      </div>
      {action}
    </li>
  );
}

/**
 * The two-factor authentication panel (docs/two-factor.md): overall Enabled/Disabled with Enable or Disable (Disable
 * locked with a tooltip when an organisation enforces 2FA, Enable offered with a note saying it is required), and
 * the Authenticator, Mobile Number and Email methods.
 */
export const TwoFactorPanel = observer(function TwoFactorPanel({
  onSecondFactorChange,
}: {
  /** A change the server accepted (a method set up or reset, 2FA on or off): the page's recovery codes follow. */
  onSecondFactorChange?: () => void;
}) {
  const { t } = useTranslation('two-factor');
  const store = useTwoFactorStore(onSecondFactorChange);
  const signal = useUnmountSignal();
  const { profile } = store;

  useEffect(() => {
    const controller = new AbortController();
    void profile.load(controller.signal);
    return () => controller.abort();
  }, [profile]);

  const info = profile.userInfo;
  const methodAction = (method: ManagedMethod, label: string) =>
    store.configured(method) ? (
      <Button
        onClick={() => store.open({ kind: 'reset', method })}
        aria-label={t('twoFactor.resetMethod', { method: label })}
      >
        {t('twoFactor.reset')}
      </Button>
    ) : (
      <Button
        type="primary"
        onClick={() => store.open({ kind: method === 'totp' ? 'authenticator' : 'mobile' })}
        aria-label={t('twoFactor.setUpMethod', { method: label })}
      >
        {t('twoFactor.setUp')}
      </Button>
    );

  // An organisation that enforces 2FA locks it on: it may not be turned off, and turning it on is what it asks for.
  const locked = store.enforced && store.enabled;
  const toggle = (
    <Button
      type={store.enabled ? 'default' : 'primary'}
      danger={store.enabled}
      disabled={locked}
      onClick={() => store.open({ kind: 'toggle', enable: !store.enabled })}
    >
      {store.enabled ? t('twoFactor.disable') : t('twoFactor.enable')}
    </Button>
  );

  return (
    <section
      className="two-factor-panel"
      aria-labelledby="two-factor-title"
      aria-busy={profile.phase === 'loading'}
    >
      <Typography.Title level={2} id="two-factor-title" className="two-factor-panel__title">
        {t('twoFactor.title')}
      </Typography.Title>
      {profile.phase === 'loading' && (
        <div role="status" className="two-factor-panel__loading">
          <Spin />
          <span className="portal-visually-hidden">{t('twoFactor.loading')}</span>
        </div>
      )}
      {profile.phase === 'failed' && (
        <Alert
          type="error"
          showIcon
          message={t('twoFactor.loadFailed')}
          action={<Button onClick={() => void profile.load(signal())}>{t('retry')}</Button>}
        />
      )}
      {profile.phase === 'ready' && info && (
        <>
          <div className="two-factor-status">
            <Typography.Text>
              {t('twoFactor.status.label')}{' '}
              <Tag color={store.enabled ? 'green' : 'default'} data-testid="two-factor-status">
                {store.enabled ? t('twoFactor.status.enabled') : t('twoFactor.status.disabled')}
              </Tag>
            </Typography.Text>
            {locked ? (
              <Tooltip title={t('twoFactor.enforced')} trigger={['hover', 'focus']}>
                {/* A disabled button fires no pointer or focus events: a focusable wrapper carries the tooltip.
                    The tooltip takes over aria-describedby of its direct child, hence the inner span. */}
                <span>
                  <span
                    tabIndex={0}
                    className="two-factor-status__locked"
                    aria-describedby="two-factor-enforced"
                  >
                    {toggle}
                  </span>
                </span>
              </Tooltip>
            ) : (
              toggle
            )}
          </div>
          {store.enforced && (
            <Typography.Paragraph
              type="secondary"
              id="two-factor-enforced"
              className="two-factor-status__note"
            >
              {t(store.enabled ? 'twoFactor.enforced' : 'twoFactor.required')}
            </Typography.Paragraph>
          )}
          <ul className="two-factor-methods">
            <MethodRow
              id="two-factor-authenticator"
              title={t('twoFactor.methods.authenticator.title')}
              description={t('twoFactor.methods.authenticator.description')}
              configured={store.configured('totp')}
              action={methodAction('totp', t('twoFactor.methods.authenticator.title'))}
            />
            <MethodRow
              id="two-factor-mobile"
              title={t('twoFactor.methods.mobile.title')}
              description={
                store.configured('otp') && info.phone.phoneNumber
                  ? t('twoFactor.methods.mobile.number', { phone: info.phone.phoneNumber })
                  : t('twoFactor.methods.mobile.description')
              }
              configured={store.configured('otp')}
              action={methodAction('otp', t('twoFactor.methods.mobile.title'))}
            />
            <MethodRow
              id="two-factor-email"
              title={t('twoFactor.methods.email.title')}
              description={t('twoFactor.methods.email.description', { email: info.email })}
              configured
            />
          </ul>
        </>
      )}
      <Suspense fallback={null}>
        {store.dialog.kind === 'toggle' && (
          <TwoFactorToggleModal
            enable={store.dialog.enable}
            busy={store.busy}
            onConfirm={(enable) => void store.setEnabled(enable, signal())}
            onCancel={() => store.close()}
          />
        )}
        {store.dialog.kind === 'authenticator' && (
          <AuthenticatorSetupModal
            onDone={(userInfo) => store.completed(userInfo)}
            onCancel={() => store.close()}
          />
        )}
        {store.dialog.kind === 'mobile' && (
          <MobileSetupModal
            initialPhone={info?.phone.phoneNumber ?? undefined}
            onDone={(userInfo) => store.completed(userInfo)}
            onCancel={() => store.close()}
          />
        )}
        {store.dialog.kind === 'reset' && (
          <ResetTwoFactorModal
            method={store.dialog.method}
            busy={store.busy}
            onConfirm={(method) => void store.reset(method, signal())}
            onCancel={() => store.close()}
          />
        )}
      </Suspense>
    </section>
  );
});
