import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp } from '../test/test-app';
import type { App } from '../http/types';
import { CommonPasswords } from './password-policy';

describe('common password list', () => {
  const list = new CommonPasswords();

  it('ships at least the 10,000 most common passwords', () => {
    expect(list.size).toBeGreaterThanOrEqual(10_000);
  });

  it('catches common passwords whatever the casing or the digits and symbols added around them', () => {
    expect(list.isCommon('123456')).toBe(true);
    expect(list.isCommon('PASSWORD')).toBe(true);
    expect(list.isCommon('Password1!')).toBe(true);
    expect(list.isCommon('!Football2024')).toBe(true);
  });

  it('lets uncommon passwords through', () => {
    expect(list.isCommon('Str0ng!Pass')).toBe(false);
    expect(list.isCommon('Vq7#mXe2')).toBe(false);
    expect(list.isCommon('Par1ty#Check')).toBe(false);
    // A short common word with a long tail of digits nobody guesses is not refused for the word alone.
    expect(list.isCommon('Demo@83920174')).toBe(false);
  });

  it('sees through the usual letter substitutions (@ for a, 0 for o, 1 for i or l, 3 for e, $ for s…)', () => {
    expect(list.isCommon('P@ssw0rd')).toBe(true);
    expect(list.isCommon('P@$$w0rd!')).toBe(true);
    expect(list.isCommon('@dmin123')).toBe(true);
    expect(list.isCommon('W3lc0me!')).toBe(true);
    expect(list.isCommon('Qw3rty!1')).toBe(true);
    expect(list.isCommon('Footb@ll#2024')).toBe(true);
    expect(list.isCommon('Sunsh1ne')).toBe(true);
    expect(list.isCommon('Pa55word1')).toBe(true);
  });

  it('refuses a short common word dressed with the usual digits and symbols (the demo password)', () => {
    expect(list.isCommon('Demo@1234')).toBe(true);
    expect(list.isCommon('Pass@123')).toBe(true);
    expect(list.isCommon('!Love2024')).toBe(true);
  });
});

describe("the product's own name", () => {
  const list = new CommonPasswords({ productNames: ['Kreano'] });

  it('is refused alone, with substitutions and with the usual additions', () => {
    expect(list.isCommon('Kreano@2024')).toBe(true);
    expect(list.isCommon('Kr3an0!1')).toBe(true);
    expect(list.isCommon('KREANO123!')).toBe(true);
    expect(list.isCommon('MyKreano1!')).toBe(true);
    expect(list.isCommon('KreanoAdmin1!')).toBe(true);
  });

  it('is allowed inside a password that has more to it', () => {
    expect(list.isCommon('Kreano&Vq7#mXe2')).toBe(false);
  });

  it('comes from the configured brand (BRAND_NAME), not a fixed word', () => {
    const other = new CommonPasswords({ productNames: ['Acme Docs'] });
    expect(other.isCommon('AcmeDocs#1')).toBe(true);
    expect(other.isCommon('Kreano@2024')).toBe(false);
  });
});

describe('sign-up refuses them (the server applies the check with BRAND_NAME)', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ env: { BRAND_NAME: 'Kreano' } });
  });
  afterAll(() => app.close());

  it.each(['P@ssw0rd1', 'Demo@1234', 'Kreano@2024'])('%s is too common', async (password) => {
    const response = await call(app, {
      url: '/v1/register',
      body: { firstName: 'Pat', lastName: 'Common', email: `common-${password.length}-${password.charCodeAt(0)}@example.com`, password },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json.code).toBe('PASSWORD_TOO_COMMON');
    expect(response.json.errors).toEqual([{ field: 'password', msg: expect.stringMatching(/too common/) }]);
  });
});
