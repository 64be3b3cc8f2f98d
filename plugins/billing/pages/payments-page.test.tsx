import { endpoints } from '@contract/v1/endpoints';
import { TEST_CARDS } from '@contract/v1/billing-test-cards';
import { screen, waitFor, within } from '@testing-library/react';
import { answer, card, myAccess, refuse, renderBilling } from '../testing/billing-fixtures';
import { expectAreaPage } from '@tests/area-page';

const PRIMARY = card({ id: 'c-1', primary: true });
const SPARE = card({ id: 'c-2', brand: 'mastercard', last4: '4444', expiryMonth: 9, expiryYear: 2031 });
const UNVERIFIED = card({ id: 'c-3', last4: '3220', verified: false });

async function renderPayments(options: { role?: string; permissions?: string[]; language?: string } = {}) {
  const view = await renderBilling('/billing/payments', options);
  if (options.language === 'fr') await expectAreaPage('Facturation', 'Moyens de paiement');
  else await expectAreaPage('Billing', 'Payment methods');
  return view;
}

const cardItem = (name: string) => screen.getByRole('listitem', { name });

async function openAddCard(user: Awaited<ReturnType<typeof renderPayments>>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Add card' }));
  return within(await screen.findByRole('dialog', { name: 'Add a card' }));
}

