export { RuleForm, useRuleForm, useRuleFormContext, type RuleFormProps } from './rule-form';
export { FormField, type FormFieldProps } from './form-field';
export { clearFields, showFieldErrors, showServerError } from './form-actions';
export { showFormMessage } from './form-message';
export { NewPasswordFields, type NewPasswordFieldsProps } from './new-password-fields';
export { usePasswordContext } from './use-password-context';
