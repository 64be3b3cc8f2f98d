/**
 * What the security suite knows about the /v1 contract, read from the endpoint table (contract/v1/endpoints.ts)
 * and nothing else: every entry's request parts, the string fields in them, a valid sample request and invalid
 * variants of it. No endpoint is named here, so an entry added to the table is covered by every generated test
 * of server/security/suite/ (server/README.md, "Security").
 */
import Ajv, { type ValidateFunction } from 'ajv';
import type { InjectOptions } from 'fastify';
import type { RuleName } from '../../../contract/rules/rule-set';
import { endpoints } from '../../../contract/v1/endpoints';
import type { Endpoint } from '../../../contract/v1/endpoint';
import { requestSchema } from '../../http/request-schema';
import { CONTRACT_AJV_OPTIONS, contractKeywords } from '../../http/validation';

export const PARTS = ['body', 'query', 'params'] as const;
export type Part = (typeof PARTS)[number];
export type Path = (string | number)[];
export type SchemaNode = Record<string, unknown>;

const isNode = (value: unknown): value is SchemaNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const scalar = (value: unknown) =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

export interface Entry {
  name: string;
  endpoint: Endpoint;
}

/** Every entry of the table, in table order. */
export const ENTRIES: Entry[] = Object.entries(endpoints).map(([name, endpoint]) => ({
  name,
  endpoint: endpoint as Endpoint,
}));

export const describeEntry = (entry: Entry) =>
  `${entry.endpoint.method} ${entry.endpoint.path} (${entry.name})`;

export const schemaOf = (entry: Entry, part: Part) => entry.endpoint.schemas[part] as SchemaNode | undefined;

/** A request as parts; `params` and `query` values are written into the URL. */
export interface RequestInput {
  body?: unknown;
  query?: Record<string, unknown>;
  params?: Record<string, unknown>;
}

// ---------------------------------------------------------------------------------------------------------------
// Validation as the server does it

const ajv = contractKeywords(new Ajv({ ...CONTRACT_AJV_OPTIONS, strict: false, validateFormats: false }));
const compiled = new WeakMap<object, ValidateFunction>();

/**
 * Whether the server's validation lets `value` through `schema` (the schema the contract router registers, with
 * the same options and keywords as server/app.ts;
 * formats are not checked, which only makes this copy more lenient: a generated input it calls valid is not sent
 * as "invalid"). ajv coerces and fills defaults in place, so it validates a copy.
 */
export function passesSchema(schema: SchemaNode, value: unknown): boolean {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(requestSchema(schema));
    compiled.set(schema, validate);
  }
  return validate(value === undefined ? undefined : structuredClone(value)) === true;
}

/**
 * The request as the server receives it: the body after a JSON round trip, the path parameters the path names
 * and the query string, both decoded from the URL (strings; a repeated key is a list). Null when the URL cannot be
 * decoded (the router refuses it).
 */
export function asReceived(entry: Entry, input: RequestInput): RequestInput | null {
  const url = urlOf(entry, input);
  const queryStart = url.indexOf('?');
  const path = queryStart < 0 ? url : url.slice(0, queryStart);
  const search = queryStart < 0 ? '' : url.slice(queryStart + 1);
  const names = [...entry.endpoint.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);
  const pattern = new RegExp(`^${entry.endpoint.path.replace(/:([A-Za-z0-9_]+)/g, '([^/]*)')}$`);
  const values = pattern.exec(path)?.slice(1) ?? [];
  try {
    const params = Object.fromEntries(
      names.map((name, index) => [name, decodeURIComponent(values[index] ?? '')]),
    );
    const query: Record<string, unknown> = {};
    for (const [key, value] of new URLSearchParams(search)) {
      const current = Object.hasOwn(query, key) ? query[key] : undefined;
      query[key] =
        current === undefined ? value : Array.isArray(current) ? [...current, value] : [current, value];
    }
    return {
      body: input.body === undefined ? undefined : JSON.parse(JSON.stringify(input.body)),
      params: names.length > 0 ? params : undefined,
      query,
    };
  } catch {
    return null;
  }
}

