import { antdRules, rules as coreRules, type Translate } from '@core';
import {
  CARD_NUMBER_STATES,
  validateDateOfBirth,
  validateMiddleName,
  validateExpiryDate,
  validateExpiryMonth,
  validateMedicareNumber,
  validateMedicareReference,
  validatePostCode,
  validateState,
  type AustralianState,
} from '@contract/rules';
import type { FormRule } from 'antd';
import { today, toIsoDate, toIsoMonth } from './dates';
import { requiredRule } from './required';

/** The antd rules of every KYC field, by field; each message says what is expected. */
export type KycRules = ReturnType<typeof kycRules>;

/**
 * The KYC form's rules: the contract's rule set where it has one (names, dates, Medicare, post code, state),
 * else a required choice with the plugin's message ('Select your gender').
 * @param t the plugin's translate function (`useTranslation('kyc-kyb')`); rule-set messages come from `core`.
 */
export function kycRules(t: Translate) {
  const required = (key: string): FormRule[] => requiredRule(t(`errors.${key}`));
  const optional: FormRule[] = [];
  const byCountry = (check: (value: unknown, country: string) => ReturnType<typeof validatePostCode>) =>
    antdRules(t, {
      check: (value, values) => check(value, typeof values.country === 'string' ? values.country : ''),
      dependencies: ['country'],
    });
  return {
    firstName: coreRules.firstName(t),
    middleName: antdRules(t, { check: validateMiddleName, required: false }),
    lastName: coreRules.lastName(t),
    gender: required('gender'),
    dob: antdRules(t, { check: (value) => validateDateOfBirth(toIsoDate(value), today()) }),
    country: required('country'),
    unitNumber: optional,
    streetNumber: required('streetNumber'),
    streetName: required('streetName'),
    streetType: required('streetType'),
    suburb: required('suburb'),
    auState: byCountry(validateState),
    region: byCountry(validateState),
    postCode: byCountry(validatePostCode),
    documentType: required('documentType'),
    issuingCountry: required('issuingCountry'),
    passportNumber: required('passportNumber'),
    /** A document's date of birth: a real past date (the personal details' one decides adulthood). */
    docDob: antdRules(t, { check: (value) => validateDateOfBirth(toIsoDate(value), today()) }),
    expiry: antdRules(t, { check: (value) => validateExpiryDate(toIsoDate(value), today()) }),
    expiryMonth: antdRules(t, { check: (value) => validateExpiryMonth(toIsoMonth(value), today()) }),
    image: required('image'),
    frontImage: required('frontImage'),
    backImage: required('backImage'),
    issuingState: required('issuingState'),
    licenceNumber: required('licenceNumber'),
    /** Required for the states whose cards carry one. */
    licenceCardNumber: [
      ({ getFieldValue }) => ({
        validator: (_rule: unknown, value: unknown) => {
          const state = getFieldValue('issuingState') as AustralianState | undefined;
          const needed = state !== undefined && CARD_NUMBER_STATES.includes(state);
          return needed && (typeof value !== 'string' || value.trim() === '')
            ? Promise.reject(new Error(t('errors.cardNumber')))
            : Promise.resolve();
        },
      }),
    ] satisfies FormRule[],
    medicareNumber: antdRules(t, { check: validateMedicareNumber }),
    individualReference: antdRules(t, { check: validateMedicareReference }),
    cardColour: required('cardColour'),
    nameOnCard: required('nameOnCard'),
  };
}
