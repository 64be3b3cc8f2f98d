import type { PayAsYouGo, Subscription } from '@contract/v1/billing';
import { rememberedAnswersPerTest } from '../../../tests/signed-in-organization';
import type { BillingApi } from '../api/billing-api';
import { SubscriptionStore } from './subscription-store';

const SUBSCRIPTION = { autoRenew: true } as Subscription;
const PAYG_OFF = { active: false, cap: null } as unknown as PayAsYouGo;
const PAYG_ON = { active: true, cap: 50_000 } as unknown as PayAsYouGo;

/** The billing API with every read held until `answerReads()`; changes answer at once. */
function fakeApi() {
  let release!: () => void;
  let held = Promise.resolve();
  const api = {
    subscriptionHistory: vi.fn(async () => {
      await held;
      return { data: { items: [], total: 0, offset: 1, limit: 10, subscription: SUBSCRIPTION }, msg: '' };
    }),
    payAsYouGo: vi.fn(async () => {
      await held;
      return { data: { payAsYouGo: PAYG_OFF }, msg: '' };
    }),
    setRenewal: vi.fn(async (autoRenew: boolean) => ({ data: { subscription: { autoRenew } }, msg: '' })),
    activatePayAsYouGo: vi.fn(async () => ({ data: { payAsYouGo: PAYG_ON }, msg: '' })),
  } as unknown as BillingApi;
  return {
    api,
    holdReads: () => {
      held = new Promise((resolve) => (release = resolve));
    },
    answerReads: () => release(),
  };
}

describe('SubscriptionStore opened again', () => {
  const signedIn = rememberedAnswersPerTest();

  it('keeps a change made while the remembered answers are read again: the older reads do not undo it', async () => {
    const { answers } = signedIn;
    const server = fakeApi();
    const first = new SubscriptionStore(server.api, answers);
    let stop = first.start();
    await vi.waitFor(() => expect(first.payAsYouGoStatus).toBe('ready'));
    await vi.waitFor(() => expect(first.subscription).toEqual(SUBSCRIPTION));
    stop();

    server.holdReads();
    const again = new SubscriptionStore(server.api, answers);
    stop = again.start();
    // Shown at once from the last visit, and usable: the user turns renewal off and pay-as-you-go on.
    expect(again.subscription?.autoRenew).toBe(true);
    expect(again.payAsYouGo?.active).toBe(false);
    await again.setAutoRenew(false);
    expect(await again.saveCap(50_000)).toBe(true);
    expect(again.subscription?.autoRenew).toBe(false);

    // The reads asked before the changes answer now, with the state before them.
    server.answerReads();
    await vi.waitFor(() => expect(server.api.subscriptionHistory).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(again.subscription?.autoRenew).toBe(false);
    expect(again.payAsYouGo).toEqual(PAYG_ON);
    stop();

    // And the next visit starts from the changes too.
    const third = new SubscriptionStore(server.api, answers);
    expect(third.subscription?.autoRenew).toBe(false);
    expect(third.payAsYouGo).toEqual(PAYG_ON);
  });
});