describe('payment methods', { timeout: 180_000 }, () => {
  it('lists the cards with brand, last 4, holder, expiry and state', async () => {
    myAccess('owner');
    answer(endpoints.cards, { cards: [PRIMARY, SPARE, UNVERIFIED] });
    await renderPayments();
    const primary = within(await screen.findByRole('listitem', { name: 'Visa ending in 4242' }));
    expect(primary.getByText('Primary')).toBeInTheDocument();
    expect(primary.getByText('Verified')).toBeInTheDocument();
    expect(primary.getByText('Expires 04/2030')).toBeInTheDocument();
    expect(primary.getByText(/Jane Citizen/)).toBeInTheDocument();
    // The primary card cannot be made primary again; the others can once verified.
    expect(primary.queryByRole('button', { name: /Make primary/ })).not.toBeInTheDocument();
    expect(
      within(cardItem('Mastercard ending in 4444')).getByRole('button', {
        name: 'Make primary: Mastercard ending in 4444',
      }),
    ).toBeInTheDocument();
    const unverified = within(cardItem('Visa ending in 3220'));
    expect(unverified.getByText('Needs verification')).toBeInTheDocument();
    expect(unverified.queryByRole('button', { name: /Make primary/ })).not.toBeInTheDocument();
    expect(unverified.getByRole('button', { name: 'Verify Visa ending in 3220' })).toBeInTheDocument();
  });

  it('checks the card with the shared rules before sending it, and sends digits and a four-digit year', async () => {
    myAccess('owner');
    answer(endpoints.cards, { cards: [] });
    const added = answer(endpoints.addCard, { card: PRIMARY }, { msg: 'Card added' });
    const { user } = await renderPayments();
    expect(
      await screen.findByText('No card yet. Add one to buy usage or turn on auto-renewal.'),
    ).toBeInTheDocument();
    const dialog = await openAddCard(user);
    const submit = dialog.getByRole('button', { name: 'Add card' });
    expect(submit).toBeDisabled();

    const number = dialog.getByRole('textbox', { name: 'Card number' });
    await user.type(number, '4242 4242 4242 4241');
    await user.tab();
    expect(await dialog.findByText('This card number is not valid: check for a typo')).toBeInTheDocument();
    await user.clear(number);
    await user.type(number, '6011 1111 1111 1117');
    expect(await dialog.findByText('We accept Visa, Mastercard and American Express')).toBeInTheDocument();
    await user.clear(number);
    await user.type(number, '3782 822463 10005');
    // The brand shows as the number is typed, and an American Express CVC has 4 digits.
    expect(dialog.getByText('American Express')).toBeInTheDocument();
    const cvc = dialog.getByRole('textbox', { name: 'Security code (CVC)' });
    await user.type(cvc, '123');
    await user.tab();
    expect(await dialog.findByText('The security code has 4 digits')).toBeInTheDocument();
    await user.type(cvc, '4');

    const expiry = dialog.getByRole('textbox', { name: 'Expiry (MM/YY)' });
    await user.type(expiry, '01/20');
    await user.tab();
    expect(await dialog.findByText('This card has expired')).toBeInTheDocument();
    await user.clear(expiry);
    await user.type(expiry, '13/30');
    await user.tab();
    expect(await dialog.findByText('Enter the expiry as MM/YY')).toBeInTheDocument();
    await user.clear(expiry);
    await user.type(expiry, '04/30');

    const holder = dialog.getByRole('textbox', { name: 'Name on card' });
    await user.type(holder, 'J4ne');
    await user.tab();
    expect(
      await dialog.findByText('Letters, spaces, apostrophes, hyphens and dots only'),
    ).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.clear(holder);
    await user.type(holder, "Jane O'Brien");

    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() => expect(added.count).toBe(1));
    expect(added.bodies[0]).toEqual({
      number: '378282246310005',
      holderName: "Jane O'Brien",
      expiryMonth: 4,
      expiryYear: 2030,
      cvc: '1234',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a decline with the provider reason and keeps the form except the number and the CVC', async () => {
    myAccess('owner');
    answer(endpoints.cards, { cards: [] });
    const added = refuse(
      endpoints.addCard,
      402,
      'Your card was declined: insufficient funds.',
      'CARD_DECLINED_INSUFFICIENT_FUNDS',
    );
    const { user } = await renderPayments();
    const dialog = await openAddCard(user);
    await user.type(dialog.getByRole('textbox', { name: 'Card number' }), TEST_CARDS.insufficientFunds);
    await user.type(dialog.getByRole('textbox', { name: 'Name on card' }), 'Jane Citizen');
    await user.type(dialog.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '04/30');
    await user.type(dialog.getByRole('textbox', { name: 'Security code (CVC)' }), '123');
    const submit = dialog.getByRole('button', { name: 'Add card' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('The card was declined');
    expect(alert).toHaveTextContent('Your bank declined the card: insufficient funds.');
    expect(added.count).toBe(1);
    expect(dialog.getByRole('textbox', { name: 'Card number' })).toHaveValue('');
    expect(dialog.getByRole('textbox', { name: 'Security code (CVC)' })).toHaveValue('');
    expect(dialog.getByRole('textbox', { name: 'Name on card' })).toHaveValue('Jane Citizen');
    expect(dialog.getByRole('textbox', { name: 'Expiry (MM/YY)' })).toHaveValue('04/30');
  });

  it('verifies a card with the typed-back amount in cents', async () => {
    myAccess('owner');
    const list = answer(endpoints.cards, { cards: [UNVERIFIED] });
    const started = answer(endpoints.startCardVerification, {
      card: { ...UNVERIFIED, verificationPending: true },
      testAmount: 42,
    });
    const verified = answer(
      endpoints.verifyCard,
      { card: { ...UNVERIFIED, verified: true } },
      { msg: 'Card verified' },
    );
    const { user } = await renderPayments();
    await user.click(await screen.findByRole('button', { name: 'Verify Visa ending in 3220' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Verify Visa ending in 3220' }));
    expect(started.bodies).toEqual([{ cardId: 'c-3' }]);
    expect(dialog.getByText('Test mode: the charge was $0.42.')).toBeInTheDocument();
    const amount = dialog.getByRole('textbox', { name: 'Charged amount' });
    await user.type(amount, '1.42');
    await user.tab();
    expect(await dialog.findByText('Enter the amount charged, between $0.01 and $0.99')).toBeInTheDocument();
    await user.clear(amount);
    answer(endpoints.cards, { cards: [{ ...UNVERIFIED, verified: true, primary: true }] });
    await user.type(amount, '0,42');
    const submit = dialog.getByRole('button', { name: 'Verify card' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() => expect(verified.bodies).toEqual([{ cardId: 'c-3', amount: 42 }]));
    expect(await screen.findByText('Card verified')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(cardItem('Visa ending in 3220')).findByText('Verified')).toBeInTheDocument();
    expect(list.count).toBeGreaterThan(0);
  });

  it('makes a card primary', async () => {
    myAccess('owner');
    answer(endpoints.cards, { cards: [PRIMARY, SPARE] });
    const primary = answer(
      endpoints.setPrimaryCard,
      {
        cards: [
          { ...PRIMARY, primary: false },
          { ...SPARE, primary: true },
        ],
      },
      { msg: 'Primary card changed' },
    );
    const { user } = await renderPayments();
    await user.click(await screen.findByRole('button', { name: 'Make primary: Mastercard ending in 4444' }));
    await waitFor(() => expect(primary.bodies).toEqual([{ cardId: 'c-2' }]));
    expect(await within(cardItem('Mastercard ending in 4444')).findByText('Primary')).toBeInTheDocument();
    expect(within(cardItem('Visa ending in 4242')).queryByText('Primary')).not.toBeInTheDocument();
  });

  it('asks before deleting the primary card, and deletes only once confirmed', async () => {
    myAccess('owner');
    answer(endpoints.cards, { cards: [PRIMARY, SPARE] });
    const deleted = answer(
      endpoints.deleteCard,
      { cards: [{ ...SPARE, primary: true }] },
      { msg: 'Card deleted' },
    );
    const { user } = await renderPayments();
    await user.click(await screen.findByRole('button', { name: 'Delete Visa ending in 4242' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Delete the primary card?' }));
    expect(dialog.getByText(/Visa ending in 4242 is the primary card/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted.count).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Delete Visa ending in 4242' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Delete the primary card?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete card' }));
    await waitFor(() => expect(deleted.params).toEqual([{ id: 'c-1' }]));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Visa ending in 4242' })).not.toBeInTheDocument(),
    );
    expect(within(cardItem('Mastercard ending in 4444')).getByText('Primary')).toBeInTheDocument();
  });

  it('shows the server refusal when the last usable card cannot go, and keeps the card', async () => {
    myAccess('owner');
    answer(endpoints.cards, { cards: [PRIMARY] });
    refuse(
      endpoints.deleteCard,
      409,
      'Keep one usable card while auto-renewal or pay-as-you-go is on',
      'LAST_USABLE_CARD',
    );
    const { user } = await renderPayments();
    await user.click(await screen.findByRole('button', { name: 'Delete Visa ending in 4242' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete the primary card?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete card' }));
    expect(
      await screen.findByText('Keep one usable card while auto-renewal or pay-as-you-go is on'),
    ).toBeInTheDocument();
    expect(cardItem('Visa ending in 4242')).toBeInTheDocument();
  });

  it('offers no change to a role without billing.manage', async () => {
    myAccess('role-7', ['billing.view']);
    answer(endpoints.cards, { cards: [PRIMARY, SPARE] });
    await renderPayments({ role: 'admin' });
    await screen.findByRole('listitem', { name: 'Visa ending in 4242' });
    expect(await screen.findByText(/You can see billing but not change it/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add card' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('does not ask a role without billing.manage to add a card when there is none', async () => {
    myAccess('role-7', ['billing.view']);
    answer(endpoints.cards, { cards: [] });
    await renderPayments({ role: 'role-7', permissions: ['billing.view'] });
    expect(await screen.findByText(/You can see billing but not change it/)).toBeInTheDocument();
    expect(await screen.findByText('No card yet.')).toBeInTheDocument();
    expect(screen.queryByText(/Add one to buy usage/)).not.toBeInTheDocument();
  });

  it('speaks French, the card rules included', async () => {
    myAccess('owner');
    answer(endpoints.cards, { cards: [PRIMARY] });
    const { user } = await renderPayments({ language: 'fr' });
    const item = within(await screen.findByRole('listitem', { name: 'Visa se terminant par 4242' }));
    expect(item.getByText('Principale')).toBeInTheDocument();
    expect(item.getByText('Expire fin 04/2030')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ajouter une carte' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ajouter une carte' }));
    await user.type(dialog.getByRole('textbox', { name: 'Numéro de carte' }), '4242424242424241');
    await user.tab();
    expect(
      await dialog.findByText('Ce numéro de carte n’est pas valide : vérifiez la saisie'),
    ).toBeInTheDocument();
  });
});
