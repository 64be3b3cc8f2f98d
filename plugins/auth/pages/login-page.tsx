import {
  captchaField,
  clearFields,
  EmailInput,
  fieldRules,
  FormField,
  Notifier,
  PasswordInput,
  RuleForm,
  SessionStore,
  showServerError,
  SubmitButton,
  useCaptcha,
  useRuleForm,
  useService,
  useUnmountSignal,
} from '@core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthApi } from '../api/auth-api';
import type { LoginData } from '@contract/v1/auth';
import { AuthHeading } from '../components/auth-heading';
import { PasskeySignIn } from '../components/passkey-sign-in';
import { useDelayedNavigate } from '../hooks/use-delayed-navigate';
import {
  POST_LOGIN_DELAY_MS,
  safeToUrl,
  withToUrl,
  type EmailConfirmationState,
  type SecurityVerificationState,
} from '../navigation/auth-navigation';
import { useAuthHref } from '../navigation/use-auth-href';

interface LoginValues {
  email: string;
  password: string;
}

/** docs/screens-and-routes.md login and the three branches of docs/sign-in-and-accounts.md Login. */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const api = useService(AuthApi);
  const session = useService(SessionStore);
  const notifier = useService(Notifier);
  const navigate = useNavigate();
  const href = useAuthHref();
  const navigateLater = useDelayedNavigate();
  const signal = useUnmountSignal();
  const captchaFor = useCaptcha();
  const [query] = useSearchParams();
  const toUrl = safeToUrl(query.get('toUrl'));
  const form = useRuleForm<LoginValues>({ defaultValues: { email: '', password: '' } });
  const [busy, setBusy] = useState(false);

  /** Where a login's answer leads; true when the page is leaving for the organisation step. */
  const answer = (data: LoginData, msg?: string): boolean => {
    const twoFactorConfigInfo = data.twoFactorConfigInfo ?? null;
    if (data.twoFactorEnabled && data.tokenId) {
      session.setTwoFactorPending({
        twoFactorConfigInfo,
        twoFactorEnabledInOrg: data.twoFactorEnabledInOrg,
      });
      const state: SecurityVerificationState = {
        tokenId: data.tokenId,
        twoFactorConfigInfo,
        email: data.email.id,
        toUrl,
      };
      navigate(href('security-verification'), { state });
      return false;
    } else if (data.email.verified && data.accessToken && data.refreshToken) {
      session.logIn(
        { accessToken: data.accessToken, refreshToken: data.refreshToken },
        {
          logo: data.logo ?? null,
          // A passkey sign-in of an account with 2FA on answers with tokens at once: two factors in one.
          twoFactorEnabled: data.twoFactorEnabled,
          twoFactorEnabledInOrg: data.twoFactorEnabledInOrg,
        },
      );
      session.clearDirectory();
      navigateLater(withToUrl(href('orgs'), toUrl), POST_LOGIN_DELAY_MS);
      return true;
    } else {
      if (msg) notifier.success(msg);
      const state: EmailConfirmationState = { email: data.email.id };
      navigate(href('email-confirmation'), { state });
      return false;
    }
  };

  const logIn = async ({ email, password }: LoginValues) => {
    setBusy(true);
    let leaving = false;
    try {
      const check = await captchaFor('login');
      if (!check) return;
      const { data, msg } = await api.login({ email, password, ...captchaField(check.token) }, signal());
      // The button stays busy until the organisation screen takes over: no second login meanwhile.
      leaving = answer(data, msg);
    } catch (error) {
      // The form shows the refusal (docs/api-errors.md). The email stays; the password does not.
      clearFields(form, ['password']);
      showServerError(form, error);
    } finally {
      if (!leaving) setBusy(false);
    }
  };

  return (
    <>
      <AuthHeading title={t('login.title')}>{t('login.lead')}</AuthHeading>
      <RuleForm form={form} onSubmit={logIn} disabled={busy}>
        <FormField name="email" label={t('controls.email.label', { ns: 'core' })} rule={fieldRules.email()}>
          {/* `webauthn`: the browser may offer this site's passkeys among the suggestions (conditional mediation). */}
          <EmailInput
            autoFocus
            autoComplete="username webauthn"
            placeholder={t('controls.email.placeholder', { ns: 'core' })}
          />
        </FormField>
        {/* Login checks any existing password: only "required" here, the strength rules are for new ones. */}
        <FormField
          name="password"
          label={t('controls.password.label', { ns: 'core' })}
          rule={fieldRules.loginPassword()}
        >
          <PasswordInput autoComplete="current-password" />
        </FormField>
        <div className="auth-screen__row">
          <Link to={href('forgot-password')}>{t('login.forgotPassword')}</Link>
        </div>
        <SubmitButton
          className="auth-screen__submit"
          size="large"
          loading={busy}
          loadingText={t('login.submitting')}
        >
          {t('login.submit')}
        </SubmitButton>
      </RuleForm>
      <PasskeySignIn
        disabled={busy}
        onSignedIn={(data) => {
          setBusy(true);
          if (!answer(data)) setBusy(false);
        }}
      />
      <p className="auth-screen__footer">
        {t('login.noAccount')} <Link to={href('sign-up')}>{t('login.signUp')}</Link>
      </p>
    </>
  );
}
