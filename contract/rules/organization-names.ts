import {
  ORGANIZATION_NAME_MAX_LENGTH,
  ORGANIZATION_NAME_MIN_LENGTH,
  ROLE_NAME_MAX_LENGTH,
  ROLE_NAME_MIN_LENGTH,
} from './limits';
import type { RuleMessageKey, RuleResult } from './messages';
import { codePointLength, isBlank, text } from './text';

// Any printable text, but no control characters (CR, LF, NUL: mail headers and logs), no markup brackets, and no
// space at either end (so 'Acme' and 'Acme ' cannot both exist while looking the same).
const FORBIDDEN = /[\p{Cc}\p{Cf}<>]/u;
const PADDED = /^\s|\s$/u;

interface LabelKeys {
  required: RuleMessageKey;
  min: RuleMessageKey;
  max: RuleMessageKey;
  format: RuleMessageKey;
}

function validateLabel(value: unknown, min: number, max: number, keys: LabelKeys): RuleResult {
  const label = text(value);
  if (isBlank(label)) return keys.required;
  const length = codePointLength(label);
  if (length < min) return keys.min;
  if (length > max) return keys.max;
  return FORBIDDEN.test(label) || PADDED.test(label) ? keys.format : null;
}

/**
 * 2 to 100 characters, no control characters, no < or >, no leading or trailing space (docs/access-control.md).
 * @example validateOrganizationName('Acme Pty Ltd') // null
 * @example validateOrganizationName('A') // 'validation.organizationName.min'
 */
export function validateOrganizationName(value: unknown): RuleResult {
  return validateLabel(value, ORGANIZATION_NAME_MIN_LENGTH, ORGANIZATION_NAME_MAX_LENGTH, {
    required: 'validation.organizationName.required',
    min: 'validation.organizationName.min',
    max: 'validation.organizationName.max',
    format: 'validation.organizationName.format',
  });
}

/** A custom role's name: 2 to 50 characters, same characters as an organisation name. */
export function validateRoleName(value: unknown): RuleResult {
  return validateLabel(value, ROLE_NAME_MIN_LENGTH, ROLE_NAME_MAX_LENGTH, {
    required: 'validation.roleName.required',
    min: 'validation.roleName.min',
    max: 'validation.roleName.max',
    format: 'validation.roleName.format',
  });
}
