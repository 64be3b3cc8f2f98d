import { describe, expect, it } from 'vitest';
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
    expect(list.isCommon('Demo@1234')).toBe(false);
    expect(list.isCommon('Vq7#mXe2')).toBe(false);
  });
});
