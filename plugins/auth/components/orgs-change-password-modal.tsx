import { Notifier, PasswordInput, PortalForm, rules, SubmitButton, useService } from '@core';
import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthApi } from '../api/auth-api';

interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export interface OrgsChangePasswordModalProps {
  /** The password was changed; the modal is about to close. */
  onDone: () => void;
}

/**
 * The password an administrator asked to replace (`passwordResetRequired`, spec §4, §2.8). It cannot be
 * dismissed: the organisation is entered only once the password changed. After a failure every field is
 * cleared, as all three are secrets.
 */
export default function OrgsChangePasswordModal({ onDone }: OrgsChangePasswordModalProps) {
  const { t } = useTranslation('auth');
  const api = useService(AuthApi);
  const notifier = useService(Notifier);
  const [form] = PortalForm.useForm<ChangePasswordValues>();
  const [saving, setSaving] = useState(false);

  const submit = async ({ currentPassword, newPassword }: ChangePasswordValues) => {
    if (saving) return;
    setSaving(true);
    try {
      const { msg } = await api.changePassword({ currentPassword, newPassword });
      if (msg) notifier.success(msg);
      onDone();
    } catch {
      // The HTTP client showed why; secrets are never kept after a failed attempt.
      form.resetFields();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('orgs.passwordReset.title')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={null}
      destroyOnHidden
    >
      <p>{t('orgs.passwordReset.intro')}</p>
      <p className="auth-orgs__hint">{t('orgs.passwordReset.hint')}</p>
      <PortalForm form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={saving}>
        <PortalForm.Item
          name="currentPassword"
          label={t('core:controls.currentPassword.label')}
          rules={rules.currentPassword(t)}
        >
          <PasswordInput autoComplete="current-password" />
        </PortalForm.Item>
        <PortalForm.Item
          name="newPassword"
          label={t('core:controls.newPassword.label')}
          dependencies={['currentPassword']}
          rules={rules.newPassword(t, 'currentPassword')}
        >
          <PasswordInput autoComplete="new-password" />
        </PortalForm.Item>
        <PortalForm.Item
          name="confirmPassword"
          label={t('core:controls.confirmPassword.label')}
          dependencies={['newPassword']}
          rules={rules.newPasswordConfirm(t, 'newPassword')}
        >
          <PasswordInput autoComplete="new-password" />
        </PortalForm.Item>
        <SubmitButton block loading={saving} loadingText={t('orgs.passwordReset.saving')}>
          {t('orgs.passwordReset.submit')}
        </SubmitButton>
      </PortalForm>
    </Modal>
  );
}
