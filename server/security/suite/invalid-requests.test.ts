/**
 * Invalid requests, generated from the endpoint table (issue #17, "The suite that keeps it fixed"):
 * - the fuzz pass: for every entry that takes input, invalid requests generated from its schemas
 *   (./invalid-inputs.ts): wrong types, missing fields, unknown fields, values past their bounds, huge strings,
 *   deep nesting, lists for objects, hostile strings, and random combinations of those; 300 per public endpoint,
 *   60 per session endpoint (SECURITY_FUZZ_CASES sets both);
 * - mass assignment: every body with the fields an attacker hopes are stored (role, emailVerified, id…);
 * - what arrives before validation: bodies over the limit (413), bodies that are not JSON (415), malformed and
 *   deeply nested JSON, prototype-poisoning keys, URLs the router cannot decode or route.
 * Each is refused with its status in the error envelope (`{ msg, code }`: no 500, no stack, no Fastify default
 * body), and at the end every table is exactly as it was before the first request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../http/types';
import { createTestApp, loginAs } from '../../test/test-app';
import {
  ENTRIES,
  describeEntry,
  injectOptions,
  urlOf,
  validInput,
  type Entry,
  type RequestInput,
} from './contract-inputs';
import { ENTRIES_WITH_INPUT, MASS_ASSIGNMENT_FIELDS, invalidInputs } from './invalid-inputs';
import { changedTables, envelopeProblem, expectRefusal, fingerprint, organizationToken } from './suite-app';

/**
 * Per endpoint. A public endpoint's refusal costs about a millisecond; a session endpoint's costs the session
 * lookup first (several milliseconds on the embedded database), so it gets fewer, to keep the suite under a minute
 * on one core. SECURITY_FUZZ_CASES sets both (a deeper run: SECURITY_FUZZ_CASES=1000).
 */
const fromEnv = Number(process.env.SECURITY_FUZZ_CASES) || 0;
const CASES = { public: fromEnv || 300, session: fromEnv || 60 };
const casesFor = (entry: Entry) => (entry.endpoint.auth === 'session' ? CASES.session : CASES.public);

let app: App;
let token: string;
let aliceToken: string;
/** As many characters as the body limit allows bytes: any body holding it is too large. */
let padding: string;
/** Every table before the first invalid request. */
let initial: Record<string, string>;
beforeAll(async () => {
  app = await createTestApp();
  // The organisation's owner passes every permission check: only validation stands in the way.
  token = await organizationToken(app, 'demo@example.com');
  aliceToken = (await loginAs(app, 'alice@example.com')).accessToken;
  padding = 'x'.repeat(app.services.config.bodyLimitBytes);
  initial = await fingerprint(app);
});
afterAll(() => app.close());

/** Past the entry's own body limit where it has one (a logo upload carries its file), else past the server's. */
const paddingFor = (entry: Entry) =>
  entry.endpoint.bodyLimit ? 'x'.repeat(entry.endpoint.bodyLimit) : padding;

/** The router refuses a path parameter over this many characters (find-my-way's `maxParamLength`) with 414. */
const MAX_PARAM_LENGTH = 100;

/** 400, or 414 where a path parameter is too long for the router to even match the route. */
function expectedStatuses(entry: Entry, input: RequestInput): number[] {
  const segments = urlOf(entry, input).split('?')[0].split('/');
  return segments.some((segment) => segment.length > MAX_PARAM_LENGTH) ? [400, 414] : [400];
}

const tokenFor = (entry: Entry) => (entry.endpoint.auth === 'session' ? token : undefined);

describe.each(ENTRIES_WITH_INPUT.map((entry) => [describeEntry(entry), entry] as const))(
  '%s',
  (_label, entry) => {
    it(`refuses ${casesFor(entry)} invalid requests with 400 (414 for a path parameter too long to route)`, async () => {
      const inputs = invalidInputs(entry, casesFor(entry));
      // Every entry with input has enough to break: fewer would mean the generator lost its way.
      expect(inputs.length).toBe(casesFor(entry));
      const failures: string[] = [];
      for (const input of inputs) {
        const response = await app.inject(injectOptions(entry, input, tokenFor(entry)));
        const problem = !expectedStatuses(entry, input).includes(response.statusCode)
          ? `status ${response.statusCode}`
          : envelopeProblem(response);
        if (problem)
          failures.push(
            `${problem} for ${JSON.stringify(input).slice(0, 300)}: ${response.body.slice(0, 200)}`,
          );
      }
      expect(failures.slice(0, 5)).toEqual([]);
      // Hundreds of requests in a row for the biggest endpoints: two shared cores can take over the default 30 s.
    }, 90_000);
  },
);

