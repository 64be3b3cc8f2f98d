import type { SignInDay } from '@contract/v1/charts';
import { makeAutoObservable, runInAction } from 'mobx';
import type { ActivityApi } from '../api/activity-api';

/**
 * The user's sign-ins per day over the last 30, for the chart above their log (docs/charts.md), counted in the zone
 * the log shows times in. Read when the page opens; on failure the chart offers to try again.
 * @example
 * const store = new SignInHistoryStore(api, 'Europe/Paris');
 * useEffect(() => store.start(), [store]);
 */
export class SignInHistoryStore {
  status: 'loading' | 'ready' | 'failed' = 'loading';
  days: SignInDay[] = [];

  private life = new AbortController();

  constructor(
    private readonly api: ActivityApi,
    private readonly timeZone: string,
  ) {
    makeAutoObservable<SignInHistoryStore, 'api' | 'timeZone' | 'life'>(
      this,
      { api: false, timeZone: false, life: false },
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
      const { data } = await this.api.signInHistory(this.timeZone, this.life.signal);
      runInAction(() => {
        this.days = data.days;
        this.status = 'ready';
      });
    } catch {
      if (!this.life.signal.aborted) runInAction(() => (this.status = 'failed'));
    }
  }
}
