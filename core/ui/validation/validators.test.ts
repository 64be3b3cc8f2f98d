import { abnEndsWithAcn, validateAbn, validateAcn } from '@contract/rules/business-numbers';
import {
  validateDateOfBirth,
  validateExpiryDate,
  validateExpiryMonth,
  validateMedicareNumber,
  validateMedicareReference,
  validatePostCode,
  validateState,
} from '@contract/rules/identity';
import { validateMiddleName } from '@contract/rules/names';
import { createTestI18n } from '../../../tests/setup/test-i18n';
import { translateValidation, validationMessageKeys, type ValidationMessageKey } from './messages';
import {
  validateConfirmPassword,
  validateCurrentPassword,
  validateEmail,
  validateFirstName,
  validateLastName,
  validateLoginPassword,
  validateNewPassword,
  validateNewPasswordConfirm,
  validateOrganizationName,
  validateOtp,
  validatePassword,
  validatePhone,
  validateRoleName,
  validateBrandColour,
} from './validators';

const NIST = { policy: 'nist' } as const;
const NIST_2FA = { policy: 'nist', secondFactor: true } as const;
const en = createTestI18n('en');
const fr = createTestI18n('fr');
const english = (key: ValidationMessageKey | null) => (key ? translateValidation(en.t, key) : null);

