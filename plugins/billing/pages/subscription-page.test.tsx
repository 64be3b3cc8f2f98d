import { endpoints } from '@contract/v1/endpoints';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { onEndpoint } from '../../../tests/msw/endpoint-handlers';
import { answerGate } from '../../../tests/msw/answer-gate';
import { server } from '../../../tests/msw/server';
import {
  answer,
  bucket,
  myAccess,
  NO_USAGE,
  PAY_AS_YOU_GO_OFF,
  pagedList,
  renderBilling,
  SUBSCRIPTION,
} from '../testing/billing-fixtures';
import { expectAreaPage } from '@tests/area-page';

const CURRENT = bucket({ id: 'b-2' });
const PAST = bucket({
  id: 'b-1',
  productId: 'starter',
  name: 'Starter',
  unitsBought: 1_000,
  unitsUsed: 1_000,
  unitsRemaining: 0,
  periodStart: '2026-10-01T00:00:00.000Z',
  periodEnd: '2026-11-01T00:00:00.000Z',
  status: 'expired',
  invoiceNumber: 'INV-000001',
});

function history(subscription = SUBSCRIPTION, total = 2) {
  return pagedList(endpoints.subscriptionHistory, [CURRENT, PAST], total, { subscription });
}

const row = (text: string) => screen.getByText(text, { selector: 'td *, td' }).closest('tr')!;

async function renderSubscription(options: { role?: string; language?: string } = {}) {
  const view = await renderBilling('/billing/subscription', options);
  await screen.findByRole('columnheader', { name: options.language === 'fr' ? 'Restantes' : 'Remaining' });
  return view;
}

