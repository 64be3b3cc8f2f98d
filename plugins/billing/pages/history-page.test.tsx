import { formatDate } from '@core';
import { endpoints } from '@contract/v1/endpoints';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { HttpResponse } from 'msw';
import { onEndpoint } from '../../../tests/msw/endpoint-handlers';
import { answerGate } from '../../../tests/msw/answer-gate';
import { server } from '../../../tests/msw/server';
import { answer, invoice, myAccess, pagedList, refuse, renderBilling } from '../testing/billing-fixtures';
import { expectAreaPage } from '@tests/area-page';

const PAID = invoice({ id: 'i-3', number: 'INV-000003', date: '2026-11-02T01:00:00.000Z' });
const FAILED = invoice({
  id: 'i-2',
  number: 'INV-000002',
  date: '2026-10-15T23:30:00.000Z',
  description: 'Starter bucket: 1,000 units',
  amount: 11_000,
  gst: 1_000,
  status: 'failed',
  card: null,
});
const CREDIT = invoice({
  id: 'i-1',
  number: 'CN-000001',
  kind: 'creditNote',
  amount: -11_000,
  gst: -1_000,
  status: 'refunded',
  creditFor: 'INV-000001',
});
const ROWS = [PAID, FAILED, CREDIT];

async function renderHistory(options: { language?: string } = {}) {
  const view = await renderBilling('/billing/history', options);
  await screen.findByRole('columnheader', { name: /Description/ });
  return view;
}

const row = (text: string) => screen.getByText(text, { selector: 'td *, td' }).closest('tr')!;

