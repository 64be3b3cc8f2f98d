import { readFileSync } from 'node:fs';
import { PASSWORD_POLICIES, validatePassword, type PasswordPolicy } from '../../contract/rules/passwords';
import { qualifiedRuleMessage, ruleMessageValues, type RuleMessageKey } from '../../contract/rules/messages';
import { fieldError } from '../http/errors';
import { message } from '../i18n/message';
import { COMMON_PASSWORD_MESSAGE, type CommonPasswords } from './password-policy';

/**
 * portal.config.json `passwordPolicy` (docs/validation-rules.md), read once at start like the rest of the server's
 * configuration; the portal reads the same file, so both sides apply one policy. A missing or unreadable file is
 * the product's rule; a value that names no policy stops the start rather than silently weakening the rule.
 */
export function readPasswordPolicy(portalConfigFile: string): PasswordPolicy {
  let value: unknown;
  try {
    value = (JSON.parse(readFileSync(portalConfigFile, 'utf8')) as { passwordPolicy?: unknown })
      .passwordPolicy;
  } catch {
    return 'product';
  }
  if (value === undefined) return 'product';
  if (PASSWORD_POLICIES.includes(value as PasswordPolicy)) return value as PasswordPolicy;
  throw new Error(
    `portal.config.json passwordPolicy must be one of ${PASSWORD_POLICIES.join(', ')}, got ${JSON.stringify(value)}`,
  );
}

/**
 * Every password a user chooses passes here after the request schema (sign-up, reset, SSO, change, the operator's
 * `user:create`). The schema checked the policy as far as a request shows it; this adds what only the account
 * tells (under `nist`, 15 characters where the password is the only factor) and the common-password list.
 */
export class PasswordRules {
  constructor(
    readonly policy: PasswordPolicy,
    private readonly commonPasswords: CommonPasswords,
  ) {}

  /** Why `password` may not be chosen (a rule's key or the common-password message), or null. */
  refusal(
    password: string,
    account: { secondFactor: boolean },
  ): RuleMessageKey | typeof COMMON_PASSWORD_MESSAGE | null {
    const key = validatePassword(password, { policy: this.policy, secondFactor: account.secondFactor });
    if (key) return key;
    return this.commonPasswords.isCommon(password) ? COMMON_PASSWORD_MESSAGE : null;
  }

  /** Throws the 400 the client shows on `field` when `password` may not be chosen. */
  check(password: string, field: string, account: { secondFactor: boolean }): void {
    const key = this.refusal(password, account);
    if (key === COMMON_PASSWORD_MESSAGE) throw fieldError(field, key, 'PASSWORD_TOO_COMMON');
    if (key) throw fieldError(field, message(qualifiedRuleMessage(key), ruleMessageValues(key)));
  }
}