// 64-character local part (the most a mailbox allows) and a domain of full-length labels.
const EMAIL_256 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(59)}.com`;

type Case = [rule: string, check: () => ValidationMessageKey | null, expected: string];

const TODAY = '2026-11-23';

// The identity-verification rules (docs/identity-verification.md), shared with the KYC and KYB forms.
const identityFailing: Case[] = [
  [
    'middle name, too long',
    () => validateMiddleName('a'.repeat(51)),
    'Middle name can have a maximum of 50 characters',
  ],
  ['middle name, digit', () => validateMiddleName('J0hn'), 'Enter your middle name in format: John Smith'],
  ['ABN, empty', () => validateAbn(''), 'ABN is required'],
  ['ABN, 10 digits', () => validateAbn('5182475355'), 'ABN must be 11 digits'],
  ['ABN, one digit changed', () => validateAbn('51 824 753 557'), 'Invalid ABN: please check the number'],
  ['ACN, empty', () => validateAcn(''), 'ACN is required'],
  ['ACN, 8 digits', () => validateAcn('00000001'), 'ACN must be 9 digits'],
  ['ACN, wrong check digit', () => validateAcn('123 456 789'), 'Invalid ACN: please check the number'],
  [
    "ACN, not the ABN's last nine digits (a warning the KYB form shows)",
    () => (abnEndsWithAcn('51 824 753 556', '000 000 019') ? null : 'validation.acn.abnMismatch'),
    "The last 9 digits of a company's ABN are usually its ACN: please check both numbers",
  ],
  ['Medicare, empty', () => validateMedicareNumber(''), 'Medicare card number is required'],
  ['Medicare, 9 digits', () => validateMedicareNumber('212345670'), 'Medicare card number must be 10 digits'],
  [
    'Medicare, wrong check digit',
    () => validateMedicareNumber('2123 45671 1'),
    'Invalid Medicare card number: please check the number',
  ],
  [
    'Medicare reference, 0',
    () => validateMedicareReference(0),
    'Individual reference number must be from 1 to 9',
  ],
  ['date of birth, empty', () => validateDateOfBirth('', TODAY), 'Date of birth is required'],
  [
    'date of birth, in the future',
    () => validateDateOfBirth('2030-01-01', TODAY),
    'Enter a valid date of birth',
  ],
  [
    'date of birth, 17 years old',
    () => validateDateOfBirth('2009-01-01', TODAY),
    'You must be at least 18 years old',
  ],
  ['expiry, empty', () => validateExpiryDate('', TODAY), 'Expiry date is required'],
  ['expiry, not a date', () => validateExpiryDate('2030-13-40', TODAY), 'Enter a valid expiry date'],
  ['expiry, yesterday', () => validateExpiryDate('2026-11-22', TODAY), 'This document has expired'],
  ['expiry month, last month', () => validateExpiryMonth('2026-10', TODAY), 'This document has expired'],
  ['post code, empty', () => validatePostCode('', 'AU'), 'Post code is required'],
  [
    'post code, Australia with 3 digits',
    () => validatePostCode('200', 'AU'),
    'Australian post codes have 4 digits',
  ],
  [
    'post code, elsewhere too long',
    () => validatePostCode('12345678901', 'GB'),
    'Post code can have up to 10 letters, digits, spaces or hyphens',
  ],
  ['state, empty', () => validateState('', 'AU'), 'State is required'],
  [
    'state, not an Australian state',
    () => validateState('Queens', 'AU'),
    'Choose an Australian state or territory',
  ],
];

// Every message, produced by its rule for a failing input.
const failing: Case[] = [
  ['first name, empty', () => validateFirstName(''), 'First name is required'],
  ['first name, blank', () => validateFirstName('   '), 'First name is required'],
  ['first name, untouched', () => validateFirstName(undefined), 'First name is required'],
  ['first name, digit', () => validateFirstName('J0hn'), 'Enter your first name in format: John Smith'],
  [
    'first name, two spaces',
    () => validateFirstName('Mary  Ann'),
    'Enter your first name in format: John Smith',
  ],
  [
    'first name, three parts',
    () => validateFirstName('Mary Ann Lee'),
    'Enter your first name in format: John Smith',
  ],
  [
    'first name, trailing space',
    () => validateFirstName('John '),
    'Enter your first name in format: John Smith',
  ],
  ['first name, symbol', () => validateFirstName('John!'), 'Enter your first name in format: John Smith'],
  ['first name, markup', () => validateFirstName('<b>x</b>'), 'Enter your first name in format: John Smith'],
  [
    'first name, line break',
    () => validateFirstName('John\r\nSmith'),
    'Enter your first name in format: John Smith',
  ],
  ['first name, NUL', () => validateFirstName('John\u0000'), 'Enter your first name in format: John Smith'],
  ['first name, emoji', () => validateFirstName('John 😀'), 'Enter your first name in format: John Smith'],
  [
    'first name, 51 characters',
    () => validateFirstName('J'.repeat(51)),
    'First name can have a maximum of 50 characters',
  ],
  [
    'last name, 51 characters',
    () => validateLastName('S'.repeat(51)),
    'Last name can have a maximum of 50 characters',
  ],
  ['last name, empty', () => validateLastName(''), 'Last name is required'],
  ['last name, digit', () => validateLastName('Sm1th'), 'Enter your last name in format: Smith'],
  ['last name, underscore', () => validateLastName('de_la'), 'Enter your last name in format: Smith'],
  ['email, empty', () => validateEmail(''), 'Email is required'],
  ['email, null', () => validateEmail(null), 'Email is required'],
  [
    'email, 257 characters',
    () => validateEmail(`${'a'.repeat(245)}@example.com`),
    'Email can have a maximum of 256 characters',
  ],
  ['email, no @', () => validateEmail('plainaddress'), 'Invalid email format'],
  ['email, two @', () => validateEmail('a@b@example.com'), 'Invalid email format'],
  ['email, space inside', () => validateEmail('john doe@example.com'), 'Invalid email format'],
  ['email, nothing before @', () => validateEmail('@example.com'), 'Invalid email format'],
  ['email, no top-level domain', () => validateEmail('john@localhost'), 'Invalid email'],
  ['email, double dot', () => validateEmail('john..doe@example.com'), 'Invalid email'],
  ['email, leading dot', () => validateEmail('.john@example.com'), 'Invalid email'],
  ['email, domain starts with hyphen', () => validateEmail('john@-example.com'), 'Invalid email'],
  ['email, bracket in local part', () => validateEmail('jo(hn)@example.com'), 'Invalid email'],
  ['password, empty', () => validatePassword(''), 'Password is required'],
  ['login password, empty', () => validateLoginPassword(''), 'Password is required'],
  ['login password, blank', () => validateLoginPassword('   '), 'Password is required'],
  [
    'login password, 257 characters',
    () => validateLoginPassword('x'.repeat(257)),
    'Invalid email or password',
  ],
  ['password, 6 characters', () => validatePassword('Ab1!cd'), 'Password must be 7 characters at minimum!'],
  [
    'password, 31 characters',
    () => validatePassword(`Ab1!${'x'.repeat(27)}`),
    'Password must be 30 characters at maximum!',
  ],
  [
    'password, no uppercase',
    () => validatePassword('secret1!'),
    'Password must contain uppercase, lowercase, number, special character and ranging from 7-30 characters',
  ],
  [
    'password, no lowercase',
    () => validatePassword('SECRET1!'),
    'Password must contain uppercase, lowercase, number, special character and ranging from 7-30 characters',
  ],
  [
    'password, no digit',
    () => validatePassword('Secrets!'),
    'Password must contain uppercase, lowercase, number, special character and ranging from 7-30 characters',
  ],
  [
    'password, no special',
    () => validatePassword('Secret12'),
    'Password must contain uppercase, lowercase, number, special character and ranging from 7-30 characters',
  ],
  [
    'password, only accented lowercase',
    () => validatePassword('SECRETé1'),
    'Password must contain uppercase, lowercase, number, special character and ranging from 7-30 characters',
  ],
  [
    'password, whitespace',
    () => validatePassword('Secret 1!'),
    'Password must contain uppercase, lowercase, number, special character and ranging from 7-30 characters',
  ],
  ['confirm, empty', () => validateConfirmPassword('', 'Secret1!'), 'Password is required'],
  [
    'confirm, shorter than the rule: says they differ, not the rule again',
    () => validateConfirmPassword('secret', 'Secret1!'),
    'Password and Confirm Password should match',
  ],
  ['confirm, only spaces', () => validateConfirmPassword('   ', 'Secret1!'), 'Password is required'],
  [
    'confirm, different',
    () => validateConfirmPassword('Secret2!', 'Secret1!'),
    'Password and Confirm Password should match',
  ],
  [
    'new confirm, different',
    () => validateNewPasswordConfirm('Secret2!', 'Secret1!'),
    'New Password and Confirm Password should match',
  ],
  ['new confirm, empty', () => validateNewPasswordConfirm('', 'Secret1!'), 'Password is required'],
  ['current, empty', () => validateCurrentPassword(''), 'Current Password is required'],
  [
    'current, 6 characters',
    () => validateCurrentPassword('Abc123'),
    'Current Password must be 7 characters at minimum!',
  ],
  [
    'current, 31 characters',
    () => validateCurrentPassword(`Ab1${'x'.repeat(28)}`),
    'Current Password must be 30 characters at maximum!',
  ],
  [
    'current, no digit',
    () => validateCurrentPassword('Abcdefg'),
    'Current Password must contain uppercase, lowercase and number',
  ],
  [
    'current, no uppercase',
    () => validateCurrentPassword('abcdef1'),
    'Current Password must contain uppercase, lowercase and number',
  ],
  [
    'new equals current',
    () => validateNewPassword('Secret1!', 'Secret1!'),
    'Sorry you have entered current password as a new password',
  ],
  [
    'new password, weak',
    () => validateNewPassword('secret', 'Old1pass'),
    'Password must be 7 characters at minimum!',
  ],
  // The `nist` password policy (portal.config.json passwordPolicy): length only, 15 alone or 8 with a second factor.
  ['nist password, empty', () => validatePassword('', NIST), 'Password is required'],
  ['nist password, only spaces', () => validatePassword(' '.repeat(20), NIST), 'Password is required'],
  [
    'nist password, 14 characters and no second factor',
    () => validatePassword('correct horse ', NIST),
    'Password must be at least 15 characters',
  ],
  [
    'nist password, 7 characters with a second factor',
    () => validatePassword('horse12', NIST_2FA),
    'Password must be at least 8 characters',
  ],
  [
    'nist password, 129 characters',
    () => validatePassword('a'.repeat(129), NIST),
    'Password must be 128 characters at maximum!',
  ],
  [
    'nist confirmation, different',
    () => validateConfirmPassword('correct horse battery', 'correct horse battery!'),
    'Password and Confirm Password should match',
  ],
  [
    'nist current password, 129 characters',
    () => validateCurrentPassword('a'.repeat(129), NIST),
    'Password must be 128 characters at maximum!',
  ],
  ['phone, empty', () => validatePhone(''), 'Phone Number is required'],
  ['phone, lone plus', () => validatePhone('+', { forcePlus: true }), 'Phone Number is required'],
  [
    'phone, 6 digits',
    () => validatePhone('123456'),
    'Phone number must have minimum of 7 digits and maximum of 15 digits',
  ],
  [
    'phone, 16 digits',
    () => validatePhone('+1234567890123456'),
    'Phone number must have minimum of 7 digits and maximum of 15 digits',
  ],
  [
    'phone, letters',
    () => validatePhone('0412abc678'),
    'Phone number must have minimum of 7 digits and maximum of 15 digits',
  ],
  [
    'phone, plus in the middle',
    () => validatePhone('0412+345678'),
    'Phone number must have minimum of 7 digits and maximum of 15 digits',
  ],
  [
    'phone, spaces',
    () => validatePhone('0412 345 678'),
    'Phone number must have minimum of 7 digits and maximum of 15 digits',
  ],
  [
    'phone, forced plus missing',
    () => validatePhone('61412345678', { forcePlus: true }),
    'Phone number must start with + and the country code',
  ],
  ['otp, empty', () => validateOtp(''), 'Code is required'],
  ['otp, 5 digits', () => validateOtp('12345'), 'Code must be 6 digits'],
  ['otp, 7 digits', () => validateOtp('1234567'), 'Code must be 6 digits'],
  ['otp, letter', () => validateOtp('12345a'), 'Code must be 6 digits'],
  ['organisation name, blank', () => validateOrganizationName('  '), 'Organisation name is required'],
  [
    'organisation name, 1 character',
    () => validateOrganizationName('A'),
    'Organisation name must be at least 2 characters',
  ],
  [
    'organisation name, 101 characters',
    () => validateOrganizationName('x'.repeat(101)),
    'Organisation name can have a maximum of 100 characters',
  ],
  [
    'organisation name, trailing space',
    () => validateOrganizationName('Acme '),
    'Organisation name cannot start or end with a space or contain line breaks, < or >',
  ],
  ['role name, empty', () => validateRoleName(''), 'Role name is required'],
  ['role name, 1 character', () => validateRoleName('S'), 'Role name must be at least 2 characters'],
  [
    'role name, 51 characters',
    () => validateRoleName('x'.repeat(51)),
    'Role name can have a maximum of 50 characters',
  ],
  [
    'role name, markup',
    () => validateRoleName('<i>Ops</i>'),
    'Role name cannot start or end with a space or contain line breaks, < or >',
  ],
  ['brand colour, empty', () => validateBrandColour(''), 'Colour is required'],
  ...(['#abc', '#12345', '#1234567', '#123456789', 'red', '123456', '#12345g'] as const).map(
    (value): Case => [
      `brand colour, ${value}`,
      () => validateBrandColour(value),
      'Enter a hex colour: # followed by 6 or 8 hex digits (#RRGGBB or #RRGGBBAA)',
    ],
  ),
];

const passing: [rule: string, check: () => ValidationMessageKey | null][] = [
  ['first name, simple', () => validateFirstName('John')],
  ['first name, two parts', () => validateFirstName('Mary Ann')],
  ['first name, diaeresis', () => validateFirstName('Zoë')],
  ['first name, accent', () => validateFirstName('José')],
  ['first name, decomposed accent', () => validateFirstName('Jose\u0301')],
  ['first name, initial with dot', () => validateFirstName('J.')],
  ['first name, non-Latin script', () => validateFirstName('Дмитрий')],
  ['first name, 50 characters', () => validateFirstName('J'.repeat(50))],
  ['first name, two parts with one space', () => validateFirstName('Jean Luc')],
  ['last name, apostrophe and hyphen', () => validateLastName("O'Brien-Smith")],
  ['last name, typographic apostrophe', () => validateLastName('O\u2019Brien')],
  ['last name, two parts', () => validateLastName('van Dijk')],
  ['email, simple', () => validateEmail('john@example.com')],
  ['email, plus tag and subdomain', () => validateEmail('john.smith+portal@mail.example.com.au')],
  ['email, exactly 256 characters', () => validateEmail(EMAIL_256)],
  ['email, optional and empty', () => validateEmail('', { required: false })],
  ['password, 7 characters', () => validatePassword('Secre1!')],
  ['login password, any existing password', () => validateLoginPassword('x')],
  ['login password, 256 characters', () => validateLoginPassword('x'.repeat(256))],
  ['password, 30 characters', () => validatePassword(`Ab1!${'x'.repeat(26)}`)],
  ['password, unicode special', () => validatePassword('Secret1€')],
  ['password, accented letter counts as special (as on the server)', () => validatePassword('Passwört1')],
  ['confirm, same', () => validateConfirmPassword('Secret1!', 'Secret1!')],
  ['new confirm, same', () => validateNewPasswordConfirm('Secret1!', 'Secret1!')],
  ['current, no special character needed', () => validateCurrentPassword('Abcdef1')],
  ['new password, differs from current', () => validateNewPassword('Secret2!', 'Secret1!')],
  [
    'nist password, 15 lowercase letters (no composition rules)',
    () => validatePassword('correcthorsebat', NIST),
  ],
  ['nist password, spaces and emoji kept as typed', () => validatePassword(' 🐴 correct horse 🔋 ', NIST)],
  ['nist password, emoji count as one character each', () => validatePassword('🐴'.repeat(15), NIST)],
  ['nist password, 8 characters with a second factor', () => validatePassword('horse123', NIST_2FA)],
  ['nist password, 128 characters', () => validatePassword('a'.repeat(128), NIST)],
  ['nist current password, chosen under the product rule', () => validateCurrentPassword('Ab1!cde', NIST)],
  [
    'nist new password, differs from current',
    () => validateNewPassword('correct horse battery', 'Ab1!cde', NIST),
  ],
  [
    'nist new confirm, same',
    () => validateNewPasswordConfirm('correct horse battery', 'correct horse battery'),
  ],
  ['phone, 7 digits', () => validatePhone('1234567')],
  ['phone, 15 digits with plus', () => validatePhone('+123456789012345')],
  ['phone, forced plus present', () => validatePhone('+61412345678', { forcePlus: true })],
  ['otp, 6 digits', () => validateOtp('012345')],
  ['brand colour, #RRGGBB', () => validateBrandColour('#123456')],
  ['brand colour, #RRGGBBAA in either case', () => validateBrandColour('#12345678')],
  ['brand colour, lower and upper case', () => validateBrandColour('#0b1F4a')],
];

describe('validation rules (docs/validation-rules.md)', () => {
  it.each([...failing, ...identityFailing])('%s → the spec message', (_name, check, expected) => {
    expect(english(check())).toBe(expected);
  });

  it.each(passing)('%s → valid', (_name, check) => {
    expect(check()).toBeNull();
  });

  it('the 256-character boundary case really is 256 characters', () => {
    expect(EMAIL_256).toHaveLength(256);
    expect(validateEmail(`a${EMAIL_256}`)).toBe('validation.email.max');
  });

  it('every message key is produced by at least one failing case', () => {
    const produced = new Set([...failing, ...identityFailing].map(([, check]) => check()));
    expect(validationMessageKeys.filter((key) => !produced.has(key))).toEqual([]);
  });

  it('every message is translated to French', () => {
    for (const key of validationMessageKeys) {
      expect(translateValidation(fr.t, key), key).not.toBe(translateValidation(en.t, key));
    }
    expect(translateValidation(fr.t, 'validation.lastName.format')).toBe(
      'Saisissez votre nom au format : Smith',
    );
    expect(translateValidation(fr.t, 'validation.password.min')).toBe(
      'Le mot de passe doit contenir au moins 7 caractères !',
    );
  });
});
