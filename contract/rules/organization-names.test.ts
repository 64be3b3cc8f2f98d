import { describe, expect, it } from 'vitest';
import { validateOrganizationName, validateRoleName } from './organization-names';

describe('validateOrganizationName', () => {
  it.each([
    ['Acme Pty Ltd', null],
    ['Zoë & Co.', null],
    ['AB', null],
    ['x'.repeat(100), null],
    ['A', 'validation.organizationName.min'],
    ['x'.repeat(101), 'validation.organizationName.max'],
    ['', 'validation.organizationName.required'],
    ['   ', 'validation.organizationName.required'],
    [undefined, 'validation.organizationName.required'],
    [' Acme', 'validation.organizationName.format'],
    ['Acme\nBcc', 'validation.organizationName.format'],
    ['Acme\u200b', 'validation.organizationName.format'],
    ['<script>', 'validation.organizationName.format'],
  ])('%j → %s', (value, expected) => {
    expect(validateOrganizationName(value)).toBe(expected);
  });
});

describe('validateRoleName', () => {
  it.each([
    ['Support', null],
    ['x'.repeat(50), null],
    ['x'.repeat(51), 'validation.roleName.max'],
    ['S', 'validation.roleName.min'],
    ['Support ', 'validation.roleName.format'],
  ])('%j → %s', (value, expected) => {
    expect(validateRoleName(value)).toBe(expected);
  });
});
