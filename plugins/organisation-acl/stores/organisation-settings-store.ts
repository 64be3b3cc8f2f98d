import type { CronConfigBody, CronConfigData } from '@contract/v1/organization-members';
import { makeAutoObservable, runInAction } from 'mobx';
import type { OrganisationApi } from '../api/organisation-api';

export type SettingsStatus = 'loading' | 'ready' | 'failed';

/**
 * The organisation settings screen (docs/access-control.md): the IP allow-list with the caller's detected address,
 * and the scheduled jobs. A refused save (for instance a list that would lock the caller out) leaves the form as
 * typed; the HTTP client has shown the server's reason.
 * @example
 * const store = new OrganisationSettingsStore(api);
 * useEffect(() => store.start(), [store]);
 */
export class OrganisationSettingsStore {
  status: SettingsStatus = 'loading';
  ranges: string[] = [];
  detectedIp: string | null = null;
  cron: CronConfigData | null = null;
  savingIp = false;
  savingCron = false;

  private controller = new AbortController();

  constructor(private readonly api: OrganisationApi) {
    makeAutoObservable<OrganisationSettingsStore, 'api' | 'controller'>(
      this,
      { api: false, controller: false },
      { autoBind: true },
    );
  }

  start(): () => void {
    this.controller = new AbortController();
    void this.load();
    return () => this.controller.abort();
  }

  async load(): Promise<void> {
    const { signal } = this.controller;
    this.status = 'loading';
    try {
      const [ip, list, cron] = await Promise.all([
        this.api.detectIp(signal),
        this.api.ipAllowList(signal),
        this.api.cronConfig(signal),
      ]);
      runInAction(() => {
        this.detectedIp = ip.data.ip;
        this.ranges = list.data.ranges;
        this.cron = cron.data;
        this.status = 'ready';
      });
    } catch {
      if (!signal.aborted) runInAction(() => (this.status = 'failed'));
    }
  }

  async saveRanges(ranges: string[]): Promise<boolean> {
    this.savingIp = true;
    try {
      const { data } = await this.api.updateIpAllowList({ ranges }, this.controller.signal);
      runInAction(() => {
        this.ranges = data.ranges;
        this.detectedIp = data.callerIp;
      });
      return true;
    } catch {
      return false;
    } finally {
      runInAction(() => (this.savingIp = false));
    }
  }

  async saveCron(body: CronConfigBody): Promise<boolean> {
    this.savingCron = true;
    try {
      const { data } = await this.api.updateCronConfig(body, this.controller.signal);
      runInAction(() => (this.cron = data));
      return true;
    } catch {
      return false;
    } finally {
      runInAction(() => (this.savingCron = false));
    }
  }
}
