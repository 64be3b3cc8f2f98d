/**
 * Invalid requests generated from an endpoint's schemas (the fuzz pass and the mass-assignment check of the
 * security suite): each starts from the entry's valid sample and breaks it, field by field, then in random
 * combinations from a seeded generator, so a failure is reproducible. Only inputs the server's own validation
 * refuses are kept (`passesContract`): a "wrong" value the contract accepts (a number coerced to a string) would
 * be a real request with real effects.
 */
import {
  ENTRIES,
  fieldsOf,
  passesContract,
  sampleOf,
  validInput,
  withField,
  withoutField,
  type Entry,
  type Field,
  type RequestInput,
  type SchemaNode,
} from './contract-inputs';

/** Fields an attacker adds hoping they are stored (mass assignment); an entry that declares one is not tried with it. */
export const MASS_ASSIGNMENT_FIELDS: Record<string, unknown> = {
  role: 'owner',
  emailVerified: true,
  emailVerifiedAt: '2030-01-01T00:00:00.000Z',
  id: '00000000-0000-4000-8000-000000000000',
  userId: '00000000-0000-4000-8000-000000000000',
  organizationId: '11111111-1111-4111-8111-000000000002',
  isAdmin: true,
  disabled: false,
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
  twoFactorEnabled: false,
  createdAt: '2000-01-01T00:00:00.000Z',
  constructor: { prototype: { isAdmin: true } },
};

/** Nested `{ a: { a: … } }`, `depth` levels deep. */
export function nested(depth: number, leaf: unknown = 1): unknown {
  let value: unknown = leaf;
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
}

/** Past every length limit of the contract, well inside the body limit (oversized bodies: transport.test.ts). */
const HUGE = 'A'.repeat(20_000);

/** Values of every JSON type and the classic hostile strings: what a field gets instead of a valid value. */
const WRONG_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  '',
  ' ',
  'x',
  '0',
  'true',
  'null',
  'NaN',
  '1e999',
  [],
  [null],
  ['x', 'y'],
  [[[]]],
  {},
  { a: 1 },
  { $gt: '' },
  { $ne: null },
  HUGE,
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '\u202Egnp.exe',
  '😀'.repeat(600),
  nested(64),
  [nested(32)],
];

/** Values just outside a field's bounds, read from its schema. */
function outOfBounds(schema: SchemaNode): unknown[] {
  const values: unknown[] = [];
  if (typeof schema.maxLength === 'number')
    values.push('a'.repeat(schema.maxLength + 1), 'é'.repeat(schema.maxLength + 1));
  if (typeof schema.minLength === 'number' && schema.minLength > 0)
    values.push('a'.repeat(schema.minLength - 1));
  if (typeof schema.maximum === 'number') values.push(schema.maximum + 1);
  if (typeof schema.minimum === 'number') values.push(schema.minimum - 1);
  if (typeof schema.maxItems === 'number')
    values.push(
      Array.from({ length: schema.maxItems + 1 }, () => sampleOf((schema.items ?? {}) as SchemaNode)),
    );
  return values;
}

/** Each single change of the valid request that breaks it: one field wrong, missing, or an unknown one added. */
export function singleMutations(entry: Entry): RequestInput[] {
  const base = validInput(entry);
  const out: RequestInput[] = [];
  for (const field of fieldsOf(entry)) {
    if (field.path.length > 0) out.push(withoutField(base, field));
    for (const value of [...WRONG_VALUES, ...outOfBounds(field.schema)])
      out.push(withField(base, field, value));
    if (field.schema.type === 'object') {
      for (const [name, value] of Object.entries(MASS_ASSIGNMENT_FIELDS)) {
        const properties = (field.schema.properties ?? {}) as Record<string, unknown>;
        if (name in properties) continue;
        out.push(withField(base, { ...field, path: [...field.path, name], schema: {} }, value));
      }
    }
  }
  return out.filter((input) => !passesContract(entry, input));
}

/** A small deterministic generator (mulberry32), seeded by the entry's name. */
function random(seedText: string): () => number {
  let seed = [...seedText].reduce(
    (hash, char) => Math.imul(hash ^ char.charCodeAt(0), 2654435761) >>> 0,
    2166136261,
  );
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(next: () => number, items: readonly T[]): T => items[Math.floor(next() * items.length)];

function applyRandom(next: () => number, input: RequestInput, fields: Field[]): RequestInput {
  const field = pick(next, fields);
  const roll = next();
  if (roll < 0.15 && field.path.length > 0) return withoutField(input, field);
  if (roll < 0.3) return withField(input, field, pick(next, outOfBounds(field.schema).concat(WRONG_VALUES)));
  if (roll < 0.4 && field.schema.type === 'object') {
    const name = pick(next, Object.keys(MASS_ASSIGNMENT_FIELDS));
    return withField(
      input,
      { ...field, path: [...field.path, name], schema: {} },
      MASS_ASSIGNMENT_FIELDS[name],
    );
  }
  return withField(input, field, pick(next, WRONG_VALUES));
}

/**
 * `count` invalid requests for the entry: single mutations (shuffled, so a small count still spreads over every
 * field) for two thirds, random combinations of two to four for the rest (or more, when there are fewer singles).
 */
export function invalidInputs(entry: Entry, count: number): RequestInput[] {
  const next = random(entry.name);
  const singles = singleMutations(entry)
    .map((input) => [next(), input] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, input]) => input);
  const fields = fieldsOf(entry);
  const out = singles.slice(0, Math.ceil((count * 2) / 3));
  for (let attempt = 0; out.length < count && attempt < count * 20 && fields.length > 0; attempt++) {
    let input = validInput(entry);
    const changes = 2 + Math.floor(next() * 3);
    for (let change = 0; change < changes; change++) input = applyRandom(next, input, fields);
    if (!passesContract(entry, input)) out.push(input);
  }
  return out;
}

/** The entries that take any input: what the fuzz pass covers. */
export const ENTRIES_WITH_INPUT = ENTRIES.filter((entry) => fieldsOf(entry).length > 0);
