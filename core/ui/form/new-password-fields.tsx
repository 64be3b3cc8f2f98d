import { useTranslation } from 'react-i18next';
import { PasswordInput } from '../controls/password-input';
import { rules } from '../validation';
import { PortalForm } from './portal-form';

export interface NewPasswordFieldsProps {
  /** 'newPassword' labels the first field 'New Password' (reset); default 'Password' (sign-up, SSO). */
  label?: 'password' | 'newPassword';
  autoFocus?: boolean;
}

/**
 * The `password` and `confirmPassword` pair every "choose a password" form asks for, with the spec §5
 * rules and the match check that re-runs when the first field changes. Inside a {@link PortalForm}.
 * @example <PortalForm onFinish={({ password }) => save(password)}><NewPasswordFields autoFocus /><SubmitButton /></PortalForm>
 */
export function NewPasswordFields({ label = 'password', autoFocus }: NewPasswordFieldsProps) {
  const { t } = useTranslation('core');
  return (
    <>
      <PortalForm.Item name="password" label={t(`controls.${label}.label`)} rules={rules.password(t)}>
        <PasswordInput autoFocus={autoFocus} autoComplete="new-password" />
      </PortalForm.Item>
      <PortalForm.Item
        name="confirmPassword"
        label={t('controls.confirmPassword.label')}
        dependencies={['password']}
        rules={rules.confirmPassword(t, 'password')}
      >
        <PasswordInput autoComplete="new-password" />
      </PortalForm.Item>
    </>
  );
}
