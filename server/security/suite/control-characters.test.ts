/**
 * Control characters in every string field of every endpoint (issue #17, finding 3): each is refused by the
 * contract with a 400 that names the field, never a 500. Generated from the endpoint table
 * (./contract-inputs.ts), so a new endpoint is covered as soon as it is an entry.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRuleName, ruleSet } from '../../../contract/rules/rule-set';
import type { App } from '../../http/types';
import { createLogger } from '../../logging';
import { createTestApp } from '../../test/test-app';
import {
  ENTRIES,
  describeEntry,
  fieldName,
  injectOptions,
  passesContract,
  sampleOf,
  stringFields,
  validInput,
  withField,
  type Entry,
  type Field,
} from './contract-inputs';
import { envelopeProblem, organizationToken } from './suite-app';

/**
 * Tried on every string field of every endpoint: one of each family the keyword refuses (server/http/plain-text.ts).
 * Every C0 and C1 code point, DEL and the separators one by one are in server/http/plain-text.test.ts; TAB, LF and
 * CR are refused here too, as no field of the contract is multi-line.
 */
const CONTROL_CHARACTERS: [string, string][] = [
  ['NUL', '\u0000'],
  ['CR LF', '\r\n'],
  ['TAB', '\t'],
  ['C1 NEL', '\u0085'],
  ['LINE SEPARATOR', '\u2028'],
];
const LONE_SURROGATE = '\ud800';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

let app: App;
let token: string;
beforeAll(async () => {
  app = await createTestApp({ logger: createLogger('info', sink) });
  // The owner of an organisation passes every permission check, so only validation can refuse.
  token = await organizationToken(app, 'demo@example.com');
});
afterAll(() => app.close());

/** A valid value of the field with `inserted` in its middle. */
function spliced(field: Field, inserted: string): string {
  const sample = sampleOf(field.schema, String(field.path[field.path.length - 1]));
  const text = typeof sample === 'string' && sample.length > 0 ? sample : 'x';
  const middle = Math.ceil(text.length / 2);
  return `${text.slice(0, middle)}${inserted}${text.slice(middle)}`;
}

/** Whether the field names a rule of the shared rule set (contract/rules) that refuses the value on its own. */
function refusedByRule(field: Field, value: string): boolean {
  const rule = field.schema['x-rule'];
  return isRuleName(rule) && ruleSet[rule].check(value) !== null;
}

async function send(entry: Entry, field: Field, value: string, language = 'en') {
  const input = withField(validInput(entry), field, value);
  const auth = entry.endpoint.auth === 'session' ? token : undefined;
  return app.inject(injectOptions(entry, input, auth, { 'accept-language': language }));
}

const withStrings = ENTRIES.filter((entry) => stringFields(entry).length > 0);

describe('the generator', () => {
  it('finds string fields in the table, and a valid request for every entry', () => {
    // The table has dozens of string fields; an empty list would mean the walker broke, not that all is well.
    expect(withStrings.length).toBeGreaterThan(15);
    for (const entry of ENTRIES)
      expect(passesContract(entry, validInput(entry)), describeEntry(entry)).toBe(true);
  });

  it('sees every path parameter in its entry’s params schema', () => {
    for (const entry of ENTRIES) {
      const names = [...entry.endpoint.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);
      const declared = Object.keys(
        (entry.endpoint.schemas.params as { properties?: object } | undefined)?.properties ?? {},
      );
      expect(declared, describeEntry(entry)).toEqual(expect.arrayContaining(names));
    }
  });
});

describe.each(withStrings.map((entry) => [describeEntry(entry), entry] as const))('%s', (_label, entry) => {
  it.each(stringFields(entry).map((field) => [fieldName(field), field] as const))(
    'refuses control characters in %s with 400 and the field named',
    async (_name, field) => {
      const where = field.path.join('.');
      for (const [label, character] of CONTROL_CHARACTERS) {
        const response = await send(entry, field, spliced(field, character));
        const what = `${label} in ${fieldName(field)}`;
        expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBe(400);
        expect(envelopeProblem(response), what).toBeNull();
        expect(response.json().code, what).toBe('VALIDATION_FAILED');
        const error = (response.json().errors as { field: string; msg: string }[]).find(
          (item) => item.field === where,
        );
        // A field of the shared rule set that refuses the value itself answers the rule's message, the one the
        // portal's form shows ('Enter your first name in format: John Smith'); every other field names the problem.
        const expected = refusedByRule(field, spliced(field, character))
          ? expect.any(String)
          : `${where} must not contain control characters or line breaks`;
        expect(error, what).toEqual({ field: where, msg: expected });
      }
      const broken = await send(entry, field, spliced(field, LONE_SURROGATE));
      const what = `lone surrogate in ${fieldName(field)}: ${broken.body.slice(0, 300)}`;
      if (field.part === 'body') {
        expect(broken.statusCode, what).toBe(400);
        const expected = refusedByRule(field, spliced(field, LONE_SURROGATE))
          ? expect.any(String)
          : `${where} contains an invalid character`;
        expect(broken.json().errors, what).toContainEqual({ field: where, msg: expected });
      } else {
        // In a URL it is bytes that are not UTF-8: the router refuses such a path (400), and the query parser reads
        // them as U+FFFD, which is text. Either way, never a failure and never Fastify's own body.
        expect(broken.statusCode, what).toBeLessThan(500);
      }
      if (broken.statusCode >= 400) expect(envelopeProblem(broken), what).toBeNull();
    },
  );
});

describe('the refusal', () => {
  it('is written in the language of the request', async () => {
    // The first field the rule set does not cover (its own message would answer: see above).
    const [entry, field] = withStrings
      .flatMap((candidate) => stringFields(candidate).map((item) => [candidate, item] as const))
      .find(([, item]) => item.part === 'body' && !refusedByRule(item, spliced(item, '\u0000')))!;
    const where = field.path.join('.');
    const response = await send(entry, field, spliced(field, '\u0000'), 'fr');
    expect(response.json().errors).toContainEqual({
      field: where,
      msg: `Le champ ${where} ne doit pas contenir de caractères de contrôle ni de sauts de ligne`,
    });
  });

  it('logged no failure while the whole table was tried', () => {
    const failures = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.level >= 50);
    expect(failures).toEqual([]);
  });
});
