import { Notifier, PasswordInput, rules, SubmitButton, useService } from '@core';
import { Form, Modal, Typography } from 'antd';
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
  const [form] = Form.useForm<ChangePasswordValues>();
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
      <Typography.Paragraph>{t('orgs.passwordReset.intro')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('orgs.passwordReset.hint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={saving}>
        <Form.Item
          name="currentPassword"
          label={t('core:controls.currentPassword.label')}
          rules={rules.currentPassword(t)}
        >
          <PasswordInput autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('core:controls.newPassword.label')}
          dependencies={['currentPassword']}
          rules={rules.newPassword(t, 'currentPassword')}
        >
          <PasswordInput autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('core:controls.confirmPassword.label')}
          dependencies={['newPassword']}
          rules={rules.newPasswordConfirm(t, 'newPassword')}
        >
          <PasswordInput autoComplete="new-password" />
        </Form.Item>
        <SubmitButton block loading={saving} loadingText={t('orgs.passwordReset.saving')}>
          {t('orgs.passwordReset.submit')}
        </SubmitButton>
      </Form>
    </Modal>
  );
}
