import { endpoints } from '@contract/v1/endpoints';
import { screen, waitFor, within } from '@testing-library/react';
import { contract, myAccess, pagedList, refuse, renderBilling } from '../testing/billing-fixtures';
import { expectAreaPage } from '@tests/area-page';

const SIGNED = contract({
  id: 'k-1',
  name: 'Annual commitment 2026',
  documentUrl: 'https://docs.example.com/k-1.pdf',
});
const NEXT = contract({
  id: 'k-2',
  name: 'Annual commitment 2027',
  startDate: '2027-01-01',
  endDate: '2027-12-31',
  status: 'upcoming',
});

const row = (text: string) => screen.getByText(text, { selector: 'td *, td' }).closest('tr')!;

describe('contracts', { timeout: 180_000 }, () => {
  it('lists contracts paged on the server with period, units, price, status and the signed document', async () => {
    myAccess('owner');
    const calls = pagedList(endpoints.contracts, [SIGNED, NEXT], 12);
    const { user } = await renderBilling('/billing/contract');
    await expectAreaPage('Billing', 'Contracts');
    await screen.findByText('Annual commitment 2026');
    expect(calls.queries[0]).toEqual({ offset: '1', limit: '10' });
    expect(screen.getByText('Contracts (12)')).toBeInTheDocument();
    const signed = within(row('Annual commitment 2026'));
    expect(signed.getByText('01/01/2026 to 31/12/2026')).toBeInTheDocument();
    expect(signed.getByText('120,000')).toBeInTheDocument();
    expect(signed.getByText('$12,000.00')).toBeInTheDocument();
    expect(signed.getByText('Active')).toBeInTheDocument();
    expect(signed.getByRole('link', { name: 'Open document of Annual commitment 2026' })).toHaveAttribute(
      'href',
      'https://docs.example.com/k-1.pdf',
    );
    const next = within(row('Annual commitment 2027'));
    expect(next.getByText('Upcoming')).toBeInTheDocument();
    expect(next.getByText('None')).toBeInTheDocument();

    await user.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(calls.queries.at(-1)).toEqual({ offset: '2', limit: '10' }));
  });

  it('says when there is no contract', async () => {
    myAccess('owner');
    pagedList(endpoints.contracts, []);
    await renderBilling('/billing/contract');
    expect(
      await screen.findByText('No contract. Contact us if you need committed usage at a negotiated price.'),
    ).toBeInTheDocument();
  });

  it('offers a retry when the list cannot load', async () => {
    myAccess('owner');
    refuse(
      endpoints.contracts,
      403,
      "You don't have permission to do this. Contact the account owner or admin",
    );
    const { user } = await renderBilling('/billing/contract');
    expect(await screen.findAllByText('The contracts could not be loaded.')).not.toHaveLength(0);
    pagedList(endpoints.contracts, [SIGNED]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Annual commitment 2026')).toBeInTheDocument();
  });

  it('speaks French', async () => {
    myAccess('owner');
    pagedList(endpoints.contracts, [SIGNED]);
    await renderBilling('/billing/contract', { language: 'fr' });
    await expectAreaPage('Facturation', 'Contrats');
    await screen.findByText('Annual commitment 2026');
    const signed = within(row('Annual commitment 2026'));
    expect(signed.getByText('Du 01/01/2026 au 31/12/2026')).toBeInTheDocument();
    expect(signed.getByText(/120\s000/)).toBeInTheDocument();
    expect(signed.getByText('En cours')).toBeInTheDocument();
    expect(
      signed.getByRole('link', { name: 'Ouvrir le document de Annual commitment 2026' }),
    ).toBeInTheDocument();
  });
});
