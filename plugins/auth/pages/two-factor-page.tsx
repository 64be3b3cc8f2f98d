import {
  clearFields,
  showServerError,
  fieldRules,
  FormField,
  InlineAlert,
  OtpInput,
  PlainButton,
  RuleForm,
  SessionStore,
  SubmitButton,
  useRuleForm,
  useService,
} from '@core';
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

/** docs/screens-and-routes.md two-factor: set up an authenticator app with a QR image, a copyable secret and a 6-digit code. */
const TwoFactorPage = observer(function TwoFactorPage() {
  const { t } = useTranslation('auth');
  const api = useService(AuthApi);
  const session = useService(SessionStore);
  const href = useAuthHref();
  const form = useRuleForm<CodeValues>({ defaultValues: { code: '' } });
  const [store] = useState(() => new TwoFactorSetupStore(api, session, { done: href('orgs') }));
  useEffect(() => void store.start(), [store]);
  useFollowExit(store.exit);

  const confirm = async ({ code }: CodeValues) => {
    try {
      await store.confirm(code);
    } catch (error) {
      clearFields(form, ['code']);
      showServerError(form, error);
    }
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
        <InlineAlert
          type="error"
          message={t('twoFactor.failed')}
          action={
            <PlainButton size="small" onClick={() => void store.retry()}>
              {t('twoFactor.retry')}
            </PlainButton>
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
                <PlainButton onClick={() => void store.copySecret(navigator.clipboard)}>
                  {store.copied ? t('twoFactor.copied') : t('twoFactor.copy')}
                </PlainButton>
                <span role="status" className="portal-visually-hidden">
                  {store.copied ? t('twoFactor.copiedAnnouncement') : ''}
                </span>
              </div>
            </li>
            <li>
              <RuleForm form={form} onSubmit={confirm} disabled={store.exit !== null}>
                <FormField name="code" label={t('twoFactor.codeLabel')} rule={fieldRules.otp()}>
                  <OtpInput />
                </FormField>
                <SubmitButton
                  className="auth-screen__submit"
                  size="large"
                  loading={store.confirming}
                  loadingText={t('twoFactor.submitting')}
                >
                  {t('twoFactor.submit')}
                </SubmitButton>
              </RuleForm>
            </li>
          </ol>
        </>
      )}
    </>
  );
});

export default TwoFactorPage;
