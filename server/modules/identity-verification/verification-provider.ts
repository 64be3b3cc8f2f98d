import type { KybDetails, KycDetails } from '../../../contract/v1/identity-verification';
import type { MessageKey } from '../../i18n/message';

/** What is sent for verification. */
export type VerificationSubject =
  { scope: 'kyc'; details: KycDetails } | { scope: 'kyb'; details: KybDetails };

/** Where a submission stands at the provider. */
export type ProviderStatus = 'submitted' | 'inReview' | 'verified' | 'rejected';

export interface ProviderReason {
  key: MessageKey;
  values?: Record<string, string>;
}

export interface ProviderCheck {
  status: ProviderStatus;
  /** Why, for a rejection. */
  reason?: ProviderReason | null;
  /** When to ask again; null once the status is final. */
  nextCheckAt: Date | null;
}

/**
 * A verification provider (docs/identity-verification.md): `submit` hands over a submission and answers the
 * provider's reference and when to ask about it; `check` is the status poll (a provider that calls back would
 * answer from what its callback stored). The server asks again at `nextCheckAt`, driven by its clock.
 */
export interface VerificationProvider {
  readonly name: string;
  submit(subject: VerificationSubject, now: Date): Promise<{ reference: string; nextCheckAt: Date }>;
  check(
    reference: string,
    subject: VerificationSubject,
    submittedAt: Date,
    now: Date,
  ): Promise<ProviderCheck>;
}

/** The development provider's delays: in review after 5 s, decided 10 s later. */
export const DEVELOPMENT_PROVIDER_TIMING = { inReviewAfterMs: 5_000, decidedAfterMs: 15_000 } as const;

/**
 * The built-in development provider: no outside service, every status reachable in a demo, by fixed rules.
 * - `submitted` until 5 s after the submission, then `inReview`, then 15 s after it `verified`, unless
 * - KYC: an identity proof's number ends in `0` → `rejected` ('The {{document}} number could not be verified');
 * - KYB: the ABN or the ACN ends in `0` → `rejected` ('The business number could not be matched to the registry').
 * Its answer depends only on the submission and the time, so tests drive it with a fake clock.
 */
export class DevelopmentVerificationProvider implements VerificationProvider {
  readonly name = 'development';

  async submit(subject: VerificationSubject, now: Date) {
    return {
      reference: `dev-${subject.scope}-${now.getTime()}`,
      nextCheckAt: new Date(now.getTime() + DEVELOPMENT_PROVIDER_TIMING.inReviewAfterMs),
    };
  }

  async check(
    _reference: string,
    subject: VerificationSubject,
    submittedAt: Date,
    now: Date,
  ): Promise<ProviderCheck> {
    const elapsed = now.getTime() - submittedAt.getTime();
    const at = (ms: number) => new Date(submittedAt.getTime() + ms);
    if (elapsed < DEVELOPMENT_PROVIDER_TIMING.inReviewAfterMs) {
      return { status: 'submitted', nextCheckAt: at(DEVELOPMENT_PROVIDER_TIMING.inReviewAfterMs) };
    }
    if (elapsed < DEVELOPMENT_PROVIDER_TIMING.decidedAfterMs) {
      return { status: 'inReview', nextCheckAt: at(DEVELOPMENT_PROVIDER_TIMING.decidedAfterMs) };
    }
    const reason = rejection(subject);
    return reason
      ? { status: 'rejected', reason, nextCheckAt: null }
      : { status: 'verified', nextCheckAt: null };
  }
}

const endsInZero = (value: string | undefined) => !!value && /0$/.test(value.replace(/\s+/g, ''));

function rejection(subject: VerificationSubject): ProviderReason | null {
  if (subject.scope === 'kyc') {
    const proof = subject.details.idProofs.find((p) => endsInZero(p.number));
    return proof ? { key: `identityVerification.reasons.${proof.documentType}` as MessageKey } : null;
  }
  const { abn, acn } = subject.details;
  return endsInZero(abn) || endsInZero(acn)
    ? { key: 'identityVerification.reasons.businessNumber' as MessageKey }
    : null;
}