describe('billing history', { timeout: 180_000 }, () => {
  it('opens from /billing and lists invoices from the first page (offset 1), paging on the server', async () => {
    myAccess('owner');
    const calls = pagedList(endpoints.bills, ROWS, 23);
    const { user, router } = await renderBilling('/billing');
    expect(router.state.location.pathname).toBe('/billing/history');
    await expectAreaPage('Billing', 'History');
    await screen.findByText('INV-000003');
    expect(calls.queries[0]).toEqual({ offset: '1', limit: '10' });
    expect(screen.getByText('Invoices (23)')).toBeInTheDocument();

    const paid = within(row('INV-000003'));
    // The organisation's region (the deployment default, Sydney): 01:00 UTC on 2 November is 2 November there.
    expect(paid.getByText('02/11/2026')).toBeInTheDocument();
    expect(paid.getByText('Business bucket: 5,000 units')).toBeInTheDocument();
    expect(paid.getByText('$550.00')).toBeInTheDocument();
    expect(paid.getByText('Paid')).toBeInTheDocument();
    // 23:30 UTC on 15 October is already 16 October in Sydney.
    expect(within(row('INV-000002')).getByText('16/10/2026')).toBeInTheDocument();
    expect(within(row('INV-000002')).getByText('Failed')).toBeInTheDocument();
    const credit = within(row('CN-000001'));
    expect(credit.getByText(/Credit note/)).toBeInTheDocument();
    expect(credit.getByText('-$110.00')).toBeInTheDocument();
    expect(credit.getByText('Refunded')).toBeInTheDocument();

    await user.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(calls.queries.at(-1)).toEqual({ offset: '2', limit: '10' }));
    await user.click(screen.getByRole('listitem', { name: '3' }));
    await waitFor(() => expect(calls.queries.at(-1)).toEqual({ offset: '3', limit: '10' }));
  });

  it('opened again, shows the invoices it last listed at once and refreshes them when the server answers', async () => {
    myAccess('owner');
    let rows = ROWS;
    const gate = answerGate();
    server.use(
      onEndpoint(endpoints.bills, async () => {
        await gate.passed();
        return HttpResponse.json({
          data: { items: rows, total: rows.length, offset: 1, limit: 10 },
          msg: '',
        });
      }),
    );
    const { router } = await renderHistory();
    expect(await screen.findByText('CN-000001')).toBeInTheDocument();
    await act(() => router.navigate('/orgs'));
    await waitFor(() => expect(screen.queryByRole('table')).not.toBeInTheDocument());

    const answerNow = gate.close();
    rows = [PAID];
    await act(() => router.navigate('/billing/history'));
    // The server has not answered yet: last visit's invoices, and no loading state over them.
    expect(await screen.findByText('CN-000001')).toBeInTheDocument();
    expect(screen.getByText('Invoices (3)')).toBeInTheDocument();
    expect(screen.getByRole('table').closest('[aria-busy="true"]')).toBeNull();

    answerNow();
    await waitFor(() => expect(screen.queryByText('CN-000001')).not.toBeInTheDocument());
    expect(screen.getByText('INV-000003')).toBeInTheDocument();
    expect(screen.getByText('Invoices (1)')).toBeInTheDocument();
  });

  it('is open, with the Billing menu, to a custom role granted billing.view, and closed to a member without it', async () => {
    myAccess('role-accounts', ['billing.view']);
    pagedList(endpoints.bills, ROWS, 3);
    // The session holds what entering the organisation answered for the role.
    await renderBilling('/billing/history', { role: 'role-accounts', permissions: ['billing.view'] });
    expect(await screen.findByText('INV-000003')).toBeInTheDocument();
    expect(screen.getAllByRole('menuitem', { name: /Billing/ }).length).toBeGreaterThan(0);
    // Payment methods read the cards with billing.view; buying needs billing.manage.
    expect(screen.getAllByRole('link', { name: 'Payment methods' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Buy usage' })).not.toBeInTheDocument();
    cleanup();

    const member = pagedList(endpoints.bills, ROWS, 3);
    await renderBilling('/billing/history', { role: 'member', heading: false });
    expect(await screen.findByText("You don't have permission to view this page")).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Billing/ })).not.toBeInTheDocument();
    expect(member.count).toBe(0);
  });

  it('applies a status choice after the filter pause, from the first page', async () => {
    myAccess('owner');
    const calls = pagedList(endpoints.bills, ROWS, 40);
    const { user } = await renderHistory();
    await screen.findByText('INV-000003');
    await user.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(calls.queries.at(-1)?.offset).toBe('2'));
    const before = calls.count;

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByTitle('Failed'));
    // Not at once: the list waits for the user to stop changing filters (the exact second: invoices-store.test.ts).
    expect(calls.count).toBe(before);
    await waitFor(() => expect(calls.count).toBe(before + 1), { timeout: 3000 });
    expect(calls.queries.at(-1)).toEqual({ offset: '1', limit: '10', status: 'failed' });
  });

  it('offers only the last 89 days up to today in the date filter and sends the chosen days', async () => {
    myAccess('owner');
    const calls = pagedList(endpoints.bills, ROWS);
    const { user } = await renderHistory();
    await screen.findByText('INV-000003');
    expect(screen.getByText('The last 89 days up to today.')).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Date' }));
    const today = dayjs(formatDate(Date.now(), { timeZone: 'Australia/Sydney', format: 'YYYY-MM-DD' }));
    const cell = (day: dayjs.Dayjs) => document.querySelector(`td[title="${day.format('YYYY-MM-DD')}"]`);
    await waitFor(() => expect(cell(today)).not.toBeNull());
    expect(cell(today)).not.toHaveClass('ant-picker-cell-disabled');
    expect(cell(today.add(1, 'day'))).toHaveClass('ant-picker-cell-disabled');

    const first = today.subtract(89, 'day');
    const previous = document.querySelector<HTMLButtonElement>('.ant-picker-header-prev-btn')!;
    for (let i = 0; i < today.diff(first.startOf('month'), 'month') + 1 && !cell(first); i += 1)
      await user.click(previous);
    expect(cell(first)).not.toHaveClass('ant-picker-cell-disabled');
    expect(cell(first.subtract(1, 'day'))).toHaveClass('ant-picker-cell-disabled');

    await user.click(cell(first)!);
    await user.click(cell(first.add(1, 'day'))!);
    await waitFor(
      () =>
        expect(calls.queries.at(-1)).toEqual({
          offset: '1',
          limit: '10',
          fromDate: first.format('YYYY-MM-DD'),
          toDate: first.add(1, 'day').format('YYYY-MM-DD'),
        }),
      { timeout: 3000 },
    );
  });

  it('downloads the PDF the server sends for a row', async () => {
    myAccess('owner');
    pagedList(endpoints.bills, ROWS);
    const pdf = answer(endpoints.billPdf, {
      fileName: 'INV-000003.pdf',
      mediaType: 'application/pdf',
      content: btoa('%PDF-1.7 test'),
    });
    const saved: { name: string; href: string }[] = [];
    const createUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:invoice');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, href: this.href });
    });
    try {
      const { user } = await renderHistory();
      await screen.findByText('INV-000003');
      await user.click(screen.getByRole('button', { name: 'Download PDF of INV-000003' }));
      await waitFor(() => expect(saved).toEqual([{ name: 'INV-000003.pdf', href: 'blob:invoice' }]));
      expect(pdf.params).toEqual([{ id: 'i-3' }]);
      const blob = createUrl.mock.calls[0]![0] as Blob;
      expect(blob.type).toBe('application/pdf');
      expect(await blob.text()).toBe('%PDF-1.7 test');
    } finally {
      createUrl.mockRestore();
      click.mockRestore();
    }
  });

  it('says when there is no invoice yet, and when none matches the filters', async () => {
    myAccess('owner');
    pagedList(endpoints.bills, []);
    const { user } = await renderHistory();
    expect(
      await screen.findByText('No invoices yet. They appear here after a purchase or a renewal.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByTitle('Refunded'));
    expect(
      await screen.findByText('No invoice matches these filters.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
  });

  it('says when the list cannot load and loads it again on Try again', async () => {
    myAccess('owner');
    refuse(endpoints.bills, 400, 'Choose dates within the last 89 days');
    const { user } = await renderHistory();
    expect(await screen.findByText('Choose dates within the last 89 days')).toBeInTheDocument();
    expect(screen.getAllByText('The invoices could not be loaded.').length).toBeGreaterThan(0);
    pagedList(endpoints.bills, ROWS);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('INV-000003')).toBeInTheDocument();
  });

  it('speaks French', async () => {
    myAccess('owner');
    pagedList(endpoints.bills, ROWS);
    await renderHistory({ language: 'fr' });
    await expectAreaPage('Facturation', 'Historique');
    await screen.findByText('INV-000003');
    expect(screen.getByText('Factures (3)')).toBeInTheDocument();
    const paid = within(row('INV-000003'));
    expect(paid.getByText('Payée')).toBeInTheDocument();
    expect(paid.getByText(/550,00\s\$AU/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Télécharger le PDF de INV-000003' })).toBeInTheDocument();
    expect(screen.getByText('Les 89 derniers jours jusqu’à aujourd’hui.')).toBeInTheDocument();
    const tabs = within(screen.getByRole('navigation', { name: 'Facturation' }));
    expect(tabs.getByRole('link', { name: 'Moyens de paiement' })).toBeInTheDocument();
  });
});
