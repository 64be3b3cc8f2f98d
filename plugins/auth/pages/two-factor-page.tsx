import { OtpInput, PortalForm, rules, SessionStore, SubmitButton, useService } from '@core';
import { Alert, Button } from 'antd';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthApi } from '../api/auth-api';
import { AuthHeading } from '../components/auth-heading';
import { useFollowExit } from '../components/orgs-follow-exit';
import '../components/two-factor-setup.css';
import { useAuthHref } from '../navigation/use-auth-href';
import { TwoFactorSetupStore } from '../stores/two-factor-setup-store';

interface CodeValues {
  code: string;
}

const TwoFactorQrImage = lazy(() => import('../components/two-factor-qr-image'));

/** Spec §2.1 two-factor: set up an authenticator app with a QR image, a copyable secret and a 6-digit code. */
const TwoFactorPage = observer(function TwoFactorPage() {
  const { t } = useTranslation('auth');
  const api = useService(AuthApi);
  const session = useService(SessionStore);
  const href = useAuthHref();
  const [form] = PortalForm.useForm<CodeValues>();
  const [store] = useState(() => new TwoFactorSetupStore(api, session, { done: href('orgs') }));
  useEffect(() => void store.start(), [store]);
  useFollowExit(store.exit);

  const confirm = async ({ code }: CodeValues) => {
    if (!(await store.confirm(code))) form.setFieldValue('code', '');
  };

  return (
    <>
      <AuthHeading title={t('twoFactor.title')}>{t('twoFactor.lead')}</AuthHeading>
      {store.loading && (
        <p className="auth-screen__status" role="status">
          {t('twoFactor.loading')}
        </p>
      )}
      {store.failed && !store.loading && (
        <Alert
          type="error"
          showIcon
          message={t('twoFactor.failed')}
          action={
            <Button size="small" onClick={() => void store.retry()}>
              {t('twoFactor.retry')}
            </Button>
          }
        />
      )}
      {store.setup && !store.loading && (
        <>
          <ol className="auth-two-factor__steps">
            <li>
              <p>{t('twoFactor.scan')}</p>
              <Suspense fallback={<div className="auth-two-factor__qr auth-two-factor__qr--pending" />}>
                <TwoFactorQrImage url={store.setup.url} label={t('twoFactor.qrLabel')} />
              </Suspense>
            </li>
            <li>
              <p>{t('twoFactor.manual')}</p>
              <div className="auth-two-factor__secret">
                <span>{t('twoFactor.secretLabel')}</span>
                <code>{store.setup.secret}</code>
                <Button onClick={() => void store.copySecret(navigator.clipboard)}>
                  {store.copied ? t('twoFactor.copied') : t('twoFactor.copy')}
                </Button>
                <span role="status" className="portal-visually-hidden">
                  {store.copied ? t('twoFactor.copiedAnnouncement') : ''}
                </span>
              </div>
            </li>
            <li>
              <PortalForm
                form={form}
                layout="vertical"
                requiredMark={false}
                onFinish={confirm}
                disabled={store.exit !== null}
              >
                <PortalForm.Item name="code" label={t('twoFactor.codeLabel')} rules={rules.otp(t)}>
                  <OtpInput />
                </PortalForm.Item>
                <SubmitButton
                  className="auth-screen__submit"
                  size="large"
                  loading={store.confirming}
                  loadingText={t('twoFactor.submitting')}
                >
                  {t('twoFactor.submit')}
                </SubmitButton>
              </PortalForm>
            </li>
          </ol>
        </>
      )}
    </>
  );
});

export default TwoFactorPage;