/** Whether every part of the request, as the server receives it, passes its schema (a part without one passes). */
export function passesContract(entry: Entry, input: RequestInput): boolean {
  const received = asReceived(entry, input);
  if (!received) return false;
  return PARTS.every((part) => {
    const schema = schemaOf(entry, part);
    return !schema || passesSchema(schema, received[part]);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Valid samples

/** A valid value for each rule of contract/rules (a new rule without one is a type error here). */
const RULE_SAMPLES: Record<RuleName, string> = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'sample.person@example.com',
  password: 'Str0ng!Pass',
  loginPassword: 'Str0ng!Pass',
  currentPassword: 'Str0ng!Pass',
  phone: '+61400000009',
  mobilePhone: '+61400000009',
  otp: '123456',
  organizationName: 'Sample Organisation',
  roleName: 'Sample role',
  brandColour: '#0B1F44',
  middleName: 'Jo',
  abn: '51824753556',
  acn: '000000019',
  medicareNumber: '2123456701',
};

/**
 * Values a field of that name takes in a request the handler accepts, where the schema alone says too little
 * (a role name, a portal). Used only when the schema accepts them.
 */
const FIELD_SAMPLES: Record<string, unknown> = {
  role: 'member',
  portalId: 'kreanoAccount',
  portal: 'kreanoAccount',
  fromDate: '2030-01-10',
  toDate: '2030-01-14',
  // Identity verification: an ISO country and dates the patterns accept.
  country: 'AU',
  issuingCountry: 'AU',
  ticker: 'ACM',
  dob: '1990-05-17',
  expiryDate: '2035-01-01',
  expiryMonth: '2034-06',
};

const branches = (schema: SchemaNode) =>
  Array.isArray(schema.anyOf)
    ? (schema.anyOf as SchemaNode[])
    : Array.isArray(schema.oneOf)
      ? (schema.oneOf as SchemaNode[])
      : null;

/** A value `schema` accepts: required properties only, a field's sample by its name or rule, else the simplest. */
export function sampleOf(schema: SchemaNode, name?: string): unknown {
  if (name && name in FIELD_SAMPLES && passesSchema(schema, FIELD_SAMPLES[name])) return FIELD_SAMPLES[name];
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const rule = schema['x-rule'];
  if (typeof rule === 'string' && rule in RULE_SAMPLES) return RULE_SAMPLES[rule as RuleName];
  const options = branches(schema);
  if (options) {
    const chosen = options.find((option) => option.type !== 'null') ?? options[0];
    return sampleOf(chosen, name);
  }
  switch (schema.type) {
    case 'string':
      return 'x'.repeat(Math.max(1, Number(schema.minLength ?? 1)));
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return Number(schema.minimum ?? 1);
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: Number(schema.minItems ?? 0) }, () => sampleOf(schema.items as SchemaNode));
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, SchemaNode>;
      const required = new Set((schema.required ?? []) as string[]);
      // Optional properties too, in order, where the object needs more than its required ones (`minProperties`).
      const wanted = Math.max(required.size, Number(schema.minProperties ?? 0));
      const optional = Object.keys(properties).filter((key) => !required.has(key));
      const chosen = new Set([...required, ...optional.slice(0, wanted - required.size)]);
      return Object.fromEntries(
        Object.entries(properties)
          .filter(([key]) => chosen.has(key))
          .map(([key, property]) => [key, sampleOf(property, key)]),
      );
    }
    default:
      return undefined;
  }
}

const validInputs = new Map<string, RequestInput>();

/** The smallest valid request of an entry: each part's required fields with sample values (a fresh copy). */
export function validInput(entry: Entry): RequestInput {
  let input = validInputs.get(entry.name);
  if (!input) {
    input = {};
    for (const part of PARTS) {
      const schema = schemaOf(entry, part);
      if (schema) input[part] = sampleOf(schema) as never;
    }
    validInputs.set(entry.name, input);
  }
  return structuredClone(input);
}

// ---------------------------------------------------------------------------------------------------------------
// Fields

