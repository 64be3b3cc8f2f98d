import countries from 'i18n-iso-countries';
import {
  AUSTRALIA,
  CARD_NUMBER_STATES,
  abnEndsWithAcn,
  medicareNameMatches,
  nameMismatches,
  validateDateOfBirth,
  validateExpiryDate,
  validateExpiryMonth,
  validateMedicareNumber,
  validatePostCode,
  validateState,
  qualifiedRuleMessage,
  type RuleResult,
} from '../../../contract/rules';
import type { IdProof, KybDetails, KycDetails } from '../../../contract/v1/identity-verification';
import type { FieldFailure } from '../../http/errors';
import type { MessageKey } from '../../i18n/message';

/**
 * The rules of a KYC or KYB submission that JSON Schema cannot say (docs/identity-verification.md): those that need
 * today's date, span several fields, or depend on the proof's type. Each failure names its field the way the
 * schema's errors do (`idProofs.1.expiryDate`), with the shared rule set's message where there is one.
 */

type Failures = FieldFailure[];

const rule = (failures: Failures, field: string, result: RuleResult) => {
  if (result) failures.push({ field, msg: qualifiedRuleMessage(result) as MessageKey });
};
const fail = (failures: Failures, field: string, key: MessageKey) => failures.push({ field, msg: key });

/** The fields each proof type takes; any other field on the proof is refused. */
const PROOF_FIELDS: Record<
  IdProof['documentType'],
  { required: (keyof IdProof)[]; optional: (keyof IdProof)[] }
> = {
  passport: {
    required: ['issuingCountry', 'number', 'firstName', 'lastName', 'expiryDate', 'dob', 'documentId'],
    optional: ['middleName'],
  },
  driverLicence: {
    required: [
      'number',
      'issuingState',
      'firstName',
      'lastName',
      'expiryDate',
      'frontDocumentId',
      'backDocumentId',
    ],
    optional: ['middleName', 'cardNumber'],
  },
  medicare: {
    required: [
      'number',
      'cardColour',
      'individualReference',
      'expiryMonth',
      'nameOnCard',
      'dob',
      'documentId',
    ],
    optional: [],
  },
};

const REQUIRED_KEYS: Partial<Record<keyof IdProof, MessageKey>> = {
  issuingCountry: 'validation.identity.required.issuingCountry',
  issuingState: 'validation.identity.required.issuingState',
  number: 'validation.identity.required.documentNumber',
  cardNumber: 'validation.identity.required.cardNumber',
  firstName: 'validation.identity.required.firstName',
  lastName: 'validation.identity.required.lastName',
  nameOnCard: 'validation.identity.required.nameOnCard',
  expiryDate: 'validation.identity.required.expiry',
  expiryMonth: 'validation.identity.required.expiry',
  dob: 'validation.identity.required.dob',
  cardColour: 'validation.identity.required.cardColour',
  individualReference: 'validation.identity.required.individualReference',
  documentId: 'validation.identity.required.documentId',
  frontDocumentId: 'validation.identity.required.frontDocumentId',
  backDocumentId: 'validation.identity.required.backDocumentId',
};

/** Document kinds each proof's uploads must have. */
export const PROOF_DOCUMENTS: Record<IdProof['documentType'], Partial<Record<keyof IdProof, string>>> = {
  passport: { documentId: 'passport' },
  driverLicence: { frontDocumentId: 'driverLicenceFront', backDocumentId: 'driverLicenceBack' },
  medicare: { documentId: 'medicare' },
};

export function isCountry(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && countries.isValid(code);
}

function checkAddress(
  failures: Failures,
  address: { state: string; postCode: string; country: string },
  prefix = '',
): void {
  if (!isCountry(address.country)) fail(failures, `${prefix}country`, 'validation.identity.country');
  rule(failures, `${prefix}state`, validateState(address.state, address.country));
  rule(failures, `${prefix}postCode`, validatePostCode(address.postCode, address.country));
}

