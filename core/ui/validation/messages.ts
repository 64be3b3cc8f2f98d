import {
  isRuleMessageKey,
  ruleMessageKeys,
  ruleMessageValues,
  type RuleMessageKey,
} from '@contract/rules/messages';

/** An i18n key (namespace `core`) naming one validation message; the rule set defines them. */
export type ValidationMessageKey = RuleMessageKey;

/** Every key, for tests and the style guide. */
export const validationMessageKeys: readonly ValidationMessageKey[] = ruleMessageKeys;

export { isRuleMessageKey as isValidationMessageKey };

/**
 * The translate function the rule builders need. `t` from `useTranslation(anyNamespace)` fits:
 * messages are always looked up in `core`, so a plugin can pass its own `t`.
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Turns a key returned by a validator into the user's language.
 * @example
 * const key = validateEmail(value);
 * if (key) showError(translateValidation(t, key)); // 'Invalid email format'
 */
export function translateValidation(t: Translate, key: ValidationMessageKey): string {
  return t(key, { ns: 'core', ...ruleMessageValues(key) });
}
