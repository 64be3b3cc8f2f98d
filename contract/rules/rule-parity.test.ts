/**
 * The portal's forms and the server refuse the same input with the same message (docs/validation-rules.md).
 * One table of samples runs through the form rules (core/ui/validation/field-rules.ts, what both form engines
 * use) and through the real server routes (`fastify.inject`), and the answers must agree: both accept, or both
 * refuse with the text of the same message key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldRules, type FieldRule, type FormValues } from '../../core/ui/validation/field-rules';
import { translateValidation } from '../../core/ui/validation/messages';
import { call, createTestApp, loginAs } from '../../server/test/test-app';
import type { App } from '../../server/http/types';
import { createTestI18n } from '../../tests/setup/test-i18n';
import { ruleMessageKeys } from './messages';

let app: App;
let token: string;
/** demo's token for Acme, which they own: organisation-scoped routes that need acl.manage. */
let acmeToken: string;
beforeAll(async () => {
  app = await createTestApp();
  token = (await loginAs(app, 'demo@example.com')).accessToken;
  const access = await call(app, {
    url: '/v1/organization/access',
    token,
    body: { portalId: 'kreanoAccount', orgId: '11111111-1111-4111-8111-000000000001' },
  });
  acmeToken = access.json.data.accessToken;
});
afterAll(() => app.close());

const en = createTestI18n('en');
const english = (key: Parameters<typeof translateValidation>[1]) => translateValidation(en.t, key);

/** One request that carries the sample in `field`; every other field of the body is valid. */
interface Route {
  name: string;
  field: string;
  send: (value: string, n: number) => ReturnType<typeof call>;
}

const STRONG = 'Par1ty#Check';
let ip = 0;
const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;

const register = (field: string): Route => ({
  name: `POST /v1/register ${field}`,
  field,
  send: (value, n) =>
    call(app, {
      url: '/v1/register',
      ip: nextIp(),
      body: {
        firstName: 'Pat',
        lastName: 'Parity',
        email: `parity-${field}-${n}@example.com`,
        password: STRONG,
        [field]: value,
      },
    }),
});
const updateUser = (field: string): Route => ({
  name: `PATCH /v1/user ${field}`,
  field,
  send: (value) => call(app, { method: 'PATCH', url: '/v1/user', token, body: { [field]: value } }),
});
const changePassword = (field: 'currentPassword' | 'newPassword'): Route => ({
  name: `PATCH /v1/change-password ${field}`,
  field,
  // The other field is valid but the current password is wrong, so nothing is ever changed.
  send: (value) =>
    call(app, {
      method: 'PATCH',
      url: '/v1/change-password',
      token,
      ip: nextIp(),
      body: { currentPassword: 'Wrong1pass', newPassword: STRONG, [field]: value },
    }),
});
const login = (field: 'email' | 'password'): Route => ({
  name: `POST /v1/login ${field}`,
  field,
  send: (value) =>
    call(app, {
      url: '/v1/login',
      ip: nextIp(),
      body: { email: 'parity-login@example.com', password: 'Wrong1pass', [field]: value },
    }),
});
const verifyCode: Route = {
  name: 'POST /v1/two-factor/verify code',
  field: 'code',
  send: (value) =>
    call(app, {
      url: '/v1/two-factor/verify',
      ip: nextIp(),
      body: { tokenId: 'no-such-challenge', type: 'totp', code: value },
    }),
};

// Read-only checks: the name check answers availability, the rename targets a role that does not exist (404).
const organizationNameCheck: Route = {
  name: 'GET /v1/organization/name orgName',
  field: 'orgName',
  send: (value) => call(app, { url: `/v1/organization/name?orgName=${encodeURIComponent(value)}`, token }),
};
const renameRole: Route = {
  name: 'PATCH /v1/roles/:roleId name',
  field: 'name',
  send: (value) =>
    call(app, { method: 'PATCH', url: '/v1/roles/no-such-role', token: acmeToken, body: { name: value } }),
};

/** The server's message for the field when its rules refused it, else null. */
async function serverAnswer(route: Route, value: string, n: number): Promise<string | null> {
  const response = await route.send(value, n);
  if (response.json?.code !== 'VALIDATION_FAILED') return null;
  const errors = response.json.errors as { field: string; msg: string }[];
  return errors.find((error) => error.field === route.field)?.msg ?? null;
}

