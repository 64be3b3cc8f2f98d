import {
  captchaField,
  EmailInput,
  fieldRules,
  FormField,
  InlineAlert,
  PortalConfig,
  RuleForm,
  showServerError,
  SubmitButton,
  useCaptcha,
  useRuleForm,
  useService,
  useUnmountSignal,
} from '@core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AuthApi } from '../api/auth-api';
import { AuthHeading } from '../components/auth-heading';
import { useAuthHref } from '../navigation/use-auth-href';

interface ForgotPasswordValues {
  email: string;
}

/**
 * docs/screens-and-routes.md forgot-password. Whatever the address, the answer is the server's "instructions will be
 * sent" message, so the screen never tells whether an account exists.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const href = useAuthHref();
  const api = useService(AuthApi);
  const config = useService(PortalConfig);
  const signal = useUnmountSignal();
  const captchaFor = useCaptcha();
  const form = useRuleForm<ForgotPasswordValues>({ defaultValues: { email: '' } });
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  const send = async ({ email }: ForgotPasswordValues) => {
    setBusy(true);
    try {
      const check = await captchaFor('forgot_password');
      if (!check) return;
      const { msg } = await api.forgetPassword(
        { email, portal: config.portalKey, ...captchaField(check.token) },
        signal(),
      );
      setSent(msg || t('forgotPassword.sent'));
    } catch (error) {
      // Shown in the form (docs/api-errors.md); the address stays for another try.
      showServerError(form, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <AuthHeading title={t('forgotPassword.title')}>{t('forgotPassword.lead')}</AuthHeading>
      {sent ? (
        <InlineAlert type="success" showIcon message={sent} role="status" />
      ) : (
        <RuleForm form={form} onSubmit={send} disabled={busy}>
          <FormField name="email" label={t('controls.email.label', { ns: 'core' })} rule={fieldRules.email()}>
            <EmailInput autoFocus placeholder={t('controls.email.placeholder', { ns: 'core' })} />
          </FormField>
          <SubmitButton
            className="auth-screen__submit"
            size="large"
            loading={busy}
            loadingText={t('forgotPassword.submitting')}
          >
            {t('forgotPassword.submit')}
          </SubmitButton>
        </RuleForm>
      )}
      <p className="auth-screen__footer">
        <Link to={href('login')}>{t('common.backToLogin')}</Link>
      </p>
    </>
  );
}
