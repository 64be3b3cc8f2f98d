import { eq } from 'drizzle-orm';
import { isoDay } from '../../../contract/rules';
import type { KycDetails, VerificationStatus } from '../../../contract/v1/identity-verification';
import type { Db } from '../../db/database';
import { kycVerifications } from './schema';

/** Queries other features read (the organisation access answer's kycStatus). */

/** Whether any proof of a verified KYC has passed its expiry (a Medicare card is valid through its month). */
export function kycExpired(details: KycDetails, today: string): boolean {
  return details.idProofs.some((p) =>
    p.expiryDate ? p.expiryDate <= today : p.expiryMonth ? p.expiryMonth < today.slice(0, 7) : false,
  );
}

/** The KYC status of a user for the organisation access answer: 'notSubmitted' without a submission. */
export async function kycStatusOf(db: Db, userId: string, now: Date): Promise<VerificationStatus> {
  const [row] = await db
    .select({ status: kycVerifications.status, details: kycVerifications.details })
    .from(kycVerifications)
    .where(eq(kycVerifications.userId, userId));
  if (!row) return 'notSubmitted';
  if (row.status === 'verified' && row.details && kycExpired(row.details, isoDay(now))) return 'expired';
  return row.status as VerificationStatus;
}
