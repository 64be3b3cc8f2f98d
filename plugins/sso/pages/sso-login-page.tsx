import {
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
  ThemeStore,
  useCaptcha,
  usePasswordContext,
  useRuleForm,
  useService,
  useUnmountSignal,
} from '@core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { SsoApi } from '../api/sso-api';
import { SsoHeading } from '../components/sso-heading';
import { useSsoPaths } from '../hooks/use-sso-paths';
import { SSO_REDIRECT_DELAY_MS } from '../stores/sso-landing-store';

interface SsoLoginValues {
  email: string;
  password: string;
}

function emailFrom(state: unknown): string | undefined {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email !== '' ? email : undefined;
}

/**
 * docs/apps-and-sso.md `/sso-login`: the password step of partner single sign-on. The email comes from navigation state
 * (the landing put it there); the password is checked by the ordinary login with `isSSOLogin`, so throttling,
 * the captcha and the second factor all apply.
 */
export default function SsoLoginPage() {
  const { t } = useTranslation('sso');
  const api = useService(SsoApi);
  const session = useService(SessionStore);
  const theme = useService(ThemeStore);
  const notifier = useService(Notifier);
  // The product's rule checks this existing password like a new one; under `nist` an existing password may be
  // shorter than a new one must be (chosen with a second factor, or under the earlier policy), so only the
  // login rule applies there.
  const passwordRule =
    usePasswordContext().policy === 'nist' ? fieldRules.loginPassword() : fieldRules.password();
  const paths = useSsoPaths();
  const location = useLocation();
  const navigate = useNavigate();
  const signal = useUnmountSignal();
  const captchaFor = useCaptcha();
  const [email] = useState(() => emailFrom(location.state));
  const form = useRuleForm<SsoLoginValues>({ defaultValues: { email: email ?? '', password: '' } });
  const [busy, setBusy] = useState(false);
  const previousSessionEnded = useRef<Promise<void> | null>(null);
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(leaveTimer.current), []);

  // docs/apps-and-sso.md: this screen, like /sso, starts from a clean slate. Once: a second run would log out the user the
  // first one's server call was still ending (React's development double effect).
  useEffect(() => {
    if (previousSessionEnded.current) return;
    const endPrevious = session.isUserLoggedIn
      ? api.logout().then(
          () => undefined,
          () => undefined,
        )
      : Promise.resolve();
    previousSessionEnded.current = endPrevious.then(() => {
      session.logout();
      theme.reset();
    });
  }, [api, session, theme]);

  if (!email) return <Navigate to={paths.login} replace />;

  const logIn = async ({ password }: SsoLoginValues) => {
    setBusy(true);
    let leaving = false;
    try {
      // The logout aborts requests in flight: the login must not start before it.
      await previousSessionEnded.current;
      // A fresh captcha token for every attempt (docs/api-contract.md).
      const check = await captchaFor('sso_login');
      if (!check) return;
      const { data, msg } = await api.passwordLogin(
        { email, password, ...(check.token ? { captcha: check.token } : {}) },
        signal(),
      );
      const twoFactorConfigInfo = data.twoFactorConfigInfo ?? null;
      if (data.twoFactorEnabled && data.tokenId) {
        session.setTwoFactorPending({
          twoFactorConfigInfo,
          twoFactorEnabledInOrg: data.twoFactorEnabledInOrg,
        });
        // The auth plugin's second-factor screen, with the state its login hands over.
        navigate(paths.securityVerification, {
          state: { tokenId: data.tokenId, twoFactorConfigInfo, email: data.email.id },
        });
      } else if (data.email.verified && data.accessToken && data.refreshToken) {
        session.logIn(
          { accessToken: data.accessToken, refreshToken: data.refreshToken },
          {
            logo: data.logo ?? null,
            twoFactorEnabled: false,
            twoFactorEnabledInOrg: data.twoFactorEnabledInOrg,
          },
        );
        // Busy until the organisation screen takes over: no second login meanwhile.
        leaving = true;
        leaveTimer.current = setTimeout(() => navigate(paths.orgs, { replace: true }), SSO_REDIRECT_DELAY_MS);
      } else {
        if (msg) notifier.success(msg);
        navigate(paths.emailConfirmation, { state: { email: data.email.id } });
      }
    } catch (error) {
      // The form shows the refusal (docs/api-errors.md); the password is typed again.
      clearFields(form, ['password']);
      showServerError(form, error);
    } finally {
      if (!leaving) setBusy(false);
    }
  };

  return (
    <>
      <SsoHeading title={t('login.title')}>{t('login.lead')}</SsoHeading>
      <RuleForm form={form} onSubmit={logIn} disabled={busy}>
        <FormField name="email" label={t('controls.email.label', { ns: 'core' })}>
          <EmailInput readOnly aria-readonly />
        </FormField>
        <FormField name="password" label={t('controls.password.label', { ns: 'core' })} rule={passwordRule}>
          <PasswordInput autoFocus autoComplete="current-password" />
        </FormField>
        <SubmitButton
          className="sso-screen__submit"
          size="large"
          loading={busy}
          loadingText={t('login.submitting')}
        >
          {t('login.submit')}
        </SubmitButton>
      </RuleForm>
    </>
  );
}
