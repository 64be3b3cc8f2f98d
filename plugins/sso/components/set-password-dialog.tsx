import { NewPasswordFields, PortalConfig, PortalForm, SubmitButton, useService } from '@core';
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
  /** The server asks for terms acceptance (spec §2.5): only then the legal links show. */
  showTermsAndConditions: boolean;
  submitting: boolean;
  onSubmit: (password: string) => Promise<RegisterOutcome>;
}

/**
 * The welcome dialog of a new SSO user (spec §2.5): choose the initial password. It cannot be dismissed: without
 * a password there is no account, and the partner link cannot be used again.
 */
export default function SetPasswordDialog({ email, showTermsAndConditions, submitting, onSubmit }: SetPasswordDialogProps) {
  const { t } = useTranslation('sso');
  const config = useService(PortalConfig);
  const [form] = PortalForm.useForm<SetPasswordValues>();

  const submit = async ({ password }: SetPasswordValues) => {
    const outcome = await onSubmit(password);
    if (outcome?.passwordError) {
      form.setFieldsValue({ password: '', confirmPassword: '' });
      form.setFields([{ name: 'password', errors: [outcome.passwordError] }]);
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
      <PortalForm form={form} layout="vertical" onFinish={submit} disabled={submitting} requiredMark={false} style={{ marginTop: 16 }}>
        <NewPasswordFields autoFocus />
        {showTermsAndConditions && (
          <p className="sso-screen__legal">
            <Trans
              t={t}
              i18nKey="setPassword.legal"
              components={{
                terms: legal(config.legalLinks.terms),
                privacy: legal(config.legalLinks.privacy),
                notice: legal(config.legalLinks.collectionNotice),
              }}
            />
          </p>
        )}
        <SubmitButton className="sso-screen__submit" size="large" loading={submitting} loadingText={t('setPassword.submitting')}>
          {t('setPassword.submit')}
        </SubmitButton>
      </PortalForm>
    </Modal>
  );
}
