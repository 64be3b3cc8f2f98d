export { PortalForm, type PortalFormInstance, type PortalFormItemProps, type PortalFormProps } from './portal-form';
export type { Rule, RuleObject, ValidateError } from './form-store';
export { NewPasswordFields, type NewPasswordFieldsProps } from './new-password-fields';
