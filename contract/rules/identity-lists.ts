/**
 * The fixed lists of the identity forms (docs/identity-verification.md), shared by the portal's selects and the
 * server's schemas. Labels are translated by the portal (`kyc-kyb` namespace) from these codes.
 */

/** The eight Australian states and territories, by their postal abbreviation. */
export const AUSTRALIAN_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
export type AustralianState = (typeof AUSTRALIAN_STATES)[number];

/**
 * States whose driver licences carry a card number that verification needs (all but Victoria's older cards,
 * where it is optional).
 */
export const CARD_NUMBER_STATES: readonly AustralianState[] = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'WA'];

/** Street types (Australia Post's common suffixes), stored as these codes. */
export const STREET_TYPES = [
  'street',
  'road',
  'avenue',
  'boulevard',
  'circuit',
  'close',
  'court',
  'crescent',
  'drive',
  'esplanade',
  'grove',
  'highway',
  'lane',
  'parade',
  'place',
  'square',
  'terrace',
  'way',
  'other',
] as const;
export type StreetType = (typeof STREET_TYPES)[number];

/** The kinds of business a KYB submission describes. */
export const ENTITY_TYPES = [
  'company',
  'soleTrader',
  'partnership',
  'trust',
  'incorporatedAssociation',
  'other',
] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export const GENDERS = ['female', 'male', 'other', 'notSaid'] as const;
export type Gender = (typeof GENDERS)[number];

/** The identity proofs a person may give; a KYC submission has two of different types. */
export const IDENTITY_PROOF_TYPES = ['passport', 'driverLicence', 'medicare'] as const;
export type IdentityProofType = (typeof IDENTITY_PROOF_TYPES)[number];

export const MEDICARE_CARD_COLOURS = ['green', 'blue', 'yellow'] as const;
export type MedicareCardColour = (typeof MEDICARE_CARD_COLOURS)[number];

/** What the KYB registration document is. */
export const REGISTRATION_DOCUMENT_TYPES = [
  'certificateOfRegistration',
  'businessNameRegistration',
  'trustDeed',
  'partnershipAgreement',
  'associationCertificate',
  'other',
] as const;
export type RegistrationDocumentType = (typeof REGISTRATION_DOCUMENT_TYPES)[number];
