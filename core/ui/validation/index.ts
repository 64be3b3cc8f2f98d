export * from './limits';
export {
  isValidationMessageKey,
  translateValidation,
  validationMessageKeys,
  type Translate,
  type ValidationMessageKey,
} from './messages';
export * from './validators';
export { fieldRules, type FieldRule, type FormValues } from './field-rules';
export { antdRules, rules } from './antd-rules';
