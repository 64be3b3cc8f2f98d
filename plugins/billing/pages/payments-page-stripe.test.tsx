import { endpoints } from '@contract/v1/endpoints';
import { TEST_CARDS } from '@contract/v1/billing-test-cards';
import { act, screen, waitFor, within } from '@testing-library/react';
import { answer, card, myAccess, renderBilling } from '../testing/billing-fixtures';
import { loadStripeJs } from '../stripe/load-stripe';

/**
 * The payments screen with PAYMENT_PROVIDER=stripe (#34, acceptance 2): Stripe's card element takes the number,
 * expiry and CVC, Stripe confirms the set-up in the browser, and the server is sent only the payment method id.
 * Stripe.js is replaced where the plugin loads it (its loader module); the element below stands in for Stripe's
 * iframe and reports what Stripe's would (ready, complete).
 */
const stripe = vi.hoisted(() => {
  const listeners = new Map<string, (event: unknown) => void>();
  const element = {
    mount(node: HTMLElement) {
      const frame = document.createElement('div');
      frame.setAttribute('data-testid', 'stripe-card-element');
      node.appendChild(frame);
    },
    on: (event: string, listener: (event: unknown) => void) => listeners.set(event, listener),
    off: (event: string) => listeners.delete(event),
    update: () => undefined,
    destroy: () => undefined,
  };
  const confirmCardSetup = vi.fn();
  const instance = {
    elements: () => ({ create: () => element, getElement: () => element, update: () => undefined }),
    createToken: vi.fn(),
    createPaymentMethod: vi.fn(),
    confirmCardPayment: vi.fn(),
    confirmCardSetup,
  };
  return {
    element,
    instance,
    confirmCardSetup,
    /** What Stripe's iframe tells the page as the user types in it. */
    emit: (event: string, payload: unknown) => listeners.get(event)?.(payload),
    listening: (event: string) => listeners.has(event),
  };
});
vi.mock('../stripe/load-stripe', () => ({ loadStripeJs: vi.fn(async () => stripe.instance) }));

const STRIPE = {
  simulatedServices: [],
  payments: { provider: 'stripe' as const, publishableKey: 'pk_test_page' },
};
const SAVED = card({ id: 'c-9', primary: true, last4: '4242' });

async function openAddCard(deployment?: typeof STRIPE) {
  myAccess('owner');
  answer(endpoints.cards, { cards: [] });
  const view = await renderBilling('/billing/payments', { deployment });
  await view.user.click(await screen.findByRole('button', { name: 'Add card' }));
  return { ...view, dialog: within(await screen.findByRole('dialog', { name: 'Add a card' })) };
}

beforeEach(() => {
  vi.mocked(loadStripeJs).mockClear();
  stripe.confirmCardSetup.mockReset();
});

describe('adding a card with Stripe', { timeout: 180_000 }, () => {
  it("shows Stripe's card element in place of the number and CVC fields, with the deployment's publishable key", async () => {
    const { dialog } = await openAddCard(STRIPE);
    const field = await dialog.findByRole('group', { name: 'Card details' });
    expect(await within(field).findByTestId('stripe-card-element')).toBeInTheDocument();
    expect(dialog.queryByRole('textbox', { name: 'Card number' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('textbox', { name: 'Security code (CVC)' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('textbox', { name: 'Expiry (MM/YY)' })).not.toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Name on card' })).toBeInTheDocument();
    expect(loadStripeJs).toHaveBeenCalledWith('pk_test_page');
    // Which check applies: 3-D Secure, not a typed-back amount.
    expect(dialog.getByText(/Your bank may ask you to confirm this card \(3-D Secure\)/)).toBeInTheDocument();
  });

  it('confirms the SetupIntent with Stripe and posts only the payment method id, never a card number', async () => {
    const started = answer(endpoints.startCardSetup, { clientSecret: 'seti_123_secret_abc' });
    const saved = answer(endpoints.saveCard, { card: SAVED }, { msg: 'Card added successfully' });
    const numbers = answer(endpoints.addCard, { card: SAVED });
    stripe.confirmCardSetup.mockResolvedValue({
      setupIntent: { id: 'seti_123', status: 'succeeded', payment_method: 'pm_from_stripe' },
    });
    const { dialog, user } = await openAddCard(STRIPE);
    await dialog.findByTestId('stripe-card-element');
    await user.type(dialog.getByRole('textbox', { name: 'Name on card' }), 'Jane Citizen');
    const submit = dialog.getByRole('button', { name: 'Add card' });
    // Until Stripe says the card is complete, nothing can be sent.
    await waitFor(() => expect(stripe.listening('change')).toBe(true));
    expect(submit).toBeDisabled();
    answer(endpoints.cards, { cards: [SAVED] });
    act(() => stripe.emit('change', { elementType: 'card', complete: true, empty: false, error: undefined }));
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    await waitFor(() => expect(saved.count).toBe(1));
    expect(started.count).toBe(1);
    expect(stripe.confirmCardSetup).toHaveBeenCalledWith('seti_123_secret_abc', {
      payment_method: { card: stripe.element, billing_details: { name: 'Jane Citizen' } },
    });
    expect(saved.bodies).toEqual([{ paymentMethodId: 'pm_from_stripe' }]);
    expect(numbers.count).toBe(0);
    const sent = JSON.stringify([...started.bodies, ...saved.bodies]);
    expect(sent).not.toMatch(/\d{12,}/);
    expect(sent).not.toContain(TEST_CARDS.success);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('listitem', { name: 'Visa ending in 4242' })).toBeInTheDocument();
  });

  it("shows Stripe's refusal in the dialog and saves nothing", async () => {
    answer(endpoints.startCardSetup, { clientSecret: 'seti_456_secret_def' });
    const saved = answer(endpoints.saveCard, { card: SAVED });
    stripe.confirmCardSetup.mockResolvedValue({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    const { dialog, user } = await openAddCard(STRIPE);
    await dialog.findByTestId('stripe-card-element');
    await user.type(dialog.getByRole('textbox', { name: 'Name on card' }), 'Jane Citizen');
    await waitFor(() => expect(stripe.listening('change')).toBe(true));
    act(() => stripe.emit('change', { elementType: 'card', complete: true, empty: false, error: undefined }));
    const submit = dialog.getByRole('button', { name: 'Add card' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('The card was declined');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(saved.count).toBe(0);
  });
});

describe('adding a card with the test provider', { timeout: 180_000 }, () => {
  it('keeps the portal’s own card form and never loads Stripe', async () => {
    const { dialog } = await openAddCard();
    expect(dialog.getByRole('textbox', { name: 'Card number' })).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Security code (CVC)' })).toBeInTheDocument();
    expect(dialog.getByText(/we make a small charge that you type back/)).toBeInTheDocument();
    expect(loadStripeJs).not.toHaveBeenCalled();
  });
});
