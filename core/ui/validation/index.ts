export * from './limits';
export {
  translateValidation,
  validationMessageKeys,
  type Translate,
  type ValidationMessageKey,
} from './messages';
export * from './validators';
export { rules } from './antd-rules';
