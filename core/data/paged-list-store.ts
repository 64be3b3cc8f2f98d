import { makeAutoObservable, runInAction } from 'mobx';
import type { RecentAnswerKey, RecentAnswers } from '../session/recent-answers';
import { DEFAULT_PAGE_SIZE, toPageQuery, type PageQuery } from '../ui/format/pagination';

export type ListStatus = 'loading' | 'ready' | 'failed';

/** One page as the paged /v1 lists answer it. */
export interface Page<Row> {
  items: Row[];
  total: number;
}

/** Where a list keeps its first page between visits (core `RecentAnswers`). */
export interface RememberedFirstPage<Row, Extra> {
  answers: RecentAnswers;
  key: RecentAnswerKey<Page<Row> & Extra>;
  /** False while filters narrow the list: only the first page of the whole list is remembered. */
  unfiltered?: () => boolean;
}

export interface PagedListOptions<Row, Extra> {
  /** Called with each page's answer, for what comes with it (the subscription with its buckets). */
  onPage?: (page: Page<Row> & Extra) => void;
  /** Keep the first page between visits: opened again, the list shows it at once and refreshes it in place. */
  remember?: RememberedFirstPage<Row, Extra>;
  /** The page size the list starts with (the API's default for that list). */
  pageSize?: number;
}

/**
 * A list paged on the server (offset = page number from 1, docs/limits-and-timing.md): the page shown, its rows and
 * the total; a newer load aborts the one still running, and an emptied last page falls back to the one before.
 * Failed calls have been shown by the HTTP client; the list says it could not load and offers a retry. With
 * `remember`, a list opened again in the same session and organisation starts from the first page it last read and
 * refreshes it in place. The billing lists, the members list and the activity logs use it; a store with filters owns
 * one.
 * @example
 * const store = new PagedListStore((query, signal) => api.contracts(query, signal).then((r) => r.data));
 * useEffect(() => store.start(), [store]);
 */
export class PagedListStore<Row, Extra = unknown> {
  status: ListStatus = 'loading';
  rows: Row[] = [];
  total = 0;
  page = 1;
  pageSize: number;

  private controller: AbortController | null = null;
  private readonly onPage?: (page: Page<Row> & Extra) => void;
  private readonly remember?: RememberedFirstPage<Row, Extra>;
  private readonly firstPageSize: number;

  constructor(
    private readonly fetchPage: (query: PageQuery, signal: AbortSignal) => Promise<Page<Row>>,
    { onPage, remember, pageSize = DEFAULT_PAGE_SIZE }: PagedListOptions<Row, Extra> = {},
  ) {
    this.onPage = onPage;
    this.remember = remember;
    this.pageSize = this.firstPageSize = pageSize;
    const remembered = remember?.answers.get(remember.key);
    if (remembered) {
      this.rows = remembered.items;
      this.total = remembered.total;
      this.status = 'ready';
      onPage?.(remembered);
    }
    makeAutoObservable<
      PagedListStore<Row, Extra>,
      'controller' | 'fetchPage' | 'onPage' | 'remember' | 'firstPageSize'
    >(
      this,
      { controller: false, fetchPage: false, onPage: false, remember: false, firstPageSize: false },
      { autoBind: true },
    );
  }

  /** Loads the first page (behind the one remembered, if any); returns the stop for an effect. */
  start(): () => void {
    void this.load({ inPlace: this.status === 'ready' });
    return () => this.controller?.abort();
  }

  setPage(page: number, pageSize: number): void {
    this.page = pageSize === this.pageSize ? page : 1;
    this.pageSize = pageSize;
    void this.load();
  }

  /** Back to the first page and reload (the filters changed). */
  firstPage(): void {
    this.page = 1;
    void this.load();
  }

  /** `inPlace` keeps the rows shown (the first page remembered) until the answer replaces them. */
  async load({ inPlace = false } = {}): Promise<void> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    if (!inPlace) this.status = 'loading';
    const remember = this.remember;
    const firstPage =
      remember && this.page === 1 && this.pageSize === this.firstPageSize && (remember.unfiltered?.() ?? true);
    const askedIn = remember?.answers.scope() ?? null;
    try {
      const data = await this.fetchPage(toPageQuery(this.page, this.pageSize), controller.signal);
      if (firstPage) remember.answers.set(remember.key, data as Page<Row> & Extra, askedIn);
      runInAction(() => {
        this.rows = data.items;
        this.total = data.total;
        this.status = 'ready';
      });
      this.onPage?.(data as Page<Row> & Extra);
      if (data.items.length === 0 && data.total > 0 && this.page > 1) {
        runInAction(() => (this.page = Math.max(1, Math.ceil(data.total / this.pageSize))));
        await this.load();
      }
    } catch {
      if (controller.signal.aborted || inPlace) return;
      runInAction(() => {
        this.status = 'failed';
        this.rows = [];
        this.total = 0;
      });
    }
  }
}
