import {
  clearFields,
  NewPasswordFields,
  PortalConfig,
  RuleForm,
  SubmitButton,
  TaggedText,
  useReturnFocus,
  useRuleForm,
  useService,
  withAntdTheme,
} from '@core';
import { Modal } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import type { RegisterOutcome } from '../stores/sso-landing-store';
import './sso-screen.css';

interface SetPasswordValues {
  password: string;
  confirmPassword: string;
}

export interface SetPasswordDialogProps {
  email: string;
  /** The server asks for terms acceptance (docs/apps-and-sso.md): only then the legal links show. */
  showTermsAndConditions: boolean;
  submitting: boolean;
  onSubmit: (password: string) => Promise<RegisterOutcome>;
}

/**
 * The welcome dialog of a new SSO user (docs/apps-and-sso.md): choose the initial password. It cannot be dismissed: without
 * a password there is no account, and the partner link cannot be used again.
 */
function SetPasswordDialog({
  email,
  showTermsAndConditions,
  submitting,
  onSubmit,
}: SetPasswordDialogProps) {
  useReturnFocus();
  const { t } = useTranslation('sso');
  const config = useService(PortalConfig);
  const form = useRuleForm<SetPasswordValues>({ defaultValues: { password: '', confirmPassword: '' } });

  const submit = async ({ password }: SetPasswordValues) => {
    const outcome = await onSubmit(password);
    if (outcome?.passwordError) {
      clearFields(form, ['password', 'confirmPassword']);
      form.setError('password', { type: 'server', message: outcome.passwordError }, { shouldFocus: true });
    }
  };

  const legal = (href: string) => <a href={href} target="_blank" rel="noopener noreferrer" />;

  return (
    <Modal
      open
      centered
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={null}
      title={t('setPassword.title')}
    >
      <p className="sso-screen__lead">
        <Trans t={t} i18nKey="setPassword.lead" values={{ email }} components={{ strong: <strong /> }} />
      </p>
      <RuleForm form={form} onSubmit={submit} disabled={submitting} style={{ marginTop: 16 }}>
        <NewPasswordFields autoFocus />
        {showTermsAndConditions && (
          <p className="sso-screen__legal">
            <TaggedText
              text={t('setPassword.legal')}
              components={{
                terms: legal(config.legalLinks.terms),
                privacy: legal(config.legalLinks.privacy),
                notice: legal(config.legalLinks.collectionNotice),
              }}
            />
          </p>
        )}
        <SubmitButton
          className="sso-screen__submit"
          size="large"
          loading={submitting}
          loadingText={t('setPassword.submitting')}
        >
          {t('setPassword.submit')}
        </SubmitButton>
      </RuleForm>
    </Modal>
  );
}

// The landing page is plain; antd's theme comes with the dialog, which only new users see.
export default withAntdTheme(SetPasswordDialog);
