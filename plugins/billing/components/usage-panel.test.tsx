import { endpoints } from '@contract/v1/endpoints';
import { screen, waitFor, within } from '@testing-library/react';
import {
  answer,
  bucket,
  myAccess,
  NO_USAGE,
  PAY_AS_YOU_GO_OFF,
  pagedList,
  renderBilling,
  SUBSCRIPTION,
  USAGE,
} from '../testing/billing-fixtures';

/** The subscription page with `usage` and pay-as-you-go as given (its buckets are not what these tests read). */
async function renderUsage(
  usage: Parameters<typeof answer>[1],
  options: { payAsYouGo?: typeof PAY_AS_YOU_GO_OFF; language?: string; status?: number } = {},
) {
  myAccess('owner');
  answer(endpoints.payAsYouGo, { payAsYouGo: options.payAsYouGo ?? PAY_AS_YOU_GO_OFF });
  pagedList(endpoints.subscriptionHistory, [bucket({ id: 'b-1' })], 1, { subscription: SUBSCRIPTION });
  const calls = answer(endpoints.usageHistory, usage, options.status ? { status: options.status } : {});
  const view = await renderBilling('/billing/subscription', { language: options.language });
  return { ...view, calls };
}

/** jsdom gives inline colours back as rgb(). */
const hexToRgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

const usagePanel = (name = 'Usage') => within(screen.getByRole('region', { name }));

describe('the usage panel of /billing/subscription', { timeout: 180_000 }, () => {
  it('shows the current bucket as a meter and the last 12 months as a chart with a summary and a table', async () => {
    const { baseElement } = await renderUsage(USAGE);
    const panel = usagePanel();
    const meter = await panel.findByRole('meter', { name: 'Current bucket' });
    expect(meter).toHaveAttribute('aria-valuenow', '1260');
    expect(meter).toHaveAttribute('aria-valuemax', '5000');
    expect(meter).toHaveAttribute('aria-valuetext', '1,260 of 5,000 units used (25%)');
    expect(panel.getByText('The bucket runs until 01/12/2026.')).toBeInTheDocument();

    const figure = within(panel.getByRole('figure', { name: 'Units used, last 12 months' }));
    expect(
      figure.getByText(
        '11,220 units used in 12 months, 440 of them as pay-as-you-go. This month so far: 1,380. Busiest month: September 2026, with 1,470.',
      ),
    ).toBeInTheDocument();
    const table = within(figure.getByRole('table', { name: 'Units used, last 12 months' }));
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Month',
      'From buckets',
      'Pay-as-you-go',
    ]);
    const rows = table.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    expect([...rows[0]!.children].map((cell) => cell.textContent)).toEqual(['December 2025', '610', '0']);
    expect([...rows[9]!.children].map((cell) => cell.textContent)).toEqual([
      'September 2026',
      '1,150',
      '320',
    ]);
    // The picture arrives with its code: one bar part per month, and pay-as-you-go on top in two of them.
    await waitFor(() => expect(baseElement.querySelectorAll('figure svg rect')).toHaveLength(14), {
      timeout: 30_000,
    });
  });

  it('says there is no bucket and no usage instead of drawing empty bars', async () => {
    const { baseElement } = await renderUsage(NO_USAGE);
    const panel = usagePanel();
    expect(await panel.findByText('No units used in the last 12 months.')).toBeInTheDocument();
    expect(panel.getByText(/No bucket is running/)).toBeInTheDocument();
    expect(panel.queryByRole('meter')).not.toBeInTheDocument();
    expect(panel.queryByRole('table')).not.toBeInTheDocument();
    expect(baseElement.querySelector('figure svg')).toBeNull();
  });

  it('offers to try again when the usage could not be read', async () => {
    const { user, calls } = await renderUsage(null, { status: 500 });
    const panel = usagePanel();
    expect(await panel.findByText('The usage could not be loaded.')).toBeInTheDocument();
    answer(endpoints.usageHistory, USAGE);
    await user.click(panel.getByRole('button', { name: 'Try again' }));
    expect(await panel.findByRole('meter', { name: 'Current bucket' })).toBeInTheDocument();
    expect(calls.count).toBe(1);
  });

  it("marks 80 % and 100 % on the pay-as-you-go cap's meter and turns it to a warning past the first", async () => {
    const payAsYouGo = {
      ...PAY_AS_YOU_GO_OFF,
      active: true,
      cap: 50_000,
      unitsThisMonth: 3_400,
      amountThisMonth: 40_800,
    };
    await renderUsage(USAGE, { payAsYouGo });
    const panel = usagePanel('Pay-as-you-go');
    const meter = await panel.findByRole('meter', { name: 'This month against the cap' });
    expect(meter).toHaveAttribute('aria-valuenow', '40800');
    expect(meter).toHaveAttribute('aria-valuemax', '50000');
    expect(meter).toHaveAttribute('aria-valuetext', '$408.00 of $500.00 (82%)');
    expect(meter).toHaveAccessibleDescription(
      'The owner is emailed when this month reaches 80% and 100% of the cap (the marks on the bar).',
    );
    expect(
      [...meter.querySelectorAll('.billing-meter__mark')].map(
        (mark) => (mark as HTMLElement).style.insetInlineStart,
      ),
    ).toEqual(['80%', '100%']);
    const fill = meter.querySelector('.billing-meter__fill') as HTMLElement;
    expect(fill.style.inlineSize).toBe('81.6%');
    // Past the first mark the bar turns orange (antd's orange-7).
    const { theme } = await import('antd');
    expect(fill.style.background).toBe(hexToRgb(theme.getDesignToken()['orange-7']));
  });

  it('has no cap meter while no cap is set', async () => {
    await renderUsage(USAGE);
    const panel = usagePanel('Pay-as-you-go');
    expect(await panel.findByText('Not set')).toBeInTheDocument();
    expect(panel.queryByRole('meter')).not.toBeInTheDocument();
  });

  it('speaks French and Arabic, months and numbers in the language', async () => {
    await renderUsage(USAGE, { language: 'fr' });
    const meter = await usagePanel('Utilisation').findByRole('meter', { name: 'Lot en cours' });
    expect(meter.getAttribute('aria-valuetext')).toBe(
      '1\u202f260 unités utilisées sur 5\u202f000 (25\u00a0%)',
    );
    const rows = within(
      screen.getByRole('table', { name: 'Unités utilisées, 12 derniers mois' }),
    ).getAllByRole('row');
    expect(rows[1]!.firstElementChild).toHaveTextContent('décembre 2025');
  });
});
