import {
  clearFields,
  InlineAlert,
  NewPasswordFields,
  NIST_SINGLE_FACTOR_MIN_LENGTH,
  Notifier,
  RuleForm,
  showServerError,
  SubmitButton,
  usePasswordContext,
  useRuleForm,
  useService,
  useUnmountSignal,
} from '@core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { AuthApi } from '../api/auth-api';
import { AuthHeading } from '../components/auth-heading';
import { useSecretQuery } from '../hooks/use-secret-query';
import { useAuthHref } from '../navigation/use-auth-href';

interface ResetPasswordValues {
  password: string;
  confirmPassword: string;
}

const TOKENS = ['verificationToken'] as const;

/** docs/screens-and-routes.md reset-password: the token from the mail link, a new password checked by the password rules only. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const api = useService(AuthApi);
  const notifier = useService(Notifier);
  const { policy } = usePasswordContext();
  const navigate = useNavigate();
  const href = useAuthHref();
  const signal = useUnmountSignal();
  const { verificationToken } = useSecretQuery(TOKENS);
  const form = useRuleForm<ResetPasswordValues>({ defaultValues: { password: '', confirmPassword: '' } });
  const [busy, setBusy] = useState(false);

  const reset = async ({ password }: ResetPasswordValues) => {
    if (!verificationToken) return;
    setBusy(true);
    try {
      const { msg } = await api.resetPassword({ password, token: verificationToken }, signal());
      notifier.success(msg || t('resetPassword.done'));
      navigate(href('login'), { replace: true });
    } catch (error) {
      // Shown in the form (docs/api-errors.md). The token stays in memory for another try; the passwords do not.
      clearFields(form, ['password', 'confirmPassword']);
      showServerError(form, error);
      setBusy(false);
    }
  };

  return (
    <>
      <AuthHeading title={t('resetPassword.title')}>
        {policy === 'nist'
          ? t('resetPassword.leadNist', { min: NIST_SINGLE_FACTOR_MIN_LENGTH })
          : t('resetPassword.lead')}
      </AuthHeading>
      {verificationToken ? (
        <RuleForm form={form} onSubmit={reset} disabled={busy}>
          <NewPasswordFields labelKey="newPassword" autoFocus />
          <SubmitButton
            className="auth-screen__submit"
            size="large"
            loading={busy}
            loadingText={t('resetPassword.submitting')}
          >
            {t('resetPassword.submit')}
          </SubmitButton>
        </RuleForm>
      ) : (
        <InlineAlert
          type="warning"
          showIcon
          message={t('resetPassword.missingToken')}
          action={<Link to={href('forgot-password')}>{t('resetPassword.requestNew')}</Link>}
        />
      )}
      <p className="auth-screen__footer">
        <Link to={href('login')}>{t('common.backToLogin')}</Link>
      </p>
    </>
  );
}
