import { NAME_MAX_LENGTH } from './limits';
import type { RuleMessageKey, RuleResult } from './messages';
import { codePointLength, isBlank, text } from './text';

// Letters of any script (\p{L}) plus combining marks (\p{M}) so "Zoë" and a decomposed "José" pass; the
// typographic apostrophe comes from phones that auto-correct "O'Brien". Everything else is refused: digits,
// markup ("<b>"), control characters (CR, LF, NUL), emoji, and any space but one between two parts.
const NAME_PART = "[\\p{L}\\p{M}'\u2019.\\-]+";
const NAME = new RegExp(`^${NAME_PART}(?: ${NAME_PART})?$`, 'u');

interface NameKeys {
  required: RuleMessageKey;
  max: RuleMessageKey;
  format: RuleMessageKey;
}

function validateName(value: unknown, keys: NameKeys): RuleResult {
  const name = text(value);
  if (isBlank(name)) return keys.required;
  if (codePointLength(name) > NAME_MAX_LENGTH) return keys.max;
  return NAME.test(name) ? null : keys.format;
}

/**
 * Required, at most 50 characters, then letters, apostrophe, hyphen and dot with an optional single space
 * and a second part (docs/validation-rules.md).
 * @example validateFirstName('Jean Luc') // null
 * @example validateFirstName('J0hn') // 'validation.firstName.format'
 */
export function validateFirstName(value: unknown): RuleResult {
  return validateName(value, {
    required: 'validation.firstName.required',
    max: 'validation.firstName.max',
    format: 'validation.firstName.format',
  });
}

/** @example validateLastName("O'Brien-Smith") // null */
export function validateLastName(value: unknown): RuleResult {
  return validateName(value, {
    required: 'validation.lastName.required',
    max: 'validation.lastName.max',
    format: 'validation.lastName.format',
  });
}

/**
 * Optional (empty passes); otherwise the first-name rules with the middle name's messages.
 * @example validateMiddleName('') // null
 */
export function validateMiddleName(value: unknown): RuleResult {
  const name = text(value);
  if (isBlank(name)) return null;
  if (codePointLength(name) > NAME_MAX_LENGTH) return 'validation.middleName.max';
  return NAME.test(name) ? null : 'validation.middleName.format';
}
