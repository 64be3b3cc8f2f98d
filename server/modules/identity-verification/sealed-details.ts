import { eq, or, sql } from 'drizzle-orm';
import type { KycDetails } from '../../../contract/v1/identity-verification';
import type { Db } from '../../db/database';
import type { DocumentCipher } from './document-cipher';
import { kycExpiresOn } from './identity-queries';
import { kycVerifications } from './schema';

/**
 * A JSON value as the database keeps it once sealed: AES-256-GCM under the document key (./document-cipher.ts),
 * base64. Bound to its row and column by the cipher's additional data, so a value copied elsewhere does not open.
 */
export interface SealedValue {
  sealed: 1;
  iv: string;
  tag: string;
  data: string;
}

export function isSealed(value: unknown): value is SealedValue {
  return typeof value === 'object' && value !== null && (value as { sealed?: unknown }).sealed === 1;
}

/**
 * Seals a person's KYC answers (passport and Medicare numbers, date of birth, address) for the database and opens
 * them again (docs/identity-verification.md, "At rest"). `context` names the row and column, e.g.
 * `kyc-details:<userId>`.
 */
export class DetailsSealer {
  constructor(private readonly cipher: DocumentCipher) {}

  seal(context: string, value: unknown): SealedValue {
    const { iv, authTag, content } = this.cipher.seal(context, Buffer.from(JSON.stringify(value), 'utf8'));
    return {
      sealed: 1,
      iv: iv.toString('base64'),
      tag: authTag.toString('base64'),
      data: content.toString('base64'),
    };
  }

  /** The value sealed under `context`; a value stored before sealing existed is returned as it is. */
  open<T>(context: string, stored: T | SealedValue | null | undefined): T | null {
    if (stored === null || stored === undefined) return null;
    if (!isSealed(stored)) return stored;
    const plain = this.cipher.open(context, {
      iv: Buffer.from(stored.iv, 'base64'),
      authTag: Buffer.from(stored.tag, 'base64'),
      content: Buffer.from(stored.data, 'base64'),
    });
    return JSON.parse(plain.toString('utf8')) as T;
  }
}

/** Where a user's KYC answers and draft are sealed: one context per row and column. */
export const kycDetailsContext = (userId: string) => `kyc-details:${userId}`;
export const kycDraftContext = (userId: string) => `kyc-draft:${userId}`;

/**
 * Seals the KYC answers and drafts written before they were sealed (at each start; nothing to do once every row
 * is sealed), and records when their verified answers expire, which status checks now read instead of the answers.
 */
export async function sealPlainKycAnswers(db: Db, sealer: DetailsSealer): Promise<number> {
  const plain = await db
    .select({
      userId: kycVerifications.userId,
      details: kycVerifications.details,
      draft: kycVerifications.draft,
    })
    .from(kycVerifications)
    .where(
      or(
        sql`${kycVerifications.details} is not null and not (${kycVerifications.details} ? 'sealed')`,
        sql`${kycVerifications.draft} is not null and not (${kycVerifications.draft} ? 'sealed')`,
      ),
    );
  for (const row of plain) {
    const details = sealer.open<KycDetails>(kycDetailsContext(row.userId), row.details);
    const draft = sealer.open(kycDraftContext(row.userId), row.draft);
    await db
      .update(kycVerifications)
      .set({
        details: details && sealer.seal(kycDetailsContext(row.userId), details),
        draft: draft && sealer.seal(kycDraftContext(row.userId), draft),
        expiresOn: details ? kycExpiresOn(details) : null,
      })
      .where(eq(kycVerifications.userId, row.userId));
  }
  return plain.length;
}
