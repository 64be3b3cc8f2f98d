import type { FuncKeywordDefinition, SchemaValidateFunction } from 'ajv';
import { qualifiedRuleMessage, ruleMessageValues, type RuleMessageKey } from './messages';
import type { PasswordPolicy } from './passwords';
import { isRuleName, ruleNames, ruleSetFor } from './rule-set';

/** The JSON Schema keyword that names a rule of the rule set: `{ type: 'string', 'x-rule': 'firstName' }`. */
export const RULE_KEYWORD = 'x-rule';

/** What an `x-rule` failure carries in ajv's `params`. */
export interface RuleErrorParams {
  rule: string;
  /** The rule's own message key. */
  key: RuleMessageKey;
  /** What to answer: the key qualified with its namespace (`core:validation.otp.format`), or the schema's override. */
  message: string;
  /** The values the key's text interpolates (`{ length: 6 }`). */
  values: Record<string, string | number>;
}

type MessageOverrides = Partial<Record<RuleMessageKey, string>>;

/**
 * The ajv keyword that runs the shared rule, so the server refuses exactly what the portal's forms refuse,
 * with the same message key, under the deployment's password policy. Registered by the server's ajv options
 * (server/app.ts); evaluated before the string keywords (`maxLength`…) so its message is the one the
 * validation error handler keeps.
 * @example ajv.addKeyword(ruleKeyword('product')); ajv.validate({ type: 'string', 'x-rule': 'otp' }, '12345') // false, params.message 'core:validation.otp.format'
 */
export function ruleKeyword(passwordPolicy: PasswordPolicy): FuncKeywordDefinition {
  const rules = ruleSetFor(passwordPolicy);
  const validateRule: SchemaValidateFunction = function (
    rule: unknown,
    data: unknown,
    parentSchema?: unknown,
  ) {
    if (!isRuleName(rule)) return false;
    const key = rules[rule].check(data);
    if (!key) return true;
    // A schema may reword one outcome for its endpoint, e.g. resend-email's 'Email is missing' for an empty address.
    const overrides = (parentSchema as { 'x-messages'?: MessageOverrides } | undefined)?.['x-messages'];
    const params: RuleErrorParams = {
      rule,
      key,
      message: overrides?.[key] ?? qualifiedRuleMessage(key),
      values: ruleMessageValues(key),
    };
    validateRule.errors = [{ keyword: RULE_KEYWORD, message: params.message, params: { ...params } }];
    return false;
  };
  return {
    keyword: RULE_KEYWORD,
    type: 'string',
    schemaType: 'string',
    metaSchema: { enum: ruleNames },
    before: 'maxLength',
    errors: true,
    validate: validateRule,
  };
}
