import { endpoints } from '@contract/v1/endpoints';
import { screen, waitFor } from '@testing-library/react';
import { myAccess } from '../../../tests/msw/recorded-answers';
import { answer, kybData, renderVerification } from '../testing/kyc-fixtures';

const KYB_DETAILS = {
  firstName: 'Jane',
  lastName: 'Citizen',
  country: 'AU',
  entityType: 'company',
  companyName: 'Acme Pty Ltd',
  abn: '51 824 753 556',
  acn: '824 753 556',
  registeredOff: '1 George Street, Sydney NSW 2000',
  primaryLocation: '1 George Street, Sydney NSW 2000',
  listed: false,
  extractDocumentId: 'doc-extract',
  documentType: 'certificateOfRegistration',
  registrationDocumentId: 'doc-registration',
} as const;

describe('KYB form', { timeout: 180_000 }, () => {
  it('refuses an ABN whose check fails with the rule set message, and warns when the ABN does not end with the ACN', async () => {
    answer(endpoints.kyb, kybData('rejected', { reason: 'The ACN ends in 0', details: KYB_DETAILS }));
    const { user } = await renderVerification('/account/kyb');
    // A resubmission starts from the previous answers, with the reason.
    expect(await screen.findByText('The ACN ends in 0')).toBeInTheDocument();
    const abn = await screen.findByLabelText('ABN');
    expect(abn).toHaveValue('51 824 753 556');
    await user.clear(abn);
    await user.type(abn, '51 824 753 557');
    expect(await screen.findByText('Invalid ABN: please check the number')).toBeInTheDocument();
    await user.clear(abn);
    await user.type(abn, '123');
    expect(await screen.findByText('ABN must be 11 digits')).toBeInTheDocument();
    await user.clear(abn);
    await user.type(abn, '51824753556');
    const acn = screen.getByLabelText('ACN');
    await user.clear(acn);
    await user.type(acn, '000 000 019');
    expect(
      await screen.findByText(
        "The last 9 digits of a company's ABN are usually its ACN: please check both numbers",
      ),
    ).toBeInTheDocument();
  });

  it('resets the verification only after a confirmation', async () => {
    answer(endpoints.kyb, kybData('verified', { details: KYB_DETAILS }));
    const reset = answer(
      endpoints.resetKyb,
      { status: 'notSubmitted', reason: null, updatedAt: null, events: [] },
      { msg: 'Business verification reset' },
    );
    const { user } = await renderVerification('/account/kyb');
    expect(await screen.findByText('51 824 753 556')).toBeInTheDocument();
    // The summary names the uploaded documents with the form's labels, never a raw key.
    expect(screen.getByText('Business register extract')).toBeInTheDocument();
    expect(screen.getByText('Registration document')).toBeInTheDocument();
    expect(screen.queryByText(/fields\./)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset business verification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset business verification?' });
    expect(dialog).toHaveTextContent('the uploaded documents are deleted');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(reset.count).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Reset business verification' }));
    await user.click(await screen.findByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(reset.count).toBe(1));
    // An empty form to start again.
    expect(await screen.findByLabelText('Company name')).toHaveValue('');
    expect(screen.getByText('Not submitted')).toBeInTheDocument();
  });

  it('tells a member whose role may not verify the business who can, and asks the server nothing', async () => {
    const kyb = answer(endpoints.kyb, kybData('notSubmitted'));
    myAccess('member');
    await renderVerification('/account/kyb');
    expect(
      await screen.findByText(
        /^Only the organisation's owner, or a member whose role may verify the business/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('The business verification could not be loaded.')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Company name')).not.toBeInTheDocument();
    expect(kyb.count).toBe(0);
  });
});