export interface Field {
  part: Part;
  /** Where in the part: `['firstName']`, `['ranges', 0]`. */
  path: Path;
  /** The field's own schema. */
  schema: SchemaNode;
}

export const fieldName = (field: Field) => [field.part, ...field.path].join('.');

function collectFields(schema: SchemaNode, part: Part, path: Path, out: Field[]): void {
  out.push({ part, path, schema });
  const options = branches(schema);
  if (options)
    for (const option of options)
      if (option.type === 'object' || option.type === 'array') collectFields(option, part, path, out);
  if (isNode(schema.properties))
    for (const [key, property] of Object.entries(schema.properties as Record<string, SchemaNode>))
      collectFields(property, part, [...path, key], out);
  if (isNode(schema.items)) collectFields(schema.items as SchemaNode, part, [...path, 0], out);
}

/** Every field of every part, at any depth, the part itself (path `[]`) included. */
export function fieldsOf(entry: Entry): Field[] {
  const out: Field[] = [];
  for (const part of PARTS) {
    const schema = schemaOf(entry, part);
    if (schema) collectFields(schema, part, [], out);
  }
  return out;
}

/** Whether the field can hold a string (a string schema, or a union with a string branch). */
export function takesString(schema: SchemaNode): boolean {
  if (schema.type === 'string') return true;
  return branches(schema)?.some((option) => option.type === 'string') ?? false;
}

/** The fields a string can be written to: what control characters and oversized text are tried on. */
export const stringFields = (entry: Entry) =>
  fieldsOf(entry).filter((field) => field.path.length > 0 && takesString(field.schema));

/** The request with one field set (containers on the way created as the path needs); the input is not changed. */
export function withField(input: RequestInput, field: Field, value: unknown): RequestInput {
  const copy = structuredClone(input);
  if (field.path.length === 0) {
    copy[field.part] = value as never;
    return copy;
  }
  const container = (value: unknown, key: string | number) =>
    typeof key === 'number' ? Array.isArray(value) : isNode(value);
  // A part or a container replaced by a scalar earlier (a combined mutation) becomes a container again.
  if (!container(copy[field.part], field.path[0]))
    copy[field.part] = (typeof field.path[0] === 'number' ? [] : {}) as never;
  let node = copy[field.part] as Record<string | number, unknown>;
  field.path.slice(0, -1).forEach((key, index) => {
    const next = field.path[index + 1];
    if (!container(node[key], next)) node[key] = typeof next === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  });
  node[field.path[field.path.length - 1]] = value;
  return copy;
}

/** The request without that field. */
export function withoutField(input: RequestInput, field: Field): RequestInput {
  const copy = structuredClone(input);
  let node = copy[field.part] as Record<string | number, unknown> | undefined;
  for (const key of field.path.slice(0, -1)) {
    if (!node || typeof node !== 'object') return copy;
    node = node[key] as Record<string | number, unknown>;
  }
  if (node && typeof node === 'object') delete node[field.path[field.path.length - 1]];
  return copy;
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) is written as the bytes a careless client
 * would send (WTF-8), so the server meets it too.
 */
export function encodeComponent(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

/** The URL of a request: path parameters and query written in. */
export function urlOf(entry: Entry, input: RequestInput): string {
  const path = entry.endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    encodeComponent(scalar(input.params?.[name] ?? '')),
  );
  const query = Object.entries(input.query ?? {})
    .flatMap(([key, value]) => (Array.isArray(value) ? value.map((item) => [key, item]) : [[key, value]]))
    .map(([key, value]) => `${encodeComponent(String(key))}=${encodeComponent(scalar(value))}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

/** `app.inject` options for the request: JSON body, bearer token, extra headers. */
export function injectOptions(
  entry: Entry,
  input: RequestInput,
  token?: string,
  headers: Record<string, string> = {},
): InjectOptions {
  const hasBody = input.body !== undefined;
  return {
    method: entry.endpoint.method,
    url: urlOf(entry, input),
    ...(hasBody ? { payload: JSON.stringify(input.body) } : {}),
    headers: {
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
  };
}
