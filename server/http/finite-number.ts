import type { FuncKeywordDefinition, SchemaValidateFunction } from 'ajv';

/**
 * The ajv keyword that keeps infinite numbers out of requests. ajv coerces the query string `"1e999"` (or a body's
 * `"Infinity"`) to `Infinity`, which passes `type: 'integer'` and skips `minimum`/`maximum` (ajv checks bounds on
 * finite numbers only), so it reached the database and came back as a 500 (found by the security suite's fuzz
 * pass). The contract router adds it to every number and integer of a request (./request-schema.ts).
 */
export const FINITE_KEYWORD = 'x-finite';

const validateFinite: SchemaValidateFunction = function (_enabled: unknown, data: unknown) {
  if (typeof data !== 'number' || Number.isFinite(data)) return true;
  validateFinite.errors = [{ keyword: FINITE_KEYWORD, message: 'must be a finite number', params: {} }];
  return false;
};

/** Registered on the server's ajv (server/http/validation.ts). */
export const finiteKeyword: FuncKeywordDefinition = {
  keyword: FINITE_KEYWORD,
  // No `type: 'number'`: ajv runs its number keywords only on finite numbers, which is the very hole.
  schemaType: 'boolean',
  errors: true,
  validate: validateFinite,
};
