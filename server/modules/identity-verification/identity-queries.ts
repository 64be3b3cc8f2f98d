import { eq } from 'drizzle-orm';
import { isoDay } from '../../../contract/rules';
import type { KycDetails, VerificationStatus } from '../../../contract/v1/identity-verification';
import type { Db } from '../../db/database';
import { kycVerifications } from './schema';

/** Queries other features read (the organisation access answer's kycStatus). */

/**
 * The first day on which KYC answers count as expired: the earliest proof's expiry date, or the first day after a
 * Medicare card's month (valid through its month); null when no proof expires.
 */
export function kycExpiresOn(details: KycDetails): string | null {
  const days = details.idProofs.flatMap((p) =>
    p.expiryDate ? [p.expiryDate] : p.expiryMonth ? [firstDayAfterMonth(p.expiryMonth)] : [],
  );
  return days.length > 0 ? days.sort()[0]! : null;
}

function firstDayAfterMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return monthNumber === 12 ? `${year + 1}-01-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}-01`;
}

/** A verified KYC whose earliest proof has expired reads `expired` (it must be done again). */
export function effectiveKycStatus(
  row: { status: string; expiresOn: string | null },
  now: Date,
): VerificationStatus {
  if (row.status === 'verified' && row.expiresOn !== null && row.expiresOn <= isoDay(now)) return 'expired';
  return row.status as VerificationStatus;
}

/** The KYC status of a user for the organisation access answer: 'notSubmitted' without a submission. */
export async function kycStatusOf(db: Db, userId: string, now: Date): Promise<VerificationStatus> {
  const [row] = await db
    .select({ status: kycVerifications.status, expiresOn: kycVerifications.expiresOn })
    .from(kycVerifications)
    .where(eq(kycVerifications.userId, userId));
  return row ? effectiveKycStatus(row, now) : 'notSubmitted';
}
