import {
  captchaField,
  clearFields,
  EmailInput,
  fieldRules,
  FormField,
  NewPasswordFields,
  Notifier,
  PortalConfig,
  RuleForm,
  showServerError,
  SubmitButton,
  TaggedText,
  TextInput,
  useCaptcha,
  useRuleForm,
  useService,
  useUnmountSignal,
} from '@core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthApi } from '../api/auth-api';
import { AuthHeading } from '../components/auth-heading';
import type { EmailConfirmationState } from '../navigation/auth-navigation';
import { useAuthHref } from '../navigation/use-auth-href';

interface SignUpValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** An invitation link names the address, the organisation and the invitation; all three or none. */
function readInvitation(query: URLSearchParams) {
  const email = query.get('emailId');
  const orgId = query.get('orgId');
  const invitationId = query.get('invitationId');
  return email && orgId && invitationId ? { email, orgId, invitationId } : null;
}

/** docs/screens-and-routes.md sign-up, with the invited variant, and docs/sign-in-and-accounts.md Sign-up success. */
export default function SignUpPage() {
  const { t } = useTranslation('auth');
  const api = useService(AuthApi);
  const config = useService(PortalConfig);
  const notifier = useService(Notifier);
  const navigate = useNavigate();
  const href = useAuthHref();
  const signal = useUnmountSignal();
  const captchaFor = useCaptcha();
  const [query] = useSearchParams();
  const [invitation] = useState(() => readInvitation(query));
  const form = useRuleForm<SignUpValues>({
    defaultValues: {
      firstName: '',
      lastName: '',
      email: invitation?.email ?? '',
      password: '',
      confirmPassword: '',
    },
  });
  const [busy, setBusy] = useState(false);

  const signUp = async (values: SignUpValues) => {
    setBusy(true);
    try {
      const check = await captchaFor('sign_up');
      if (!check) {
        setBusy(false);
        return;
      }
      const { data, msg } = await api.register(
        {
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          email: invitation?.email ?? values.email,
          password: values.password,
          portal: config.portalKey,
          ...(invitation ? { orgId: invitation.orgId, invitationId: invitation.invitationId } : {}),
          ...captchaField(check.token),
        },
        signal(),
      );
      if (msg) notifier.success(msg);
      if (data.isVerified) {
        navigate(href('login'));
      } else {
        const state: EmailConfirmationState = { email: invitation?.email ?? values.email };
        navigate(href('email-confirmation'), { state });
      }
    } catch (error) {
      // Shown in the form (docs/api-errors.md). Names and email stay; the passwords are typed again.
      clearFields(form, ['password', 'confirmPassword']);
      showServerError(form, error);
      setBusy(false);
    }
  };

  const legal = (href: string) => <a href={href} target="_blank" rel="noopener noreferrer" />;

  return (
    <>
      <AuthHeading title={t('signUp.title')}>
        {invitation ? t('signUp.invitedLead') : t('signUp.lead')}
      </AuthHeading>
      <RuleForm form={form} onSubmit={signUp} disabled={busy}>
        <FormField
          name="firstName"
          label={t('controls.firstName.label', { ns: 'core' })}
          rule={fieldRules.firstName()}
        >
          <TextInput autoFocus autoComplete="given-name" />
        </FormField>
        <FormField
          name="lastName"
          label={t('controls.lastName.label', { ns: 'core' })}
          rule={fieldRules.lastName()}
        >
          <TextInput autoComplete="family-name" />
        </FormField>
        <FormField
          name="email"
          label={t('controls.email.label', { ns: 'core' })}
          rule={fieldRules.email()}
          extra={invitation ? t('signUp.invitedEmail') : undefined}
        >
          <EmailInput
            readOnly={Boolean(invitation)}
            placeholder={t('controls.email.placeholder', { ns: 'core' })}
          />
        </FormField>
        <NewPasswordFields />
        <p className="auth-screen__legal">
          <TaggedText
            text={t('signUp.legal')}
            components={{
              terms: legal(config.legalLinks.terms),
              privacy: legal(config.legalLinks.privacy),
              notice: legal(config.legalLinks.collectionNotice),
            }}
          />
        </p>
        <SubmitButton
          className="auth-screen__submit"
          size="large"
          loading={busy}
          loadingText={t('signUp.submitting')}
        >
          {t('signUp.submit')}
        </SubmitButton>
      </RuleForm>
      <p className="auth-screen__footer">
        {t('signUp.haveAccount')} <Link to={href('login')}>{t('signUp.logIn')}</Link>
      </p>
    </>
  );
}
