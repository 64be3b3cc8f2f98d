import type { Bucket, PayAsYouGo, Subscription, SubscriptionHistoryData } from '@contract/v1/billing';
import { makeAutoObservable, runInAction } from 'mobx';
import type { BillingApi } from '../api/billing-api';
import { PagedListStore } from './paged-list-store';

export type SectionStatus = 'loading' | 'ready' | 'failed';

/**
 * The subscription page: the buckets (paged on the server, with the subscription's renewal state in the same
 * answer), auto-renewal, and pay-as-you-go with its monthly cap. Failed calls have been shown by the HTTP client;
 * the store keeps what the server last said, so a refused switch springs back.
 * @example
 * const store = new SubscriptionStore(api);
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

  constructor(private readonly api: BillingApi) {
    this.buckets = new PagedListStore<Bucket, Pick<SubscriptionHistoryData, 'subscription'>>(
      (query, signal) => this.api.subscriptionHistory(query, signal).then((answer) => answer.data),
      (page) => runInAction(() => (this.subscription = page.subscription)),
    );
    makeAutoObservable<SubscriptionStore, 'api' | 'life'>(
      this,
      { api: false, life: false, buckets: false },
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

  async loadPayAsYouGo(): Promise<void> {
    this.payAsYouGoStatus = 'loading';
    try {
      const { data } = await this.api.payAsYouGo(this.life.signal);
      runInAction(() => {
        this.payAsYouGo = data.payAsYouGo;
        this.payAsYouGoStatus = 'ready';
      });
    } catch {
      if (this.life.signal.aborted) return;
      runInAction(() => (this.payAsYouGoStatus = 'failed'));
    }
  }

  async setAutoRenew(autoRenew: boolean): Promise<void> {
    this.renewalBusy = true;
    try {
      const { data } = await this.api.setRenewal(autoRenew, this.life.signal);
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
    try {
      const { data } = await call();
      runInAction(() => (this.payAsYouGo = data.payAsYouGo));
      return true;
    } catch {
      return false;
    } finally {
      runInAction(() => (this.payAsYouGoBusy = false));
    }
  }
}
