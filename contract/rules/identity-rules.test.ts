import { describe, expect, it } from 'vitest';
import { abnEndsWithAcn, isValidAbn, isValidAcn, validateAbn, validateAcn } from './business-numbers';
import {
  isAdult,
  isValidMedicareNumber,
  nameMismatches,
  validateDateOfBirth,
  validateExpiryDate,
  validateExpiryMonth,
  validateMedicareNumber,
  validatePostCode,
  validateState,
} from './identity';

describe('ABN (modulus 89)', () => {
  it('accepts 51 824 753 556 and refuses it with any one digit changed', () => {
    expect(isValidAbn('51 824 753 556')).toBe(true);
    expect(validateAbn('51824753556')).toBeNull();
    const digits = '51824753556';
    for (let i = 0; i < digits.length; i++) {
      const changed = digits.slice(0, i) + String((Number(digits[i]) + 1) % 10) + digits.slice(i + 1);
      expect(isValidAbn(changed), changed).toBe(false);
    }
    expect(validateAbn('51 824 753 557')).toBe('validation.abn.checksum');
  });

  it('says what is expected: required, then 11 digits', () => {
    expect(validateAbn('')).toBe('validation.abn.required');
    expect(validateAbn('5182475355')).toBe('validation.abn.format');
    expect(validateAbn('5182475355a')).toBe('validation.abn.format');
  });
});

describe('ACN (modulus 10)', () => {
  it('accepts 000 000 019 and refuses 123 456 789', () => {
    expect(isValidAcn('000 000 019')).toBe(true);
    expect(validateAcn('123 456 789')).toBe('validation.acn.checksum');
    expect(validateAcn('12345678')).toBe('validation.acn.format');
  });

  it("warns when a company's ABN does not end with its ACN", () => {
    expect(abnEndsWithAcn('51 824 753 556', '824 753 556')).toBe(true);
    expect(abnEndsWithAcn('51 824 753 556', '000 000 019')).toBe(false);
  });
});

describe('Medicare card number', () => {
  it('checks the ninth digit against the first eight', () => {
    expect(isValidMedicareNumber('2123 45670 1')).toBe(true);
    expect(validateMedicareNumber('2123 45679 1')).toBe('validation.medicare.checksum');
    expect(validateMedicareNumber('7123456701')).toBe('validation.medicare.checksum');
    expect(validateMedicareNumber('212345670')).toBe('validation.medicare.format');
  });
});

describe('dates', () => {
  it('counts adulthood to the day, 29 February included', () => {
    expect(isAdult('2008-06-01', '2026-06-01')).toBe(true);
    expect(isAdult('2008-06-02', '2026-06-01')).toBe(false);
    expect(isAdult('2008-02-29', '2026-02-28')).toBe(false);
    expect(isAdult('2008-02-29', '2026-03-01')).toBe(true);
    expect(validateDateOfBirth('2010-01-01', '2026-01-01')).toBe('validation.dateOfBirth.adult');
    expect(validateDateOfBirth('2030-01-01', '2026-01-01')).toBe('validation.dateOfBirth.invalid');
    expect(validateDateOfBirth('1990-02-30', '2026-01-01')).toBe('validation.dateOfBirth.invalid');
  });

  it('wants an expiry after today (a month is valid through its end)', () => {
    expect(validateExpiryDate('2026-01-02', '2026-01-01')).toBeNull();
    expect(validateExpiryDate('2026-01-01', '2026-01-01')).toBe('validation.expiry.past');
    expect(validateExpiryMonth('2026-01', '2026-01-31')).toBeNull();
    expect(validateExpiryMonth('2025-12', '2026-01-01')).toBe('validation.expiry.past');
  });
});

describe('addresses and names', () => {
  it('checks Australian post codes and states strictly, others loosely', () => {
    expect(validatePostCode('2000', 'AU')).toBeNull();
    expect(validatePostCode('200', 'AU')).toBe('validation.postCode.australia');
    expect(validatePostCode('SW1A 1AA', 'GB')).toBeNull();
    expect(validateState('NSW', 'AU')).toBeNull();
    expect(validateState('New South Wales', 'AU')).toBe('validation.state.australia');
    expect(validateState('Bavaria', 'DE')).toBeNull();
  });

  it('compares names ignoring case and accents', () => {
    expect(
      nameMismatches({ firstName: 'Zoë', lastName: 'Smith' }, { firstName: 'ZOE', lastName: 'smith' }),
    ).toEqual([]);
    expect(
      nameMismatches({ firstName: 'Zoe', lastName: 'Smith' }, { firstName: 'Zoe', lastName: 'Jones' }),
    ).toEqual(['lastName']);
  });
});