describe('subscription and pay-as-you-go', { timeout: 180_000 }, () => {
  // The usage panel's own tests are in ../components/usage-panel.test.tsx.
  beforeEach(() => answer(endpoints.usageHistory, NO_USAGE));

  it('lists buckets paged on the server with units bought, used and remaining', async () => {
    myAccess('owner');
    answer(endpoints.payAsYouGo, { payAsYouGo: PAY_AS_YOU_GO_OFF });
    const calls = history(SUBSCRIPTION, 14);
    const { user } = await renderSubscription();
    await screen.findByText('INV-000003');
    expect(calls.queries[0]).toEqual({ offset: '1', limit: '10' });
    expect(screen.getByText('Buckets (14)')).toBeInTheDocument();
    const current = within(row('INV-000003'));
    expect(current.getByText('5,000')).toBeInTheDocument();
    expect(current.getByText('1,250')).toBeInTheDocument();
    expect(current.getByText('3,750')).toBeInTheDocument();
    expect(current.getByText('Current')).toBeInTheDocument();
    expect(within(row('INV-000001')).getByText('Expired')).toBeInTheDocument();
    await user.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(calls.queries.at(-1)).toEqual({ offset: '2', limit: '10' }));
  });

  it('turns auto-renewal off and says when the bucket ends', async () => {
    myAccess('owner');
    answer(endpoints.payAsYouGo, { payAsYouGo: PAY_AS_YOU_GO_OFF });
    history();
    const renewal = answer(
      endpoints.setRenewal,
      { subscription: { ...SUBSCRIPTION, autoRenew: false } },
      { msg: 'Auto-renewal turned off' },
    );
    const { user } = await renderSubscription();
    // 1 December 00:00 UTC is 1 December 11:00 in Sydney.
    expect(
      await screen.findByText('On: the primary card is charged on 01/12/2026 for a new bucket.'),
    ).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'Renew automatically' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(renewal.bodies).toEqual([{ autoRenew: false }]));
    expect(
      await screen.findByText('Off: the current bucket ends on 01/12/2026 and is not renewed.'),
    ).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(await screen.findByText('Auto-renewal turned off')).toBeInTheDocument();
  });

  it('opened again, shows the buckets, the renewal as last set and pay-as-you-go at once, then refreshes them', async () => {
    myAccess('owner');
    const gate = answerGate();
    let subscription = SUBSCRIPTION;
    let buckets = [CURRENT, PAST];
    server.use(
      onEndpoint(endpoints.subscriptionHistory, async () => {
        await gate.passed();
        return HttpResponse.json({
          data: { items: buckets, total: buckets.length, offset: 1, limit: 10, subscription },
          msg: '',
        });
      }),
      onEndpoint(endpoints.payAsYouGo, async () => {
        await gate.passed();
        return HttpResponse.json({ data: { payAsYouGo: PAY_AS_YOU_GO_OFF }, msg: '' });
      }),
    );
    answer(
      endpoints.setRenewal,
      { subscription: { ...SUBSCRIPTION, autoRenew: false } },
      { msg: 'Auto-renewal turned off' },
    );
    const { user, router } = await renderSubscription();
    await screen.findByText('INV-000001');
    await user.click(screen.getByRole('switch', { name: 'Renew automatically' }));
    const off = 'Off: the current bucket ends on 01/12/2026 and is not renewed.';
    expect(await screen.findByText(off)).toBeInTheDocument();
    subscription = { ...SUBSCRIPTION, autoRenew: false };
    await act(() => router.navigate('/orgs'));
    await waitFor(() => expect(screen.queryByRole('table')).not.toBeInTheDocument());

    const answerNow = gate.close();
    buckets = [CURRENT];
    await act(() => router.navigate('/billing/subscription'));
    // The server has not answered yet: the buckets and pay-as-you-go of last visit, the switch as the user left it.
    expect(await screen.findByText('INV-000001')).toBeInTheDocument();
    expect(screen.getByText(off)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Renew automatically' })).not.toBeChecked();
    expect(screen.getByText(/^Keep working when a bucket runs out/)).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading…' })).not.toBeInTheDocument();
    expect(screen.getByRole('table').closest('[aria-busy="true"]')).toBeNull();

    answerNow();
    await waitFor(() => expect(screen.queryByText('INV-000001')).not.toBeInTheDocument());
    expect(screen.getByText('INV-000003')).toBeInTheDocument();
  });

  it('activates pay-as-you-go with a monthly cap in dollars, sent in cents, then changes it', async () => {
    myAccess('owner');
    answer(endpoints.payAsYouGo, { payAsYouGo: PAY_AS_YOU_GO_OFF });
    history();
    const active = {
      ...PAY_AS_YOU_GO_OFF,
      active: true,
      cap: 25_000,
      unitsThisMonth: 120,
      amountThisMonth: 1_440,
    };
    const activated = answer(
      endpoints.activatePayAsYouGo,
      { payAsYouGo: active },
      { msg: 'Pay-as-you-go is on' },
    );
    const { user } = await renderSubscription();
    const panel = within(screen.getByRole('region', { name: 'Pay-as-you-go' }));
    expect(await panel.findByText('Off')).toBeInTheDocument();
    expect(panel.getByText(/units beyond it cost \$0\.12 each/)).toBeInTheDocument();
    const cap = panel.getByRole('textbox', { name: 'Monthly cap (AUD)' });
    await user.type(cap, '0.50');
    await user.tab();
    expect(await panel.findByText('Enter a cap between $1.00 and $100,000.00')).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Activate' })).toBeDisabled();
    await user.clear(cap);
    await user.type(cap, '250');
    await waitFor(() => expect(panel.getByRole('button', { name: 'Activate' })).toBeEnabled());
    await user.click(panel.getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(activated.bodies).toEqual([{ cap: 25_000 }]));
    expect(await panel.findByText('Active')).toBeInTheDocument();
    expect(panel.getByText('120 units, $14.40')).toBeInTheDocument();
    expect(panel.getByText('$250.00')).toBeInTheDocument();

    const managed = answer(endpoints.managePayAsYouGo, { payAsYouGo: { ...active, cap: 30_050 } });
    const newCap = panel.getByRole('textbox', { name: 'Monthly cap (AUD)' });
    expect(newCap).toHaveValue('250');
    await user.clear(newCap);
    await user.type(newCap, '300.5');
    await waitFor(() => expect(panel.getByRole('button', { name: 'Change cap' })).toBeEnabled());
    await user.click(panel.getByRole('button', { name: 'Change cap' }));
    await waitFor(() => expect(managed.bodies).toEqual([{ action: 'setCap', cap: 30_050 }]));
    expect(await panel.findByText('$300.50')).toBeInTheDocument();
  });

  it('asks before turning pay-as-you-go off', async () => {
    myAccess('owner');
    const active = { ...PAY_AS_YOU_GO_OFF, active: true, cap: 25_000 };
    answer(endpoints.payAsYouGo, { payAsYouGo: active });
    history();
    const managed = answer(endpoints.managePayAsYouGo, { payAsYouGo: { ...active, active: false } });
    const { user } = await renderSubscription();
    const panel = within(screen.getByRole('region', { name: 'Pay-as-you-go' }));
    await user.click(await panel.findByRole('button', { name: 'Turn off' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Turn off pay-as-you-go?' }));
    await user.click(dialog.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(managed.bodies).toEqual([{ action: 'deactivate' }]));
    expect(await panel.findByText('Off')).toBeInTheDocument();
  });

  it('shows but offers no switch or cap to a role holding billing.view only', async () => {
    myAccess('role-7', ['billing.view']);
    answer(endpoints.payAsYouGo, { payAsYouGo: PAY_AS_YOU_GO_OFF });
    history();
    await renderSubscription({ role: 'admin' });
    expect(await screen.findByText(/You can see billing but not change it/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Renew automatically' })).toBeDisabled();
    expect(screen.queryByRole('textbox', { name: 'Monthly cap (AUD)' })).not.toBeInTheDocument();
  });

  it('speaks French', async () => {
    myAccess('owner');
    answer(endpoints.payAsYouGo, { payAsYouGo: PAY_AS_YOU_GO_OFF });
    history();
    await renderSubscription({ language: 'fr' });
    await expectAreaPage('Facturation', 'Abonnement');
    expect(
      await screen.findByText('Activé : la carte principale sera débitée le 01/12/2026 pour un nouveau lot.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Renouveler automatiquement' })).toBeChecked();
    expect(screen.getByRole('region', { name: 'Paiement à l’usage' })).toBeInTheDocument();
    expect(within(row('INV-000001')).getByText('Expiré')).toBeInTheDocument();
  });
});
