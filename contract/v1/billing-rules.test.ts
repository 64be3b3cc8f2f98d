import { describe, expect, it } from 'vitest';
import {
  cardRefusals,
  cvcLength,
  detectCardBrand,
  gstIncluded,
  luhnValid,
  validateCardNumber,
  validateCvc,
  validateExpiry,
  validateHolderName,
  validateVerificationAmount,
} from './billing-rules';
import { TEST_CARDS } from './billing-test-cards';

const nov2026 = { year: 2026, month: 11 };

describe('card number', () => {
  it('passes the Luhn checksum of real test numbers and fails one changed digit', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
  });

  it('every documented test card is a valid number of a supported brand', () => {
    for (const [name, number] of Object.entries(TEST_CARDS))
      expect(validateCardNumber(number), name).toBeNull();
  });

  it('detects the brand from the first digits', () => {
    expect(detectCardBrand('4111 1111 1111 1111')).toBe('visa');
    expect(detectCardBrand('5555555555554444')).toBe('mastercard');
    expect(detectCardBrand('2221000000000009')).toBe('mastercard');
    expect(detectCardBrand('2721000000000000')).toBeNull();
    expect(detectCardBrand('371449635398431')).toBe('amex');
    expect(detectCardBrand('6011111111111117')).toBeNull();
  });

  it('answers the first failing rule', () => {
    expect(validateCardNumber('')).toBe('numberRequired');
    expect(validateCardNumber('4242 4242 abcd 4242')).toBe('numberFormat');
    expect(validateCardNumber('6011111111111117')).toBe('numberBrand');
    expect(validateCardNumber('42424242424242')).toBe('numberLength');
    expect(validateCardNumber('4242424242424241')).toBe('numberLuhn');
    expect(validateCardNumber('4242-4242-4242-4242')).toBeNull();
  });
});

describe('expiry', () => {
  it('this month is still valid, last month is past', () => {
    expect(validateExpiry(11, 2026, nov2026)).toBeNull();
    expect(validateExpiry(10, 2026, nov2026)).toBe('expiryPast');
    expect(validateExpiry(12, 2025, nov2026)).toBe('expiryPast');
    expect(validateExpiry(1, 2027, nov2026)).toBeNull();
  });

  it('reads a two-digit year as printed and refuses impossible months and far years', () => {
    expect(validateExpiry(12, 26, nov2026)).toBeNull();
    expect(validateExpiry(9, 26, nov2026)).toBe('expiryPast');
    expect(validateExpiry(13, 2027, nov2026)).toBe('expiryInvalid');
    expect(validateExpiry(0, 2027, nov2026)).toBe('expiryInvalid');
    expect(validateExpiry(undefined, 2027, nov2026)).toBe('expiryRequired');
    expect(validateExpiry(1, 2047, nov2026)).toBe('expiryTooFar');
  });
});

describe('CVC and holder', () => {
  it('needs 4 digits on American Express and 3 on the others', () => {
    expect(cvcLength('amex')).toBe(4);
    expect(validateCvc('123', 'visa')).toBeNull();
    expect(validateCvc('1234', 'visa')).toBe('cvcFormat');
    expect(validateCvc('123', 'amex')).toBe('cvcFormat');
    expect(validateCvc('1234', 'amex')).toBeNull();
    expect(validateCvc('', 'visa')).toBe('cvcRequired');
  });

  it('takes names of any script and refuses markup and digits', () => {
    expect(validateHolderName("Zoë O'Brien-Ng")).toBeNull();
    expect(validateHolderName('J. Smith')).toBeNull();
    expect(validateHolderName('<b>Bob</b>')).toBe('holderFormat');
    expect(validateHolderName('R2 D2')).toBe('holderFormat');
    expect(validateHolderName(' ')).toBe('holderRequired');
    expect(validateHolderName('a'.repeat(51))).toBe('holderMax');
  });

  it('reports every failing field of a card at once', () => {
    expect(
      cardRefusals(
        { number: '4242424242424241', expiryMonth: 1, expiryYear: 2020, cvc: '12', holderName: '' },
        nov2026,
      ),
    ).toEqual({
      number: 'numberLuhn',
      expiryMonth: 'expiryPast',
      cvc: 'cvcFormat',
      holderName: 'holderRequired',
    });
  });
});

describe('money', () => {
  it('GST included in a price is 1/11 of it, rounded to the cent', () => {
    expect(gstIncluded(11000)).toBe(1000);
    expect(gstIncluded(4999)).toBe(454);
    expect(gstIncluded(0)).toBe(0);
  });

  it('the typed-back verification amount is 1 to 99 cents', () => {
    expect(validateVerificationAmount(37)).toBeNull();
    expect(validateVerificationAmount(0)).toBe('amountInvalid');
    expect(validateVerificationAmount(100)).toBe('amountInvalid');
    expect(validateVerificationAmount(1.5)).toBe('amountInvalid');
  });
});
