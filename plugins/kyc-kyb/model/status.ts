import type { VerificationStatus } from '@contract/v1/identity-verification';

/** What a verification's status lets the user do next, on the overview and at the top of each form. */
export type StatusAction = 'start' | 'continue' | 'view' | 'resubmit';

export type { VerificationStatus };

/**
 * Not submitted: start, or continue a saved draft; submitted, in review or verified: view what was sent; rejected
 * or expired: resubmit, starting from the previous answers.
 * @example statusAction('rejected', false) // 'resubmit'
 */
export function statusAction(status: VerificationStatus, hasDraft: boolean): StatusAction {
  switch (status) {
    case 'notSubmitted':
      return hasDraft ? 'continue' : 'start';
    case 'rejected':
    case 'expired':
      return 'resubmit';
    default:
      return 'view';
  }
}

/** Whether the form can be filled in (else the page shows what was submitted). */
export function isEditable(status: VerificationStatus): boolean {
  return statusAction(status, false) !== 'view';
}

/** antd Tag colours per status, chosen for AA contrast of the tag text on its background. */
export const STATUS_COLOUR: Record<VerificationStatus, string> = {
  notSubmitted: 'default',
  submitted: 'processing',
  inReview: 'processing',
  verified: 'success',
  rejected: 'error',
  expired: 'warning',
};