function checkProof(
  failures: Failures,
  proof: IdProof,
  index: number,
  person: KycDetails,
  today: string,
): void {
  const at = (field: string) => `idProofs.${index}.${field}`;
  const fields = PROOF_FIELDS[proof.documentType];
  const allowed = new Set<string>(['documentType', ...fields.required, ...fields.optional]);
  for (const key of Object.keys(proof)) {
    if (!allowed.has(key)) fail(failures, at(key), 'validation.identity.notForType');
  }
  const required = [...fields.required];
  if (
    proof.documentType === 'driverLicence' &&
    proof.issuingState &&
    CARD_NUMBER_STATES.includes(proof.issuingState)
  ) {
    required.push('cardNumber');
  }
  let missing = false;
  for (const key of required) {
    if (proof[key] === undefined) {
      missing = true;
      fail(failures, at(key), REQUIRED_KEYS[key] ?? 'validation.fieldRequired');
    }
  }
  if (missing) return;

  if (proof.issuingCountry !== undefined && !isCountry(proof.issuingCountry)) {
    fail(failures, at('issuingCountry'), 'validation.identity.country');
  }
  if (proof.expiryDate !== undefined)
    rule(failures, at('expiryDate'), validateExpiryDate(proof.expiryDate, today));
  if (proof.expiryMonth !== undefined)
    rule(failures, at('expiryMonth'), validateExpiryMonth(proof.expiryMonth, today));
  if (proof.dob !== undefined && proof.dob !== person.dob) {
    // The date of birth printed on a document is the person's: a different one is another person's document.
    fail(failures, at('dob'), 'validation.identity.dobMismatch');
  }
  if (proof.documentType === 'medicare') {
    rule(failures, at('number'), validateMedicareNumber(proof.number));
    if (!medicareNameMatches(person, proof.nameOnCard ?? '')) {
      fail(failures, at('nameOnCard'), 'validation.identity.nameMismatch.medicare');
    }
  } else if (nameMismatches(person, proof).length > 0) {
    fail(
      failures,
      at(nameMismatches(person, proof)[0]!),
      `validation.identity.nameMismatch.${proof.documentType}`,
    );
  }
}

/**
 * Everything a KYC submission must also satisfy: adulthood, the address by its country, two proofs of different
 * types, each with its own fields, unexpired, and naming the person.
 */
export function kycFailures(details: KycDetails, today: string): Failures {
  const failures: Failures = [];
  rule(failures, 'dob', validateDateOfBirth(details.dob, today));
  checkAddress(failures, details);
  const [first, second] = details.idProofs;
  if (first && second && first.documentType === second.documentType) {
    fail(failures, 'idProofs.1.documentType', 'validation.identity.differentProofs');
  }
  details.idProofs.forEach((proof, index) => checkProof(failures, proof, index, details, today));
  return failures;
}

/**
 * What a KYB submission must also satisfy: an existing country; for an Australian business an ABN, and for an
 * Australian company an ACN (their checksums are the schema's); the listing's exchange and ticker.
 * The ABN that does not end with the ACN is only a warning (`abnAcnWarning`).
 */
export function kybFailures(details: KybDetails): Failures {
  const failures: Failures = [];
  if (!isCountry(details.country)) fail(failures, 'country', 'validation.identity.country');
  if (details.country === AUSTRALIA) {
    if (!details.abn) fail(failures, 'abn', 'validation.identity.required.abn');
    if (details.entityType === 'company' && !details.acn)
      fail(failures, 'acn', 'validation.identity.required.acn');
  }
  if (details.listed) {
    if (!details.exchange) fail(failures, 'exchange', 'validation.identity.required.exchange');
    if (!details.ticker) fail(failures, 'ticker', 'validation.identity.required.ticker');
  } else {
    if (details.exchange !== undefined) fail(failures, 'exchange', 'validation.identity.notListed');
    if (details.ticker !== undefined) fail(failures, 'ticker', 'validation.identity.notListed');
  }
  return failures;
}

/** Whether the form should have warned that the company's ABN does not end with its ACN. */
export function abnAcnWarning(details: KybDetails): boolean {
  return (
    details.entityType === 'company' &&
    !!details.abn &&
    !!details.acn &&
    !abnEndsWithAcn(details.abn, details.acn)
  );
}
