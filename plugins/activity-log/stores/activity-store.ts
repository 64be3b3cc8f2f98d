import { FILTER_DEBOUNCE_MS, PagedListStore, recentAnswerKey, type RecentAnswers } from '@core';
import { ACTIVITY_LIMITS, type ActivityCategory } from '@contract/v1/activity-log-constants';
import type { ActivityLogRow, ActivityLogType } from '@contract/v1/activity-log';
import type { Dayjs } from 'dayjs';
import { makeAutoObservable, runInAction } from 'mobx';
import type { ActivityApi, ActivityExportQuery } from '../api/activity-api';

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
 * Opened again in the same session and organisation, it starts from the first page of the whole log last read.
 */
export class ActivityStore {
  /** What the controls show. */
  filters: ActivityFilters = { ...NO_FILTERS };
  /** What the list was loaded with. */
  applied: ActivityFilters = { ...NO_FILTERS };
  exporting = false;
  readonly list: PagedListStore<ActivityLogRow>;

  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly api: ActivityApi,
    readonly type: ActivityLogType,
    private readonly timeZone: string,
    answers: RecentAnswers,
  ) {
    this.list = new PagedListStore<ActivityLogRow>(
      (page, signal) =>
        this.api
          .list({ ...filterQuery(this.type, this.applied, this.timeZone), ...page }, signal)
          .then((answer) => answer.data),
      {
        pageSize: ACTIVITY_LIMITS.pageSizeDefault,
        remember: {
          answers,
          key: recentAnswerKey(`activity-log.${type}.${timeZone}`),
          unfiltered: () => !this.hasFilters,
        },
      },
    );
    makeAutoObservable<ActivityStore, 'api' | 'timer' | 'timeZone'>(
      this,
      { api: false, timer: false, timeZone: false, type: false, list: false },
      { autoBind: true },
    );
  }

  get hasFilters(): boolean {
    const { search, eventType, dates } = this.applied;
    return Boolean(search.trim() || eventType || dates);
  }

  /** Loads the first page (behind the one remembered, if any); returns the stop for an effect. */
  start(): () => void {
    const stop = this.list.start();
    return () => {
      stop();
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
    this.list.firstPage();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
