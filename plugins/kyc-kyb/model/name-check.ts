import { medicareNameMatches, nameMismatches, type PersonNames } from '@contract/rules/identity';
import type { KycAnswers } from './kyc-values';

/** One proof whose names differ from the personal details, and which names. */
export interface NameMismatch {
  /** 0 or 1: the first or second proof. */
  proof: number;
  documentType: string;
  /** The differing parts; a Medicare card's single printed line reports 'nameOnCard'. */
  fields: Array<keyof PersonNames | 'nameOnCard'>;
}

/**
 * Compares each proof's names with the personal names by the contract's rule (case, accents and apostrophe
 * kinds do not count), so the review step can explain a difference before the user submits.
 * @example nameMismatchesOf(answers) // [{ proof: 1, documentType: 'passport', fields: ['lastName'] }]
 */
export function nameMismatchesOf(answers: KycAnswers): NameMismatch[] {
  const person = answers.personal as PersonNames;
  const found: NameMismatch[] = [];
  answers.proofs.forEach((proof, index) => {
    const documentType = typeof proof.documentType === 'string' ? proof.documentType : '';
    if (!documentType) return;
    if (documentType === 'medicare') {
      const line = typeof proof.nameOnCard === 'string' ? proof.nameOnCard : '';
      if (line && !medicareNameMatches(person, line))
        found.push({ proof: index, documentType, fields: ['nameOnCard'] });
      return;
    }
    const differs = nameMismatches(person, proof as PersonNames);
    if (differs.length > 0) found.push({ proof: index, documentType, fields: differs });
  });
  return found;
}
