import { endpoints } from '@contract/v1/endpoints';
import { screen, waitFor, within } from '@testing-library/react';
import {
  answer,
  bucket,
  card,
  CATALOGUE,
  invoice,
  myAccess,
  refuse,
  renderBilling,
} from '../testing/billing-fixtures';
import { expectAreaPage } from '@tests/area-page';

const PAY_AGAIN = /Pay \$550\.00$/;
const PRIMARY = card({ id: 'c-1', primary: true });
const PURCHASED = {
  invoice: invoice({ id: 'i-9', number: 'INV-000009' }),
  bucket: bucket({ id: 'b-9' }),
  replayed: false,
};

async function renderPurchase(options: { language?: string; product?: string } = {}) {
  const view = await renderBilling('/billing/purchase', options);
  await screen.findByRole('listitem', { name: options.product ?? 'Business' });
  return view;
}

async function chooseBusiness(user: Awaited<ReturnType<typeof renderPurchase>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Buy Business' }));
  return within(await screen.findByRole('dialog', { name: 'Buy Business?' }));
}

describe('buying usage', { timeout: 180_000 }, () => {
  it('shows the catalogue with prices including GST', async () => {
    myAccess('owner');
    answer(endpoints.catalogue, { items: CATALOGUE });
    answer(endpoints.cards, { cards: [PRIMARY] });
    await renderPurchase();
    const business = within(screen.getByRole('listitem', { name: 'Business' }));
    expect(business.getByText('5,000 units')).toBeInTheDocument();
    expect(business.getByText('$550.00')).toBeInTheDocument();
    expect(business.getByText('Includes $50.00 GST')).toBeInTheDocument();
    expect(business.getByText('Valid 1 month')).toBeInTheDocument();
    expect(
      within(screen.getByRole('listitem', { name: 'Starter' })).getByText('1,000 units'),
    ).toBeInTheDocument();
  });

  it('pays once with the primary card even when Pay is clicked twice, then names the invoice', async () => {
    myAccess('owner');
    answer(endpoints.catalogue, { items: CATALOGUE });
    answer(endpoints.cards, { cards: [PRIMARY] });
    const bought = answer(endpoints.purchase, PURCHASED, { delayMs: 300 });
    const { user, router } = await renderPurchase();
    const dialog = await chooseBusiness(user);
    expect(
      dialog.getByText('$550.00 (including $50.00 GST) will be charged to Visa ending in 4242.'),
    ).toBeInTheDocument();
    const pay = dialog.getByRole('button', { name: 'Pay $550.00' });
    await user.dblClick(pay);
    await user.click(pay).catch(() => undefined);
    const done = within(await screen.findByRole('dialog'));
    expect(await done.findByText('Thank you: Business is yours')).toBeInTheDocument();
    expect(done.getByText('Invoice INV-000009 is in your billing history.')).toBeInTheDocument();
    expect(bought.count).toBe(1);
    expect(bought.bodies[0]).toEqual({
      productId: 'business',
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
    });
    await user.click(done.getByRole('link', { name: 'View billing history' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing/history'));
    await expectAreaPage('Billing', 'History');
  });

  it('retries a payment whose outcome is unknown with the same key, and a new purchase with a new key', async () => {
    myAccess('owner');
    answer(endpoints.catalogue, { items: CATALOGUE });
    answer(endpoints.cards, { cards: [PRIMARY] });
    const unavailable = refuse(
      endpoints.purchase,
      502,
      'The payment provider did not answer in time; you were not charged. Please try again',
      'PAYMENT_UNAVAILABLE',
    );
    const { user } = await renderPurchase();
    const dialog = await chooseBusiness(user);
    await user.click(dialog.getByRole('button', { name: 'Pay $550.00' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('The payment did not go through');
    const bought = answer(endpoints.purchase, PURCHASED);
    // antd's loading icon leaves with a motion jsdom never ends: the name may still start with its label.
    await user.click(dialog.getByRole('button', { name: PAY_AGAIN }));
    expect(await screen.findByText('Thank you: Business is yours')).toBeInTheDocument();
    expect(bought.bodies[0].idempotencyKey).toBe(unavailable.bodies[0].idempotencyKey);

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const again = await chooseBusiness(user);
    await user.click(again.getByRole('button', { name: 'Pay $550.00' }));
    await waitFor(() => expect(bought.count).toBe(2));
    expect(bought.bodies[1].idempotencyKey).not.toBe(bought.bodies[0].idempotencyKey);
  });

  it('shows a declined charge with its reason; the next try is a new attempt', async () => {
    myAccess('owner');
    answer(endpoints.catalogue, { items: CATALOGUE });
    answer(endpoints.cards, { cards: [PRIMARY] });
    const declined = refuse(
      endpoints.purchase,
      402,
      'Your card was declined: stolen card.',
      'CARD_DECLINED_STOLEN',
    );
    const { user } = await renderPurchase();
    const dialog = await chooseBusiness(user);
    await user.click(dialog.getByRole('button', { name: 'Pay $550.00' }));
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Your bank declined the card: it was reported lost or stolen.');
    await user.click(dialog.getByRole('button', { name: PAY_AGAIN }));
    await waitFor(() => expect(declined.count).toBe(2));
    expect(declined.bodies[1].idempotencyKey).not.toBe(declined.bodies[0].idempotencyKey);
  });

  it('sends to the payment methods when there is no usable primary card', async () => {
    myAccess('owner');
    answer(endpoints.catalogue, { items: CATALOGUE });
    answer(endpoints.cards, { cards: [card({ id: 'c-3', verified: false, primary: false })] });
    await renderPurchase();
    expect(await screen.findByText('Add a verified primary card before buying.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy Business' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Go to payment methods' })).toHaveAttribute(
      'href',
      '/billing/payments',
    );
  });

  it('speaks French', async () => {
    myAccess('owner');
    answer(endpoints.catalogue, { items: CATALOGUE });
    answer(endpoints.cards, { cards: [PRIMARY] });
    // The catalogue's names are the language's own (billing.json catalogue.<id>).
    const { user } = await renderPurchase({ language: 'fr', product: 'Professionnel' });
    await expectAreaPage('Facturation', 'Acheter des unités');
    const business = within(screen.getByRole('listitem', { name: 'Professionnel' }));
    expect(business.getByText(/5\s000 unités/)).toBeInTheDocument();
    expect(business.getByText(/Dont 50,00\s\$AU de GST/)).toBeInTheDocument();
    await user.click(business.getByRole('button', { name: 'Acheter Professionnel' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Acheter Professionnel ?' }));
    expect(dialog.getByText(/sera débité sur Visa se terminant par 4242/)).toBeInTheDocument();
  });
});
