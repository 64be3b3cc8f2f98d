import { endpoints } from '@contract/v1/endpoints';
import type { VerificationStatus } from '@contract/v1/identity-verification';
import { screen, within } from '@testing-library/react';
import { STATUS_POLL_MS } from '../stores/overview-store';
import { myAccess } from '../../../tests/msw/recorded-answers';
import { answer, answerKyc, kybStatus, kycData, renderVerification } from '../testing/kyc-fixtures';

const panel = (name: RegExp) => screen.getByRole('region', { name });

describe('account overview', { timeout: 180_000 }, () => {
  it.each([
    ['notSubmitted', false, 'Not submitted', 'Start identity verification'],
    ['notSubmitted', true, 'Not submitted', 'Continue identity verification'],
    ['submitted', false, 'Submitted', 'View identity verification'],
    ['inReview', false, 'In review', 'View identity verification'],
    ['verified', false, 'Verified', 'View identity verification'],
    ['expired', false, 'Expired', 'Resubmit identity verification'],
  ] as const)('KYC %s (draft: %s) reads %s and offers %s', async (status, draft, label, action) => {
    answerKyc(
      kycData(status as VerificationStatus, {
        draft: draft
          ? { step: 2, details: { firstName: 'Jane' }, savedAt: '2026-03-01T00:00:00.000Z' }
          : null,
      }),
    );
    kybStatus('notSubmitted');
    await renderVerification('/account');
    const kyc = panel(/Your identity/);
    expect(await within(kyc).findByText(label)).toBeInTheDocument();
    expect(within(kyc).getByRole('link', { name: action })).toHaveAttribute('href', '/account/kyc');
  });

  it("shows a rejection's reason and offers a resubmission; the business's status beside it", async () => {
    answerKyc(kycData('rejected', { reason: 'The passport number ends in 0' }));
    kybStatus('inReview');
    const { user, router } = await renderVerification('/account');
    const kyc = panel(/Your identity/);
    expect(await within(kyc).findByText('Reason: The passport number ends in 0')).toBeInTheDocument();
    const kyb = panel(/Your business/);
    expect(await within(kyb).findByText('In review')).toBeInTheDocument();
    expect(within(kyb).getByRole('link', { name: 'View business verification' })).toHaveAttribute(
      'href',
      '/account/kyb',
    );
    await user.click(within(kyc).getByRole('link', { name: 'Resubmit identity verification' }));
    expect(router.state.location.pathname).toBe('/account/kyc');
  });

  it('tells a member whose role may not verify the business who can, instead of offering what the server refuses', async () => {
    answerKyc(kycData('verified'));
    kybStatus('notSubmitted');
    myAccess('member');
    await renderVerification('/account');
    const kyb = panel(/Your business/);
    expect(
      await within(kyb).findByText(
        /^Only the organisation's owner, or a member whose role may verify the business/,
      ),
    ).toBeInTheDocument();
    expect(within(kyb).queryByRole('link', { name: /business verification/ })).not.toBeInTheDocument();
  });

  it('leaves out the business verification in a personal account', async () => {
    answerKyc(kycData('verified'));
    const business = kybStatus('notSubmitted');
    await renderVerification('/account', { accountType: 'personal' });
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Your business/ })).not.toBeInTheDocument();
    expect(business.count).toBe(0);
  });

  it('keeps one status when the other fails to load, with a way to try again', async () => {
    answer(endpoints.kycStatus, null, { status: 500, msg: 'Server error' });
    kybStatus('verified');
    await renderVerification('/account');
    const kyb = panel(/Your business/);
    expect(await within(kyb).findByText('Verified')).toBeInTheDocument();
    const kyc = panel(/Your identity/);
    expect(
      await within(kyc).findByText('Your identity verification status could not be loaded.'),
    ).toBeInTheDocument();
    answerKyc(kycData('inReview'));
    const { user } = { user: (await import('@testing-library/user-event')).default.setup() };
    await user.click(within(kyc).getByRole('button', { name: 'Try again' }));
    expect(await within(kyc).findByText('In review')).toBeInTheDocument();
  });

  it('follows a submission with the provider by itself until it is decided, then stops asking', async () => {
    answerKyc(kycData('submitted'));
    const business = kybStatus('notSubmitted');
    await renderVerification('/account');
    const kyc = panel(/Your identity/);
    expect(await within(kyc).findByText('Submitted')).toBeInTheDocument();
    // The provider moves on in the background; the page reads it again without a reload.
    answerKyc(kycData('inReview'));
    expect(await within(kyc).findByText('In review', {}, { timeout: 8_000 })).toBeInTheDocument();
    // A re-read keeps the shown status (no loading line in between).
    expect(within(kyc).queryByRole('status')).not.toBeInTheDocument();
    const verified = kycData('verified');
    const decided = answer(endpoints.kycStatus, {
      status: verified.status,
      reason: null,
      updatedAt: verified.events.at(-1)?.occurredAt ?? null,
      events: verified.events,
    });
    expect(await within(kyc).findByText('Verified', {}, { timeout: 8_000 })).toBeInTheDocument();
    const reads = decided.count;
    await new Promise((resolve) => setTimeout(resolve, STATUS_POLL_MS + 500));
    // Decided: no more reads; and a business status that is not with the provider was read once.
    expect(decided.count).toBe(reads);
    expect(business.count).toBe(1);
  });
});
