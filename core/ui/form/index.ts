export { RuleForm, useRuleForm, useRuleFormContext, type RuleFormProps } from './rule-form';
export { FormField, type FormFieldProps } from './form-field';
export { clearFields, showFieldErrors } from './form-actions';
export { NewPasswordFields, type NewPasswordFieldsProps } from './new-password-fields';
export { usePasswordContext } from './use-password-context';
