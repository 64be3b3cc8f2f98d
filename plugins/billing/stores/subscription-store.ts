import { PagedListStore, recentAnswerKey, type Page, type RecentAnswers } from '@core';
import type { Bucket, PayAsYouGo, Subscription, SubscriptionHistoryData } from '@contract/v1/billing';
import { makeAutoObservable, runInAction } from 'mobx';
import type { BillingApi } from '../api/billing-api';

type BucketsPage = Page<Bucket> & Pick<SubscriptionHistoryData, 'subscription'>;

/** The first page of buckets with the subscription, and pay-as-you-go, as last read: shown at once on the next visit. */
const FIRST_PAGE = recentAnswerKey<BucketsPage>('billing.subscription');
const PAY_AS_YOU_GO = recentAnswerKey<PayAsYouGo>('billing.pay-as-you-go');

export type SectionStatus = 'loading' | 'ready' | 'failed';

/**
 * The subscription page: the buckets (paged on the server, with the subscription's renewal state in the same
 * answer), auto-renewal, and pay-as-you-go with its monthly cap. Failed calls have been shown by the HTTP client;
 * the store keeps what the server last said, so a refused switch springs back. Opened again in the same session and
 * organisation, it starts from what it last read and refreshes it in place.
 * @example
 * const store = new SubscriptionStore(api, answers);
 * useEffect(() => store.start(), [store]);
 */
export class SubscriptionStore {
  subscription: Subscription | null = null;
  payAsYouGo: PayAsYouGo | null = null;
  payAsYouGoStatus: SectionStatus = 'loading';
  renewalBusy = false;
  payAsYouGoBusy = false;
  readonly buckets: PagedListStore<Bucket, Pick<SubscriptionHistoryData, 'subscription'>>;

  private life = new AbortController();
  /**
   * Changes saved from this page. The switch and the cap are usable while the answers remembered from the last
   * visit are being read again: a read asked before a change must not put back what the change replaced.
   */
  private saved = 0;

  constructor(
    private readonly api: BillingApi,
    private readonly answers: RecentAnswers,
  ) {
    this.buckets = new PagedListStore<Bucket, Pick<SubscriptionHistoryData, 'subscription'>>(
      (query, signal) => {
        const savedBefore = this.saved;
        return this.api
          .subscriptionHistory(query, signal)
          .then(({ data }) =>
            savedBefore === this.saved || !this.subscription
              ? data
              : { ...data, subscription: this.subscription },
          );
      },
      {
        onPage: (page) => runInAction(() => (this.subscription = page.subscription)),
        remember: { answers, key: FIRST_PAGE },
      },
    );
    const payAsYouGo = answers.get(PAY_AS_YOU_GO);
    if (payAsYouGo) {
      this.payAsYouGo = payAsYouGo;
      this.payAsYouGoStatus = 'ready';
    }
    makeAutoObservable<SubscriptionStore, 'api' | 'answers' | 'life' | 'saved'>(
      this,
      { api: false, answers: false, life: false, saved: false, buckets: false },
      { autoBind: true },
    );
  }

  start(): () => void {
    this.life = new AbortController();
    const stop = this.buckets.start();
    void this.loadPayAsYouGo();
    return () => {
      stop();
      this.life.abort();
    };
  }

  /** Reads pay-as-you-go; what is shown already (the answer remembered) stays until the new one replaces it. */
  async loadPayAsYouGo(): Promise<void> {
    const inPlace = this.payAsYouGoStatus === 'ready';
    if (!inPlace) this.payAsYouGoStatus = 'loading';
    const askedIn = this.answers.scope();
    const savedBefore = this.saved;
    try {
      const { data } = await this.api.payAsYouGo(this.life.signal);
      if (savedBefore !== this.saved) return;
      this.answers.set(PAY_AS_YOU_GO, data.payAsYouGo, askedIn);
      runInAction(() => {
        this.payAsYouGo = data.payAsYouGo;
        this.payAsYouGoStatus = 'ready';
      });
    } catch {
      if (this.life.signal.aborted || inPlace) return;
      runInAction(() => (this.payAsYouGoStatus = 'failed'));
    }
  }

  async setAutoRenew(autoRenew: boolean): Promise<void> {
    this.renewalBusy = true;
    const askedIn = this.answers.scope();
    try {
      const { data } = await this.api.setRenewal(autoRenew, this.life.signal);
      this.saved += 1;
      // The next visit must not show the switch as it was before.
      const remembered = this.answers.get(FIRST_PAGE);
      if (remembered)
        this.answers.set(FIRST_PAGE, { ...remembered, subscription: data.subscription }, askedIn);
      runInAction(() => (this.subscription = data.subscription));
    } catch {
      // Shown by the HTTP client; the switch keeps the server's state.
    } finally {
      runInAction(() => (this.renewalBusy = false));
    }
  }

  /** Turns pay-as-you-go on with `cap` (minor units), or changes the cap when it is on. True when saved. */
  async saveCap(cap: number): Promise<boolean> {
    const active = this.payAsYouGo?.active === true;
    return this.runPayAsYouGo(() =>
      active
        ? this.api.managePayAsYouGo({ action: 'setCap', cap }, this.life.signal)
        : this.api.activatePayAsYouGo(cap, this.life.signal),
    );
  }

  async deactivate(): Promise<boolean> {
    return this.runPayAsYouGo(() => this.api.managePayAsYouGo({ action: 'deactivate' }, this.life.signal));
  }

  private async runPayAsYouGo(call: () => Promise<{ data: { payAsYouGo: PayAsYouGo } }>): Promise<boolean> {
    this.payAsYouGoBusy = true;
    const askedIn = this.answers.scope();
    try {
      const { data } = await call();
      this.saved += 1;
      this.answers.set(PAY_AS_YOU_GO, data.payAsYouGo, askedIn);
      runInAction(() => (this.payAsYouGo = data.payAsYouGo));
      return true;
    } catch {
      return false;
    } finally {
      runInAction(() => (this.payAsYouGoBusy = false));
    }
  }
}
