import { FINITE_KEYWORD } from './finite-number';
import { PLAIN_TEXT_KEYWORD, type PlainTextMode } from './plain-text';

type SchemaNode = Record<string, unknown>;

// Keywords whose value is a schema, a list of schemas or a map of schemas (JSON Schema 2020-12 and draft-07).
const SCHEMA_VALUED = new Set([
  'additionalProperties',
  'items',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'additionalItems',
]);
const SCHEMA_LISTS = new Set(['anyOf', 'allOf', 'oneOf', 'prefixItems']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions']);

const isNode = (value: unknown): value is SchemaNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const hasType = (node: SchemaNode, type: string) =>
  node.type === type || (Array.isArray(node.type) && node.type.includes(type));

function harden(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(harden);
  if (!isNode(node)) return node;
  const copy: SchemaNode = {};
  for (const [key, value] of Object.entries(node)) {
    if (SCHEMA_VALUED.has(key) || SCHEMA_LISTS.has(key)) copy[key] = harden(value);
    else if (SCHEMA_MAPS.has(key) && isNode(value))
      copy[key] = Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, harden(schema)]));
    else copy[key] = value;
  }
  if (hasType(copy, 'string') && !(PLAIN_TEXT_KEYWORD in copy))
    copy[PLAIN_TEXT_KEYWORD] = 'single-line' satisfies PlainTextMode;
  if (hasType(copy, 'number') || hasType(copy, 'integer')) copy[FINITE_KEYWORD] = true;
  return copy;
}

/**
 * The schema a request part is validated with: a copy of the contract's, in which every string refuses control
 * characters unless it names its mode (./plain-text.ts) and every number must be finite (./finite-number.ts). The
 * contract router applies it to each entry's body, query and path parameters, so a new endpoint is covered without
 * a line of its own; the original (shared by the portal's types and the OpenAPI document's responses) is untouched.
 * @example requestSchema(Type.Object({ firstName: Type.String() })).properties.firstName['x-plain-text'] // 'single-line'
 */
export function requestSchema<T>(schema: T): T {
  return harden(schema) as T;
}
