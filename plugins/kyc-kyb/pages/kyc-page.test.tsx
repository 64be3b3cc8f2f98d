import { endpoints } from '@contract/v1/endpoints';
import { screen, waitFor, within } from '@testing-library/react';
import {
  answer,
  draft,
  KYC_DETAILS,
  KYC_DOCUMENTS,
  kycData,
  renderVerification,
} from '../testing/kyc-fixtures';

const next = () => screen.getByRole('button', { name: 'Save and continue' });
const progress = (text: string) => screen.findByText(text, {}, { timeout: 10_000 });
const { idProofs: _proofs, ...personalAndAddress } = KYC_DETAILS;
const ADDRESS_DONE = { ...personalAndAddress };

function savedDrafts() {
  return answer(endpoints.saveKycDraft, (body: { step: number; details: object }) => ({
    draft: { ...body, savedAt: '2026-03-02T01:00:00.000Z' },
  }));
}

describe('KYC form', { timeout: 180_000 }, () => {
  it('checks the personal step: required fields, the name rule and adulthood, each saying what is expected', async () => {
    answer(endpoints.kyc, kycData('notSubmitted'));
    const drafts = savedDrafts();
    const { user } = await renderVerification('/account/kyc');
    await progress('Step 1 of 5: Personal details');
    await user.click(next());
    // Each field's rules settle on their own (the date picker's after the text fields'): wait for each message.
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(await screen.findByText('Last name is required')).toBeInTheDocument();
    expect(await screen.findByText('Select your gender')).toBeInTheDocument();
    expect(await screen.findByText('Date of birth is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('First name'), 'J4ne');
    expect(await screen.findByText('Enter your first name in format: John Smith')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Date of birth'), '01/01/2015{Enter}');
    expect(await screen.findByText('You must be at least 18 years old')).toBeInTheDocument();
    // Still on the first step: nothing moved the draft on.
    expect(screen.getByText('Step 1 of 5: Personal details')).toBeInTheDocument();
    expect(drafts.bodies.every((body) => body.step === 0)).toBe(true);
  });

  it('keeps the progress on the server: after a reload the form opens at the same step with the same answers', async () => {
    answer(endpoints.kyc, kycData('notSubmitted'));
    const drafts = savedDrafts();
    const first = await renderVerification('/account/kyc');
    const { user } = first;
    await progress('Step 1 of 5: Personal details');
    await user.type(screen.getByLabelText('First name'), 'Jane');
    await user.type(screen.getByLabelText('Last name'), 'Citizen');
    await user.click(screen.getByRole('combobox', { name: 'Gender' }));
    await user.click(await screen.findByTitle('Female'));
    await user.type(screen.getByLabelText('Date of birth'), '30/04/1990{Enter}');
    await user.click(next());
    await progress('Step 2 of 5: Address');
    await waitFor(() => expect(drafts.bodies.at(-1)?.step).toBe(1));
    const saved = drafts.bodies.at(-1);
    expect(saved.details).toMatchObject({
      firstName: 'Jane',
      lastName: 'Citizen',
      gender: 'female',
      dob: '1990-04-30',
    });
    first.unmount();
    first.dispose();

    // The next visit: the server answers with the draft it kept.
    answer(endpoints.kyc, kycData('notSubmitted', { draft: draft(saved.step, saved.details) }));
    const second = await renderVerification('/account/kyc');
    await progress('Step 2 of 5: Address');
    await second.user.click(screen.getByRole('button', { name: 'Back' }));
    await progress('Step 1 of 5: Personal details');
    expect(screen.getByLabelText('First name')).toHaveValue('Jane');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('30/04/1990');
  });

  it('checks an Australian address: 4-digit post code and the states and territories', async () => {
    answer(
      endpoints.kyc,
      kycData('notSubmitted', { draft: draft(1, { ...personalAndAddress, postCode: '200' }) }),
    );
    savedDrafts();
    const { user } = await renderVerification('/account/kyc');
    await progress('Step 2 of 5: Address');
    await user.click(next());
    expect(await screen.findByText('Australian post codes have 4 digits')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'State or territory' }));
    expect(await screen.findByTitle('Western Australia')).toBeInTheDocument();
  });

  it('lists the countries with their French names', async () => {
    answer(endpoints.kyc, kycData('notSubmitted', { draft: draft(1, { firstName: 'Jeanne' }) }));
    savedDrafts();
    const { user } = await renderVerification('/account/kyc', { language: 'fr' });
    await progress('Étape 2 sur 5 : Adresse');
    await user.type(screen.getByRole('combobox', { name: 'Pays' }), 'Allem');
    expect((await screen.findAllByTitle('Allemagne')).length).toBeGreaterThan(0);
    await user.clear(screen.getByRole('combobox', { name: 'Pays' }));
    await user.type(screen.getByRole('combobox', { name: 'Pays' }), 'Austral');
    expect((await screen.findAllByTitle('Australie')).length).toBeGreaterThan(0);
    expect(screen.queryByTitle('Germany')).not.toBeInTheDocument();
  });

  it('checks a Medicare card, keeps the second proof a different type, and keeps the form when an upload fails', async () => {
    answer(
      endpoints.kyc,
      kycData('notSubmitted', {
        draft: draft(3, { ...ADDRESS_DONE, idProofs: [KYC_DETAILS.idProofs[0], {}] }),
        documents: KYC_DOCUMENTS,
      }),
    );
    savedDrafts();
    answer(endpoints.uploadKycDocument, null, { status: 400, msg: 'The file is not a JPEG, PNG or PDF' });
    const { user } = await renderVerification('/account/kyc');
    await progress('Step 4 of 5: Second identity document');
    // The step shown, named by the progress line (the other steps stay in the page, hidden).
    const active = () => screen.getByRole('group', { name: 'Step 4 of 5: Second identity document' });
    // The first proof is a passport: the second cannot be one.
    expect(within(active()).getByRole('radio', { name: 'Passport' })).toBeDisabled();
    await user.click(within(active()).getByText('Medicare card'));
    const number = within(active()).getByLabelText('Medicare card number');
    await user.type(number, '2123456781');
    expect(
      await screen.findByText('Invalid Medicare card number: please check the number'),
    ).toBeInTheDocument();
    await user.clear(number);
    await user.type(number, '2123456701');
    await waitFor(() =>
      expect(
        screen.queryByText('Invalid Medicare card number: please check the number'),
      ).not.toBeInTheDocument(),
    );
    const input = active().querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array(64)], 'card.png', { type: 'image/png' }));
    expect(
      await screen.findByText(
        'card.png could not be uploaded. Your other answers are kept; try this file again.',
      ),
    ).toBeInTheDocument();
    expect(number).toHaveValue('2123456701');
  });

  it('explains names that differ before submitting, then submits the contract body and returns to the overview', async () => {
    const passport = { ...KYC_DETAILS.idProofs[0], lastName: 'Smith' };
    answer(
      endpoints.kyc,
      kycData('notSubmitted', {
        draft: draft(4, { ...KYC_DETAILS, idProofs: [passport, KYC_DETAILS.idProofs[1]] }),
        documents: KYC_DOCUMENTS,
      }),
    );
    savedDrafts();
    const submitted = answer(
      endpoints.submitKyc,
      { status: 'submitted', reason: null, updatedAt: '2026-03-02T01:00:00.000Z', events: [] },
      { msg: 'Submitted for verification' },
    );
    answer(endpoints.kybStatus, { status: 'notSubmitted', reason: null, updatedAt: null, events: [] });
    const { user, router } = await renderVerification('/account/kyc');
    await progress('Step 5 of 5: Review and submit');
    const alert = await screen.findByText('Some names differ from your personal details');
    expect(alert.closest('.ant-alert')).toHaveTextContent('Document 1 (Passport): last name');
    expect(screen.getByText('passport.png')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit for verification' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(submitted.bodies).toEqual([{ ...KYC_DETAILS, idProofs: [passport, KYC_DETAILS.idProofs[1]] }]);
  });

  it('starts a resubmission after a rejection from the previous answers, with the reason', async () => {
    answer(
      endpoints.kyc,
      kycData('rejected', {
        reason: 'The passport number ends in 0',
        details: KYC_DETAILS,
        documents: KYC_DOCUMENTS,
      }),
    );
    savedDrafts();
    await renderVerification('/account/kyc');
    expect(await screen.findByText('The passport number ends in 0')).toBeInTheDocument();
    await progress('Step 1 of 5: Personal details');
    expect(screen.getByLabelText('First name')).toHaveValue('Jane');
    expect(screen.getByLabelText('Last name')).toHaveValue('Citizen');
  });
});
