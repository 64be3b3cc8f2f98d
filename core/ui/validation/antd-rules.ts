/**
 * antd Form `rules` built from the pure validators. Each field gets ONE validator that reports
 * only the first failed check, so a user sees one actionable message at a time, and `required: true`
 * so antd draws the required mark.
 */
import type { Rule as FormRule, RuleObject } from '../form/form-store';
import { translateValidation, type Translate, type ValidationMessageKey } from './messages';
import {
  validateConfirmPassword,
  validateCurrentPassword,
  validateEmail,
  validateFirstName,
  validateLastName,
  validateNewPassword,
  validateNewPasswordConfirm,
  validateOtp,
  validatePassword,
  validatePhone,
  type EmailOptions,
  type PhoneOptions,
} from './validators';

type Check = (value: unknown) => ValidationMessageKey | null;

function rule(t: Translate, check: Check, required = true): RuleObject {
  return {
    required,
    validator: (_rule, value) => {
      const key = check(value);
      return key ? Promise.reject(new Error(translateValidation(t, key))) : Promise.resolve();
    },
  };
}

/** A rule that compares with another field; the Form.Item also needs `dependencies={[otherField]}`. */
function comparing(
  t: Translate,
  otherField: string,
  check: (value: unknown, other: unknown) => ValidationMessageKey | null,
): FormRule {
  return ({ getFieldValue }) => rule(t, (value) => check(value, getFieldValue(otherField)));
}

/**
 * Rule builders for antd `Form.Item rules`. Pass `t` from any `useTranslation` call.
 * @example
 * const { t } = useTranslation('core');
 * <Form.Item name="email" label={t('controls.email.label')} rules={rules.email(t)}><EmailInput /></Form.Item>
 * <Form.Item name="confirm" dependencies={['password']} rules={rules.confirmPassword(t, 'password')}>
 */
export const rules = {
  firstName: (t: Translate): FormRule[] => [rule(t, validateFirstName)],
  lastName: (t: Translate): FormRule[] => [rule(t, validateLastName)],
  /** `{ required: false }` for optional addresses such as the recovery email. */
  email: (t: Translate, options: EmailOptions = {}): FormRule[] => [
    rule(t, (value) => validateEmail(value, options), options.required ?? true),
  ],
  password: (t: Translate): FormRule[] => [rule(t, validatePassword)],
  /** Needs `dependencies={[passwordField]}` on the Form.Item so it re-checks when the password changes. */
  confirmPassword: (t: Translate, passwordField: string): FormRule[] => [
    comparing(t, passwordField, validateConfirmPassword),
  ],
  /** The change form's confirmation: 'New Password and Confirm Password should match'. */
  newPasswordConfirm: (t: Translate, newPasswordField: string): FormRule[] => [
    comparing(t, newPasswordField, validateNewPasswordConfirm),
  ],
  currentPassword: (t: Translate): FormRule[] => [rule(t, validateCurrentPassword)],
  /** Password rules plus 'Sorry you have entered current password as a new password'. */
  newPassword: (t: Translate, currentPasswordField: string): FormRule[] => [
    comparing(t, currentPasswordField, validateNewPassword),
  ],
  phone: (t: Translate, options: PhoneOptions = {}): FormRule[] => [
    rule(t, (value) => validatePhone(value, options)),
  ],
  otp: (t: Translate): FormRule[] => [rule(t, validateOtp)],
};
