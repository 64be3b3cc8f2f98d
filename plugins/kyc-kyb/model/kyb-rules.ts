import { antdRules, rules as coreRules, type Translate } from '@core';
import { validateAbn, validateAcn, validateMiddleName } from '@contract/rules';
import type { FormRule } from 'antd';
import { requiredRule } from './required';

export type KybRules = ReturnType<typeof kybRules>;

/**
 * The KYB form's rules: ABN and ACN by the contract's checksums (the ACN only for a company), names by the name
 * rule, the rest required with a message saying what to choose or type.
 */
export function kybRules(t: Translate) {
  const required = (key: string): FormRule[] => requiredRule(t(`errors.${key}`));
  return {
    firstName: coreRules.firstName(t),
    middleName: antdRules(t, { check: validateMiddleName, required: false }),
    lastName: coreRules.lastName(t),
    country: required('country'),
    entityType: required('entityType'),
    companyName: required('companyName'),
    abn: antdRules(t, { check: validateAbn }),
    acn: antdRules(t, { check: validateAcn }),
    registeredOff: required('registeredOff'),
    primaryLocation: required('primaryLocation'),
    exchange: required('exchange'),
    ticker: required('ticker'),
    extractDocumentId: required('extract'),
    documentType: required('registrationDocumentType'),
    registrationDocumentId: required('registrationDocument'),
  };
}
