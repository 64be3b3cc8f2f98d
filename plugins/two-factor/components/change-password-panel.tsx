import {
  AntdSubmitButton,
  PasswordInput,
  rules,
  SessionStore,
  showServerErrorAtFields,
  translateValidation,
  usePasswordContext,
  useService,
  useUnmountSignal,
  validateNewPassword,
} from '@core';
import { Form, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserSecurityApi } from '../api/user-security-api';

interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export interface ChangePasswordPanelProps {
  /** The password was changed. A modal closes here. */
  onDone?: () => void;
  /** Inside a modal the modal's title is the heading, so the panel shows none of its own. */
  embedded?: boolean;
}

/**
 * 'Change your password', the product's one change-password form (also lent to other plugins through core's
 * `ChangePasswordDialog`). Only the current and new passwords are sent. A new password equal to the current one
 * shows 'Sorry you have entered current password as a new password' under the new password and resets the form,
 * whether the form or the server notices; after any other failure the three fields are emptied too, as they are
 * secrets, and the server's reason shows under the field it names (else under the current password).
 */
export const ChangePasswordPanel = observer(function ChangePasswordPanel({
  onDone,
  embedded = false,
}: ChangePasswordPanelProps) {
  const { t } = useTranslation('two-factor');
  const api = useService(UserSecurityApi);
  // Under the `nist` policy a second factor lets the new password be shorter; the server decides the same way.
  const passwordContext = usePasswordContext(useService(SessionStore).twoFactorEnabled);
  const signal = useUnmountSignal();
  const [form] = Form.useForm<ChangePasswordValues>();
  const [saving, setSaving] = useState(false);

  const submit = async ({ currentPassword, newPassword }: ChangePasswordValues) => {
    if (saving) return;
    // Checked on submit rather than as a field rule: a field rule would only disable Change, and the rule is
    // that the form starts again, exactly as when the server refuses the same password.
    const sameAsCurrent = validateNewPassword(newPassword, currentPassword, passwordContext);
    if (sameAsCurrent) {
      form.resetFields();
      form.setFields([{ name: 'newPassword', errors: [translateValidation(t, sameAsCurrent)] }]);
      return;
    }
    setSaving(true);
    try {
      await api.changePassword({ currentPassword, newPassword }, signal());
      form.resetFields();
      setSaving(false);
      onDone?.();
    } catch (error) {
      if (signal().aborted) return;
      form.resetFields();
      // At the field it concerns (a wrong current password, a refused new one), not only in a toast.
      showServerErrorAtFields(form, error, ['currentPassword', 'newPassword', 'confirmPassword']);
      setSaving(false);
    }
  };

  return (
    <section className="two-factor-panel" aria-labelledby={embedded ? undefined : 'change-password-title'}>
      {!embedded && (
        <Typography.Title level={2} id="change-password-title" className="two-factor-panel__title">
          {t('changePassword.title')}
        </Typography.Title>
      )}
      <Typography.Paragraph type="secondary">{t('changePassword.hint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit} disabled={saving} className="two-factor-form">
        <Form.Item
          name="currentPassword"
          label={t('core:controls.currentPassword.label')}
          rules={rules.currentPassword(t, passwordContext)}
        >
          <PasswordInput autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('core:controls.newPassword.label')}
          rules={rules.password(t, passwordContext)}
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
        <AntdSubmitButton loading={saving} loadingText={t('changePassword.saving')}>
          {t('changePassword.submit')}
        </AntdSubmitButton>
      </Form>
    </section>
  );
});
