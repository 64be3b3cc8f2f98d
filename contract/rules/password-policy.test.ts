/**
 * portal.config.json `passwordPolicy` (docs/validation-rules.md): the product's rule by default; `nist` (NIST SP
 * 800-63B, OWASP ASVS 5.0) asks for length only (15, or 8 where a second factor guards the account, up to 128),
 * keeps the common-password list, and stores the password exactly as typed. The portal's forms run the same rule
 * set: the parity table at the end sends each sample through both.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldRules } from '../../core/ui/validation/field-rules';
import { translateValidation } from '../../core/ui/validation/messages';
import type { App } from '../../server/http/types';
import { users } from '../../server/modules/users/schema';
import { readPasswordPolicy } from '../../server/security/password-rules';
import { call, createTestApp, loginAs } from '../../server/test/test-app';
import { createTestI18n } from '../../tests/setup/test-i18n';

const english = createTestI18n('en');

let nist: App;
let product: App;
beforeAll(async () => {
  [nist, product] = await Promise.all([
    createTestApp({ configOverrides: { passwordPolicy: 'nist' } }),
    createTestApp(),
  ]);
});
afterAll(async () => {
  await Promise.all([nist.close(), product.close()]);
});

let counter = 0;
const register = (app: App, password: string, email = `nist-${++counter}@example.com`) =>
  call(app, {
    url: '/v1/register',
    ip: `10.77.0.${counter % 250}`,
    body: { firstName: 'Pat', lastName: 'Phrase', email, password },
  });

/** A verified account with `password`, signed in; `secondFactor` turns 2FA on in the database afterwards. */
async function signedIn(app: App, password: string, secondFactor = false) {
  const email = `nist-user-${++counter}@example.com`;
  expect((await register(app, password, email)).statusCode).toBe(200);
  await app.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, email));
  const { accessToken } = await loginAs(app, email, password);
  if (secondFactor)
    await app.database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.email, email));
  return { email, accessToken };
}

const passwordMessage = (response: Awaited<ReturnType<typeof call>>) =>
  response.json.errors?.find((error: { field: string }) => error.field.endsWith('assword'))?.msg;

describe('passwordPolicy nist', () => {
  it('takes a long passphrase of lower-case words and spaces, which the product rule refuses', async () => {
    const phrase = 'tulip lantern orbit velvet harbour quietly';
    expect((await register(nist, phrase)).statusCode).toBe(200);
    const refused = await register(product, phrase);
    expect(refused.statusCode).toBe(400);
    expect(passwordMessage(refused)).toBe('Password must be 30 characters at maximum!');
  });

  it('asks for 15 characters where the password is the only factor, and up to 128', async () => {
    const short = await register(nist, 'tulip lantern o');
    expect(short.statusCode).toBe(200);
    const fourteen = await register(nist, 'tulip lantern ');
    expect(fourteen.statusCode).toBe(400);
    expect(passwordMessage(fourteen)).toBe('Password must be at least 15 characters');
    const long = await register(nist, 'a'.repeat(129));
    expect(passwordMessage(long)).toBe('Password must be 128 characters at maximum!');
  });

  it('keeps refusing common passwords dressed up to the length', async () => {
    const common = await register(nist, 'Qwertyuiop!2024');
    expect(common.statusCode).toBe(400);
    expect(common.json.code).toBe('PASSWORD_TOO_COMMON');
  });

  it('verifies the password exactly as typed: spaces around it and emoji count', async () => {
    const typed = '  🐴 velvet harbour 🔋  ';
    const { email } = await signedIn(nist, typed);
    expect((await call(nist, { url: '/v1/login', body: { email, password: typed } })).statusCode).toBe(200);
    expect((await call(nist, { url: '/v1/login', body: { email, password: typed.trim() } })).statusCode).toBe(
      400,
    );
  });

  it('lets an account with a second factor change to an 8-character password, and not one without', async () => {
    const current = 'orbit lantern tulip velvet';
    const guarded = await signedIn(nist, current, true);
    const alone = await signedIn(nist, current);
    const change = (token: string) =>
      call(nist, {
        method: 'PATCH',
        url: '/v1/change-password',
        token,
        body: { currentPassword: current, newPassword: 'vq7-mxe2' },
      });
    expect((await change(guarded.accessToken)).statusCode).toBe(200);
    const refused = await change(alone.accessToken);
    expect(refused.statusCode).toBe(400);
    expect(passwordMessage(refused)).toBe('Password must be at least 15 characters');
    // Nothing changed for the refused one: the old password still signs in.
    expect(
      (await call(nist, { url: '/v1/login', body: { email: alone.email, password: current } })).statusCode,
    ).toBe(200);
  });

  it("the portal's form rule and the server refuse the same sign-up passwords with the same message", async () => {
    const samples = [
      'tulip lantern ',
      'tulip lantern o',
      ' '.repeat(16),
      '🐴'.repeat(15),
      'a'.repeat(129),
      'NoRulesHere',
    ];
    const rule = fieldRules.password({ policy: 'nist' });
    for (const sample of samples) {
      const key = rule.check(sample, {});
      const response = await register(nist, sample);
      expect(response.statusCode, sample).toBe(key ? 400 : 200);
      if (key) expect(passwordMessage(response), sample).toBe(translateValidation(english.t, key));
    }
  });
});

describe('reading passwordPolicy from portal.config.json', () => {
  const folder = mkdtempSync(join(tmpdir(), 'password-policy-'));
  const file = (content: unknown) => {
    const path = join(folder, `${++counter}.json`);
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };

  it('is the product rule without the key or without a readable file, and nist when named', () => {
    expect(readPasswordPolicy(file({ brandName: 'Acme' }))).toBe('product');
    expect(readPasswordPolicy(join(folder, 'missing.json'))).toBe('product');
    expect(readPasswordPolicy(file({ passwordPolicy: 'nist' }))).toBe('nist');
  });

  it('stops the start on a policy it does not know, naming the ones it does', () => {
    expect(() => readPasswordPolicy(file({ passwordPolicy: 'weak' }))).toThrow(
      'portal.config.json passwordPolicy must be one of product, nist, got "weak"',
    );
  });
});