// 64-character local part (the most a mailbox allows) and a domain of full-length labels: 256 characters.
const EMAIL_256 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(59)}.com`;

interface RuleCase {
  rule: string;
  /** The form rule, and the other form values it compares with. */
  portal: FieldRule;
  values?: FormValues;
  routes: Route[];
  samples: string[];
}

const NAME_SAMPLES = [
  "O'Brien-Smith",
  'Jean Luc',
  'Zoë',
  'N'.repeat(50),
  'N'.repeat(51),
  'John  Smith',
  'John ',
  'John\r\nSmith',
  'John\nBcc',
  'John\u0000',
  'John 😀',
  '<b>x</b>',
  'J0hn',
  '',
  '   ',
];

const PASSWORD_SAMPLES = [
  'Secre1!',
  `Ab1!${'x'.repeat(26)}`,
  `Ab1!${'x'.repeat(27)}`,
  'Ab1!cd',
  'secret1!',
  'Secrets!',
  'Secret12',
  'Secret 1!',
  'SECRETé1',
  'Passwört1',
  '',
];

const table: RuleCase[] = [
  {
    rule: 'first name',
    portal: fieldRules.firstName(),
    routes: [register('firstName'), updateUser('firstName')],
    samples: NAME_SAMPLES,
  },
  {
    rule: 'last name',
    portal: fieldRules.lastName(),
    routes: [register('lastName'), updateUser('lastName')],
    samples: NAME_SAMPLES,
  },
  {
    rule: 'email',
    portal: fieldRules.email(),
    routes: [register('email'), login('email')],
    samples: [
      EMAIL_256,
      `a${EMAIL_256}`,
      'john.smith+portal@mail.example.com.au',
      'plainaddress',
      'a@b@example.com',
      'john doe@example.com',
      'john@localhost',
      'john..doe@example.com',
      'jo(hn)@example.com',
      '',
    ],
  },
  {
    rule: 'new password',
    portal: fieldRules.newPassword('currentPassword'),
    values: { currentPassword: 'Wrong1pass' },
    routes: [register('password'), changePassword('newPassword')],
    samples: PASSWORD_SAMPLES,
  },
  {
    rule: 'current password',
    portal: fieldRules.currentPassword(),
    routes: [changePassword('currentPassword')],
    samples: ['Abcdef1', `Ab1${'x'.repeat(27)}`, `Ab1${'x'.repeat(28)}`, 'Abc123', 'Abcdefg', 'abcdef1', ''],
  },
  {
    rule: 'login password',
    portal: fieldRules.loginPassword(),
    routes: [login('password')],
    samples: ['x', 'x'.repeat(256), 'x'.repeat(257), '   ', ''],
  },
  {
    rule: 'phone',
    portal: fieldRules.phone(),
    routes: [updateUser('phoneNumber')],
    samples: [
      '123456',
      '1234567',
      '+123456789012345',
      '1234567890123456',
      '+1234567890123456',
      '0412 345 678',
      '04a2345678',
      '+',
      '',
    ],
  },
  {
    rule: 'organisation name',
    portal: fieldRules.organizationName(),
    routes: [organizationNameCheck],
    samples: [
      'Acme Pty Ltd',
      'Zoë & Co.',
      'AB',
      'A',
      'x'.repeat(100),
      'x'.repeat(101),
      ' Acme',
      'Acme ',
      '<b>x</b>',
      '',
      '   ',
    ],
  },
  {
    rule: 'role name',
    portal: fieldRules.roleName(),
    routes: [renameRole],
    samples: ['Support', 'Équipe 2', 'AB', 'A', 'x'.repeat(50), 'x'.repeat(51), ' Support', 'a>b', '', '   '],
  },
  {
    rule: 'one-time code',
    portal: fieldRules.otp(),
    routes: [verifyCode],
    samples: ['12345', '123456', '1234567', '12345a', 'abcdef', ''],
  },
];

describe('the portal and the server apply one rule set', () => {
  it('words every message key differently, so the same text means the same key', () => {
    const texts = ruleMessageKeys.map((key) => english(key));
    expect(new Set(texts).size).toBe(texts.length);
  });

  describe.each(table)('$rule', ({ portal, values = {}, routes, samples }) => {
    it.each(routes.map((route) => [route.name, route] as const))(
      '%s agrees with the form on every sample',
      async (_name, route) => {
        const disagreements: string[] = [];
        for (const [n, sample] of samples.entries()) {
          const key = portal.check(sample, values);
          const form = key ? english(key) : null;
          const server = await serverAnswer(route, sample, n);
          if (server !== form)
            disagreements.push(
              `${JSON.stringify(sample)}: form ${JSON.stringify(form)}, server ${JSON.stringify(server)}`,
            );
        }
        expect(disagreements).toEqual([]);
      },
    );
  });

  it('covers both outcomes for every rule: each table has accepted and refused samples', () => {
    for (const { rule, portal, values = {}, samples } of table) {
      const outcomes = new Set(samples.map((sample) => portal.check(sample, values) === null));
      expect(outcomes, rule).toEqual(new Set([true, false]));
    }
  });
});
