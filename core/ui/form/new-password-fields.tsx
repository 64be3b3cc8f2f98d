import { useTranslation } from 'react-i18next';
import { PasswordInput } from '../controls/password-input';
import { fieldRules } from '../validation/field-rules';
import { FormField } from './form-field';
import { usePasswordContext } from './use-password-context';

export interface NewPasswordFieldsProps {
  /** 'newPassword' labels the first field 'New password' (reset); default 'Password' (sign-up, SSO). */
  labelKey?: 'password' | 'newPassword';
  autoFocus?: boolean;
}

/**
 * The `password` and `confirmPassword` pair every "choose a password" form asks for, with the deployment's password rules
 * and the match check that re-runs when the first field changes. Inside a {@link RuleForm}.
 * @example <RuleForm form={form} onSubmit={({ password }) => save(password)}><NewPasswordFields autoFocus /><SubmitButton /></RuleForm>
 */
export function NewPasswordFields({ labelKey = 'password', autoFocus }: NewPasswordFieldsProps) {
  const { t } = useTranslation('core');
  const password = usePasswordContext();
  return (
    <>
      <FormField name="password" label={t(`controls.${labelKey}.label`)} rule={fieldRules.password(password)}>
        <PasswordInput autoFocus={autoFocus} autoComplete="new-password" />
      </FormField>
      <FormField
        name="confirmPassword"
        label={t('controls.confirmPassword.label')}
        rule={fieldRules.confirmPassword('password')}
      >
        <PasswordInput autoComplete="new-password" />
      </FormField>
    </>
  );
}
