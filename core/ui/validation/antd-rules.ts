/**
 * antd Form `rules` built from the rule set's field rules (./field-rules.ts), for the app-layout screens.
 * Each field gets ONE validator that reports only the first failed check, so a user sees one actionable
 * message at a time, and `required` so antd draws the required mark.
 */
import type { FormRule } from 'antd';
import { fieldRules, type FieldRule, type FormValues } from './field-rules';
import { translateValidation, type Translate } from './messages';
import type { EmailOptions, PasswordContext, PhoneOptions } from './validators';

/**
 * Adapts one field rule. A rule that compares fields reads them from the form; the Form.Item also needs
 * `dependencies={rule.dependencies}` so antd re-checks it when they change.
 */
export function antdRules(
  t: Translate,
  { check, dependencies = [], required = true }: FieldRule,
): FormRule[] {
  const validate = (value: unknown, values: FormValues) => {
    const key = check(value, values);
    return key ? Promise.reject(new Error(translateValidation(t, key))) : Promise.resolve();
  };
  if (dependencies.length === 0) return [{ required, validator: (_rule, value) => validate(value, {}) }];
  return [
    ({ getFieldValue }) => ({
      required,
      validator: (_rule, value) =>
        validate(value, Object.fromEntries(dependencies.map((name) => [name, getFieldValue(name)]))),
    }),
  ];
}

/**
 * Rule builders for antd `Form.Item rules`. Pass `t` from any `useTranslation` call.
 * @example
 * const { t } = useTranslation('core');
 * <Form.Item name="email" label={t('controls.email.label')} rules={rules.email(t)}><EmailInput /></Form.Item>
 * <Form.Item name="confirm" dependencies={['password']} rules={rules.confirmPassword(t, 'password')}>
 */
export const rules = {
  firstName: (t: Translate) => antdRules(t, fieldRules.firstName()),
  lastName: (t: Translate) => antdRules(t, fieldRules.lastName()),
  /** `{ required: false }` for optional addresses such as the recovery email. */
  email: (t: Translate, options: EmailOptions = {}) => antdRules(t, fieldRules.email(options)),
  /** `context`: the deployment's password policy and the account's second factor (usePasswordContext). */
  password: (t: Translate, context: PasswordContext = {}) => antdRules(t, fieldRules.password(context)),
  /** Needs `dependencies={[passwordField]}` on the Form.Item so it re-checks when the password changes. */
  confirmPassword: (t: Translate, passwordField: string) =>
    antdRules(t, fieldRules.confirmPassword(passwordField)),
  /** The change form's confirmation: 'New Password and Confirm Password should match'. */
  newPasswordConfirm: (t: Translate, newPasswordField: string) =>
    antdRules(t, fieldRules.newPasswordConfirm(newPasswordField)),
  currentPassword: (t: Translate, context: PasswordContext = {}) =>
    antdRules(t, fieldRules.currentPassword(context)),
  /** Password rules plus 'Sorry you have entered current password as a new password'. */
  newPassword: (t: Translate, currentPasswordField: string, context: PasswordContext = {}) =>
    antdRules(t, fieldRules.newPassword(currentPasswordField, context)),
  phone: (t: Translate, options: PhoneOptions = {}) => antdRules(t, fieldRules.phone(options)),
  otp: (t: Translate) => antdRules(t, fieldRules.otp()),
};
