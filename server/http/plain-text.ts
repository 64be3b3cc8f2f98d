import type { FuncKeywordDefinition, SchemaValidateFunction } from 'ajv';

/**
 * The ajv keyword that keeps control characters out of every string a request carries (issue #17, finding 3:
 * a NUL byte reached PostgreSQL and came back as a 500). The contract router adds it to every string of an
 * endpoint's body, query and path-parameter schemas (./request-schema.ts), so an endpoint added to the table is
 * covered without a line of its own. Documented in server/README.md, "Security".
 *
 * - `single-line` (what every string gets): no C0 control (U+0000–U+001F, so no NUL, TAB, CR or LF), no DEL,
 *   no C1 control (U+0080–U+009F), no line or paragraph separator (U+2028, U+2029).
 * - `multi-line` (a schema opts in with `'x-plain-text': 'multi-line'`): the same, but TAB, LF and CR pass.
 *   No field of the contract needs it today.
 * - Both refuse text that is not well-formed Unicode (a lone surrogate such as `"\ud800"`), which PostgreSQL
 *   cannot store either.
 */
export const PLAIN_TEXT_KEYWORD = 'x-plain-text';

export type PlainTextMode = 'single-line' | 'multi-line';
export type PlainTextProblem = 'control-character' | 'malformed-text';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/;
// In a `u` pattern a surrogate pair reads as one code point above U+FFFF, so only a lone half matches.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** What is wrong with a request string, or null when it may pass. */
export function plainTextProblem(value: string, mode: PlainTextMode): PlainTextProblem | null {
  if (LONE_SURROGATE.test(value)) return 'malformed-text';
  const forbidden = mode === 'multi-line' ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN;
  return forbidden.test(value) ? 'control-character' : null;
}

/** What a failure carries in ajv's `params` (read by the error handler, server/http/error-handler.ts). */
export interface PlainTextErrorParams {
  problem: PlainTextProblem;
}

const validatePlainText: SchemaValidateFunction = function (mode: unknown, data: unknown) {
  if (typeof data !== 'string') return true;
  const problem = plainTextProblem(data, mode === 'multi-line' ? 'multi-line' : 'single-line');
  if (!problem) return true;
  const params: PlainTextErrorParams = { problem };
  validatePlainText.errors = [{ keyword: PLAIN_TEXT_KEYWORD, message: problem, params: { ...params } }];
  return false;
};

/** Registered on the server's ajv (server/http/validation.ts). */
export const plainTextKeyword: FuncKeywordDefinition = {
  keyword: PLAIN_TEXT_KEYWORD,
  type: 'string',
  schemaType: 'string',
  metaSchema: { enum: ['single-line', 'multi-line'] },
  errors: true,
  validate: validatePlainText,
};