describe('mass assignment', () => {
  const withBody = ENTRIES_WITH_INPUT.filter((entry) => entry.endpoint.schemas.body);

  it('refuses every unknown field on every body, naming it, and stores nothing', async () => {
    const before = await fingerprint(app);
    for (const entry of withBody) {
      const declared = Object.keys((entry.endpoint.schemas.body as { properties?: object }).properties ?? {});
      for (const [name, value] of Object.entries(MASS_ASSIGNMENT_FIELDS)) {
        if (declared.includes(name)) continue;
        const base = validInput(entry);
        const body = { ...(base.body as object), [name]: value };
        const response = await app.inject(injectOptions(entry, { ...base, body }, tokenFor(entry)));
        const what = `${name} on ${describeEntry(entry)}`;
        expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
        // `constructor` is refused by the JSON parser (prototype poisoning) before validation names it.
        if (name !== 'constructor')
          expect(response.json().errors, what).toContainEqual({ field: name, msg: `Unknown field: ${name}` });
      }
    }
    expect(changedTables(before, await fingerprint(app))).toEqual([]);
  });

  it('PATCH /v1/user: a valid change with role, emailVerified or id stores none of it, not even the valid part', async () => {
    const accessToken = aliceToken;
    const profile = async () =>
      (
        await app.inject({
          method: 'GET',
          url: '/v1/user',
          headers: { authorization: `Bearer ${accessToken}` },
        })
      ).json().data.userInfo;
    const before = await profile();
    for (const extra of [
      { role: 'owner' },
      { emailVerified: true },
      { id: 'someone-else' },
      { userId: 'someone-else' },
    ]) {
      const response = await app.inject({
        method: 'PATCH',
        url: '/v1/user',
        headers: { authorization: `Bearer ${accessToken}` },
        payload: { firstName: 'Mallory', ...extra },
      });
      expect(response.statusCode).toBe(400);
    }
    expect(await profile()).toEqual(before);
    expect(before.name.first).not.toBe('Mallory');
  });
});

const withBody = ENTRIES.filter((entry) => entry.endpoint.schemas.body);

function sendRaw(entry: Entry, payload: string, contentType: string, withToken = true) {
  return app.inject({
    method: entry.endpoint.method,
    url: urlOf(entry, validInput(entry)),
    payload,
    headers: {
      'content-type': contentType,
      ...(withToken && entry.endpoint.auth === 'session' ? { authorization: `Bearer ${token}` } : {}),
    },
  });
}

/** `{"a":{"a":…}}` and `[[…]]`, 10,000 levels: built as text, as no client library would nest that deep. */
const DEEP_OBJECTS = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
const DEEP_ARRAYS = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;

describe.each(withBody.map((entry) => [describeEntry(entry), entry] as const))(
  'before validation: %s',
  (_label, entry) => {
    it('refuses a body over the limit with 413, other media types with 415, and broken JSON with 400', async () => {
      const valid = JSON.stringify(validInput(entry).body);
      // The valid body with one more field that takes it past the limit.
      const oversized = `{"padding":"${paddingFor(entry)}"${valid === '{}' ? '' : `,${valid.slice(1, -1)}`}}`;
      const tooLarge = await sendRaw(entry, oversized, 'application/json');
      expectRefusal(tooLarge, 413, 'oversized');
      expect(tooLarge.json()).toEqual({ msg: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });

      for (const type of [
        'text/plain',
        'application/xml',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json-patch+json',
      ]) {
        const response = await sendRaw(entry, valid, type);
        expectRefusal(response, 415, type);
        expect(response.json()).toEqual({ msg: 'Unsupported content type', code: 'UNSUPPORTED_MEDIA_TYPE' });
      }

      const broken: [string, string][] = [
        ['malformed', '{"a":'],
        ['empty', ''],
        ['trailing garbage', `${valid}x`],
        ['nested 10,000 deep', DEEP_OBJECTS],
        ['arrays 10,000 deep', DEEP_ARRAYS],
        ['__proto__', '{"__proto__":{"isAdmin":true}}'],
        ['constructor.prototype', '{"constructor":{"prototype":{"isAdmin":true}}}'],
        ['a list instead of the object', `[${valid}]`],
        ['a bare string', '"x"'],
        ['null', 'null'],
      ];
      for (const [what, payload] of broken)
        expectRefusal(await sendRaw(entry, payload, 'application/json'), 400, what);
      // A charset or upper-case media type is still JSON: refused for its content, not its label.
      expectRefusal(
        await sendRaw(entry, '{"a":', 'Application/JSON; charset=utf-8'),
        400,
        'JSON with a charset',
      );
    });

    if (entry.endpoint.auth === 'session') {
      it('asks for the session before reading the body: an anonymous oversized or broken body gets 401', async () => {
        expectRefusal(
          await sendRaw(entry, `{"padding":"${paddingFor(entry)}"}`, 'application/json', false),
          401,
          'oversized, no token',
        );
        expectRefusal(await sendRaw(entry, '{"a":', 'text/plain', false), 401, 'wrong type, no token');
      });
    }
  },
);

describe('URLs', () => {
  const withParams = ENTRIES.filter((entry) => entry.endpoint.path.includes(':'));

  it('refuses a path parameter that is not UTF-8 (400) or over the router’s 100 characters (414), in the envelope', async () => {
    expect(withParams.length).toBeGreaterThan(0);
    for (const entry of withParams) {
      const auth = entry.endpoint.auth === 'session' ? token : undefined;
      const base = injectOptions(entry, validInput(entry), auth);
      const name = entry.endpoint.path.match(/:([A-Za-z0-9_]+)/)![1];
      // The parameter's place in the URL, marked so that only it is replaced (a sample such as 'x' also occurs in
      // the path's own words: /v1/account/data-e|x|port).
      const marker = 'param-marker';
      const input = validInput(entry);
      const url = urlOf(entry, { ...input, params: { ...input.params, [name]: marker } });
      const undecodable = url.replace(marker, 'x%ED%A0%80x');
      expectRefusal(
        await app.inject({ ...base, url: undecodable }),
        400,
        `${describeEntry(entry)} undecodable`,
      );
      const long = url.replace(marker, 'a'.repeat(101));
      expectRefusal(await app.inject({ ...base, url: long }), 414, `${describeEntry(entry)} long parameter`);
    }
  });
});

it('stored nothing while every request above was refused', async () => {
  expect(changedTables(initial, await fingerprint(app))).toEqual([]);
});
