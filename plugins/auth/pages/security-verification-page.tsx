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
  TextInput,
  useRuleForm,
  useService,
  useUnmountSignal,
} from '@core';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { AuthApi } from '../api/auth-api';
import { AuthHeading } from '../components/auth-heading';
import '../components/security-verification.css';
import { useFollowExit } from '../components/orgs-follow-exit';
import { stateField, withToUrl, type SecurityVerificationState } from '../navigation/auth-navigation';
import { useAuthHref } from '../navigation/use-auth-href';
import { offeredMethods, SecurityVerificationStore } from '../stores/security-verification-store';
import { RECOVERY_CODE_MAX_LENGTH } from '@contract/v1/recovery-code-format';

interface CodeValues {
  code: string;
}

const HINT_KEYS = {
  totp: 'securityVerification.hint.totp',
  email: 'securityVerification.hint.email',
  otp: 'securityVerification.hint.otp',
  'recovery-code': 'securityVerification.hint.recoveryCode',
} as const;

const SecurityVerification = observer(function SecurityVerification({
  state,
}: {
  state: SecurityVerificationState;
}) {
  const { t } = useTranslation('auth');
  const api = useService(AuthApi);
  const session = useService(SessionStore);
  const href = useAuthHref();
  const signal = useUnmountSignal();
  const methodsName = useId();
  const form = useRuleForm<CodeValues>({ defaultValues: { code: '' } });
  const [store] = useState(
    () =>
      new SecurityVerificationStore(
        api,
        session,
        state.tokenId,
        // Navigation state first: the session copy is only a fallback for a state written by an older login.
        offeredMethods(state.twoFactorConfigInfo ?? session.twoFactorConfigInfo),
        { orgs: withToUrl(href('orgs'), state.toUrl), emailConfirmation: href('email-confirmation') },
      ),
  );
  useEffect(() => () => store.dispose(), [store]);
  useFollowExit(store.exit);

  const verify = async ({ code }: CodeValues) => {
    try {
      await store.verify(code, signal());
    } catch (error) {
      // A refused code is of no further use: the field empties for the next one, under the server's reason.
      clearFields(form, ['code']);
      showServerError(form, error);
    }
  };
  const switchMethod = (type: SecurityVerificationStore['selectedType']) => {
    if (!type) return;
    store.select(type);
    form.reset();
  };

  if (store.methods.length === 0) {
    return (
      <>
        <AuthHeading title={t('securityVerification.title')} />
        <InlineAlert type="warning" message={t('securityVerification.noMethod')} />
        <p className="auth-screen__footer">
          <Link to={href('login')}>{t('securityVerification.backToLogin')}</Link>
        </p>
      </>
    );
  }

  return (
    <>
      <AuthHeading title={t('securityVerification.title')}>{t('securityVerification.lead')}</AuthHeading>
      {/* Native radios: a fieldset names the group and disables it in one place; arrow keys move between them. */}
      <fieldset className="auth-security__methods" disabled={store.busy}>
        <legend>{t('securityVerification.method')}</legend>
        {store.methods.map((method) => (
          <label key={method.key} className="auth-security__method">
            <input
              type="radio"
              name={methodsName}
              value={method.type}
              checked={store.selectedType === method.type}
              onChange={() => switchMethod(method.type)}
            />
            <span>{t(`securityVerification.methods.${method.key}`)}</span>
          </label>
        ))}
      </fieldset>

      {store.selectedType === 'passkey' && (
        <p className="auth-security__hint">{t('securityVerification.hint.passkey')}</p>
      )}
      {store.passkeyFailed && <InlineAlert type="error" message={t('securityVerification.passkeyFailed')} />}
      {!store.awaitingCode ? (
        <PlainButton
          variant="primary"
          size="large"
          className="auth-screen__submit auth-security__proceed"
          loading={store.requestingCode || (store.selectedType === 'passkey' && store.verifying)}
          disabled={store.busy}
          onClick={() => void store.proceed(signal())}
        >
          {store.selectedType === 'passkey'
            ? t('securityVerification.usePasskey')
            : t('securityVerification.proceed')}
        </PlainButton>
      ) : (
        <RuleForm
          form={form}
          onSubmit={verify}
          disabled={store.exit !== null}
          className="auth-security__code"
        >
          <p className="auth-security__hint">
            {store.selectedType === 'email' && !state.email
              ? t('securityVerification.hint.emailGeneric')
              : store.selectedType &&
                store.selectedType !== 'passkey' &&
                t(HINT_KEYS[store.selectedType], { email: state.email })}
          </p>
          {store.developmentCode && (
            <p role="status">
              <span className="auth-security__chip">
                {t('securityVerification.developmentCode', { code: store.developmentCode })}
              </span>
            </p>
          )}
          {store.selectedType === 'recovery-code' ? (
            // Checked by the server only: it reads capitals, spaces and look-alike letters as the code was made.
            <FormField name="code" label={t('securityVerification.recoveryCode.label')}>
              <TextInput
                autoFocus
                dir="ltr"
                size="large"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={RECOVERY_CODE_MAX_LENGTH}
              />
            </FormField>
          ) : (
            <FormField name="code" label={t('core:controls.otp.label')} rule={fieldRules.otp()}>
              <OtpInput autoFocus />
            </FormField>
          )}
          <SubmitButton
            className="auth-screen__submit"
            size="large"
            loading={store.verifying}
            loadingText={t('securityVerification.verifying')}
          >
            {t('securityVerification.verify')}
          </SubmitButton>
          {store.sendsCode && (
            <div className="auth-screen__footer">
              <PlainButton
                variant="link"
                loading={store.requestingCode}
                disabled={store.countdown.running || store.busy}
                onClick={() => void store.resend(signal())}
              >
                {store.countdown.running
                  ? t('securityVerification.resendIn', { seconds: store.countdown.secondsLeft })
                  : t('securityVerification.resend')}
              </PlainButton>
            </div>
          )}
        </RuleForm>
      )}
    </>
  );
});

/**
 * docs/screens-and-routes.md security-verification: the 2FA step of a login. The tokenId arrives in navigation state only
 * (it is a secret); without it (a reload, a pasted link) the user starts over at login.
 */
export default function SecurityVerificationPage() {
  const location = useLocation();
  const href = useAuthHref();
  const tokenId = stateField(location.state, 'tokenId');
  if (!tokenId) return <Navigate to={href('login')} replace />;
  return <SecurityVerification state={location.state as SecurityVerificationState} />;
}
