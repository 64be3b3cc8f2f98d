import { qualifiedRuleMessage, ruleMessageKeyOf, ruleMessageValues } from '../../contract/rules/messages';
import type { Message } from './message';
import type { ServerI18n } from './server-i18n';

/**
 * Writes messages in one language. A validation rule's key (`core:validation.email.max`) gets the values its
 * text quotes from the shared rule set (contract/rules/messages.ts), so the limit in the message is the limit
 * the rule applies; any other key is translated with its own values; a text that is no key stays as it is.
 * @example messageTranslator(i18n, 'fr')('core:validation.otp.format') // 'Le code doit comporter 6 chiffres'
 */
export function messageTranslator(i18n: ServerI18n, language: string): (text: Message | string) => string {
  return (text) => {
    const ruleKey = typeof text === 'string' ? ruleMessageKeyOf(text) : null;
    if (ruleKey) return i18n.t(qualifiedRuleMessage(ruleKey), language, ruleMessageValues(ruleKey));
    return i18n.t(text, language);
  };
}
