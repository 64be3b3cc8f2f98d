import { createTestI18n } from '../../../tests/setup/test-i18n';
import { translateValidation, validationMessageKeys, type ValidationMessageKey } from './messages';
import {
  validateConfirmPassword,
  validateCurrentPassword,
  validateEmail,
  validateFirstName,
  validateLastName,
  validateNewPassword,
  validateNewPasswordConfirm,
  validateOtp,
  validatePassword,
  validatePhone,
} from './validators';

const en = createTestI18n('en');
const fr = createTestI18n('fr');
const english = (key: ValidationMessageKey | null) => (key ? translateValidation(en.t, key) : null);

// 64-character local part (the most a mailbox allows) and a domain of full-length labels.
const EMAIL_256 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(59)}.com`;

type Case = [rule: string, check: () => ValidationMessageKey | null, expected: string];

// Spec §5: every message, produced by its rule for a failing input.
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
    'confirm, weak',
    () => validateConfirmPassword('secret', 'Secret1!'),
    'Password must be 7 characters at minimum!',
  ],
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
];

const passing: [rule: string, check: () => ValidationMessageKey | null][] = [
  ['first name, simple', () => validateFirstName('John')],
  ['first name, two parts', () => validateFirstName('Mary Ann')],
  ['first name, diaeresis', () => validateFirstName('Zoë')],
  ['first name, accent', () => validateFirstName('José')],
  ['first name, decomposed accent', () => validateFirstName('Jose\u0301')],
  ['first name, initial with dot', () => validateFirstName('J.')],
  ['first name, non-Latin script', () => validateFirstName('Дмитрий')],
  ['last name, apostrophe and hyphen', () => validateLastName("O'Brien-Smith")],
  ['last name, typographic apostrophe', () => validateLastName('O\u2019Brien')],
  ['last name, two parts', () => validateLastName('van Dijk')],
  ['email, simple', () => validateEmail('john@example.com')],
  ['email, plus tag and subdomain', () => validateEmail('john.smith+portal@mail.example.com.au')],
  ['email, exactly 256 characters', () => validateEmail(EMAIL_256)],
  ['email, optional and empty', () => validateEmail('', { required: false })],
  ['password, 7 characters', () => validatePassword('Secre1!')],
  ['password, 30 characters', () => validatePassword(`Ab1!${'x'.repeat(26)}`)],
  ['password, unicode special', () => validatePassword('Secret1€')],
  ['password, accented letter counts as special (as on the server)', () => validatePassword('Passwört1')],
  ['confirm, same', () => validateConfirmPassword('Secret1!', 'Secret1!')],
  ['new confirm, same', () => validateNewPasswordConfirm('Secret1!', 'Secret1!')],
  ['current, no special character needed', () => validateCurrentPassword('Abcdef1')],
  ['new password, differs from current', () => validateNewPassword('Secret2!', 'Secret1!')],
  ['phone, 7 digits', () => validatePhone('1234567')],
  ['phone, 15 digits with plus', () => validatePhone('+123456789012345')],
  ['phone, forced plus present', () => validatePhone('+61412345678', { forcePlus: true })],
  ['otp, 6 digits', () => validateOtp('012345')],
];

describe('validation rules (spec §5)', () => {
  it.each(failing)('%s → the spec message', (_name, check, expected) => {
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
    const produced = new Set(failing.map(([, check]) => check()));
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
