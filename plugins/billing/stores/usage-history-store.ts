import type { UsageHistoryData } from '@contract/v1/charts';
import { makeAutoObservable, runInAction } from 'mobx';
import type { BillingApi } from '../api/billing-api';
import type { SectionStatus } from './subscription-store';

/**
 * The subscription page's usage: the current bucket's meter and the last 12 months' chart (docs/charts.md). Read
 * when the page opens; a failure has been shown by the HTTP client and the panel offers to try again.
 * @example
 * const store = new UsageHistoryStore(api);
 * useEffect(() => store.start(), [store]);
 */
export class UsageHistoryStore {
  status: SectionStatus = 'loading';
  data: UsageHistoryData | null = null;

  private life = new AbortController();

  constructor(private readonly api: BillingApi) {
    makeAutoObservable<UsageHistoryStore, 'api' | 'life'>(
      this,
      { api: false, life: false },
      { autoBind: true },
    );
  }

  start(): () => void {
    this.life = new AbortController();
    void this.load();
    return () => this.life.abort();
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const { data } = await this.api.usageHistory(this.life.signal);
      runInAction(() => {
        this.data = data;
        this.status = 'ready';
      });
    } catch {
      if (!this.life.signal.aborted) runInAction(() => (this.status = 'failed'));
    }
  }
}
