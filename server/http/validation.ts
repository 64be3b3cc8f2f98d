import type Ajv from 'ajv';
import type { PasswordPolicy } from '../../contract/rules/passwords';
import { ruleKeyword } from '../../contract/rules/schema-keyword';
import { finiteKeyword } from './finite-number';
import { plainTextKeyword } from './plain-text';

/**
 * Makes `x-messages` (per-rule user messages in the contract) a known keyword, adds `x-rule`, which runs the
 * shared rule set's check (contract/rules) so the server refuses what the portal's forms refuse, and
 * `x-plain-text` and `x-finite`, which refuse control characters and infinite numbers in every request the
 * contract router registers (server/http/request-schema.ts). The password rules follow the deployment's
 * `passwordPolicy` (portal.config.json).
 */
export function contractKeywords(ajv: Ajv, passwordPolicy: PasswordPolicy = 'product'): Ajv {
  ajv.addKeyword({ keyword: 'x-messages', schemaType: 'object' });
  ajv.addKeyword(ruleKeyword(passwordPolicy));
  ajv.addKeyword(plainTextKeyword);
  ajv.addKeyword(finiteKeyword);
  return ajv;
}

/**
 * How requests are validated (Fastify's `ajv.customOptions`): report every failed rule, reject unknown fields
 * instead of silently dropping them (docs/stack traps: Fastify strips them by default), coerce query and path
 * strings, fill defaults. The security suite validates its generated inputs with the same options.
 */
export const CONTRACT_AJV_OPTIONS = {
  allErrors: true,
  removeAdditional: false,
  verbose: true,
  coerceTypes: 'array',
  useDefaults: true,
} as const;
