import { FILTER_DEBOUNCE_MS, toPageQuery } from '@core';
import { ACTIVITY_LIMITS, type ActivityCategory } from '@contract/v1/activity-log-constants';
import type { ActivityLogRow, ActivityLogType } from '@contract/v1/activity-log';
import type { Dayjs } from 'dayjs';
import { makeAutoObservable, runInAction } from 'mobx';
import type { ActivityApi, ActivityExportQuery, ActivityQuery } from '../api/activity-api';

export type ActivityStatus = 'loading' | 'ready' | 'failed';

export interface ActivityFilters {
  /** Free text over the event, the people, the target and the IP address. */
  search: string;
  eventType: ActivityCategory | undefined;
  /** Both days included, in `timeZone`'s calendar. */
  dates: [Dayjs, Dayjs] | null;
}

const NO_FILTERS: ActivityFilters = { search: '', eventType: undefined, dates: null };

/** The filters of the list and of the export, as the API takes them; the days are those of `timeZone`. */
export function filterQuery(
  type: ActivityLogType,
  filters: ActivityFilters,
  timeZone: string,
): ActivityExportQuery {
  const query: ActivityExportQuery = { type, timeZone };
  const search = filters.search.trim();
  if (search) query.search = search;
  if (filters.eventType) query.eventType = filters.eventType;
  if (filters.dates) {
    query.fromDate = filters.dates[0].format('YYYY-MM-DD');
    query.toDate = filters.dates[1].format('YYYY-MM-DD');
  }
  return query;
}

/**
 * One activity log (the user's own or the organisation's), paged on the server with offset from 1. Typed search
 * shows at once and applies once typing pauses for {@link FILTER_DEBOUNCE_MS}, as the date filter does while a
 * range is being picked; the event type applies at once. Reading never writes to the trail (docs/activity-log.md).
 */
export class ActivityStore {
  status: ActivityStatus = 'loading';
  rows: ActivityLogRow[] = [];
  total = 0;
  page = 1;
  pageSize: number = ACTIVITY_LIMITS.pageSizeDefault;
  /** What the controls show. */
  filters: ActivityFilters = { ...NO_FILTERS };
  /** What the list was loaded with. */
  applied: ActivityFilters = { ...NO_FILTERS };
  exporting = false;

  private timer: ReturnType<typeof setTimeout> | null = null;
  private controller: AbortController | null = null;

  constructor(
    private readonly api: ActivityApi,
    readonly type: ActivityLogType,
    private readonly timeZone: string,
  ) {
    makeAutoObservable<ActivityStore, 'api' | 'timer' | 'controller' | 'timeZone'>(
      this,
      { api: false, timer: false, controller: false, timeZone: false, type: false },
      { autoBind: true },
    );
  }

  get hasFilters(): boolean {
    const { search, eventType, dates } = this.applied;
    return Boolean(search.trim() || eventType || dates);
  }

  /** Loads the first page; returns the stop for an effect. */
  start(): () => void {
    void this.load();
    return () => {
      this.controller?.abort();
      this.clearTimer();
    };
  }

  setSearch(search: string): void {
    this.filters = { ...this.filters, search };
    this.applyLater();
  }

  setDates(dates: [Dayjs, Dayjs] | null): void {
    this.filters = { ...this.filters, dates };
    this.applyLater();
  }

  setEventType(eventType: ActivityCategory | undefined): void {
    this.filters = { ...this.filters, eventType };
    this.applyFilters();
  }

  setPage(page: number, pageSize: number): void {
    this.page = pageSize === this.pageSize ? page : 1;
    this.pageSize = pageSize;
    void this.load();
  }

  get query(): ActivityQuery {
    return {
      ...filterQuery(this.type, this.applied, this.timeZone),
      ...toPageQuery(this.page, this.pageSize),
    };
  }

  async load(): Promise<void> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.status = 'loading';
    try {
      const { data } = await this.api.list(this.query, controller.signal);
      runInAction(() => {
        this.rows = data.items;
        this.total = data.total;
        this.status = 'ready';
      });
    } catch {
      if (controller.signal.aborted) return;
      runInAction(() => {
        this.status = 'failed';
        this.rows = [];
        this.total = 0;
      });
    }
  }

  /** The applied filters' events as a CSV file, for the page to save; false when the download failed. */
  async exportCsv(save: (file: Blob) => void): Promise<boolean> {
    this.exporting = true;
    try {
      save(await this.api.exportCsv(filterQuery(this.type, this.applied, this.timeZone)));
      return true;
    } catch {
      return false;
    } finally {
      runInAction(() => (this.exporting = false));
    }
  }

  private applyLater(): void {
    this.clearTimer();
    this.timer = setTimeout(() => this.applyFilters(), FILTER_DEBOUNCE_MS);
  }

  private applyFilters(): void {
    this.clearTimer();
    this.applied = { ...this.filters };
    this.page = 1;
    void this.load();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
