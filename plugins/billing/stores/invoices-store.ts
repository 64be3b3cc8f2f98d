import {
  FILTER_DEBOUNCE_MS,
  PagedListStore,
  recentAnswerKey,
  type Page,
  type PageQuery,
  type RecentAnswers,
} from '@core';
import type { InvoiceListQuery, Invoice } from '@contract/v1/billing';
import type { InvoiceStatusName } from '@contract/v1/billing-rules';
import type { Dayjs } from 'dayjs';
import { makeAutoObservable, runInAction } from 'mobx';
import type { BillingApi } from '../api/billing-api';

export interface InvoiceFilters {
  status: InvoiceStatusName | undefined;
  /** Issue date, both days included, within the last 89 days up to today. */
  dates: [Dayjs, Dayjs] | null;
}

const NO_FILTERS: InvoiceFilters = { status: undefined, dates: null };

/** The first page of the whole history as last read, shown at once when the page opens again. */
const FIRST_PAGE = recentAnswerKey<Page<Invoice>>('billing.invoices');

/** The query of GET /v1/bill for a page and the applied filters. */
export function invoiceQuery(filters: InvoiceFilters, page: PageQuery): InvoiceListQuery {
  const query: InvoiceListQuery = { ...page };
  if (filters.status) query.status = filters.status;
  if (filters.dates) {
    query.fromDate = filters.dates[0].format('YYYY-MM-DD');
    query.toDate = filters.dates[1].format('YYYY-MM-DD');
  }
  return query;
}

/**
 * The billing history (issue 13): invoices paged on the server with a status and a date filter. A filter shows the
 * choice at once and reloads once the user has stopped changing filters for {@link FILTER_DEBOUNCE_MS}, so trying
 * a few statuses in a row costs one request. Downloads fetch the PDF through the HTTP client (it needs the token).
 * Opened again in the same session and organisation, it starts from the first page of the whole history last read.
 * @example
 * const store = new InvoicesStore(api, answers);
 * useEffect(() => store.start(), [store]);
 */
export class InvoicesStore {
  /** What the filter controls show. */
  filters: InvoiceFilters = { ...NO_FILTERS };
  /** What the list was loaded with. */
  applied: InvoiceFilters = { ...NO_FILTERS };
  /** The invoice whose PDF is downloading. */
  downloadingId: string | null = null;
  readonly list: PagedListStore<Invoice>;

  private timer: ReturnType<typeof setTimeout> | null = null;
  private life = new AbortController();

  constructor(
    private readonly api: BillingApi,
    answers: RecentAnswers,
  ) {
    this.list = new PagedListStore<Invoice>(
      (page, signal) =>
        this.api.bills(invoiceQuery(this.applied, page), signal).then((answer) => answer.data),
      { remember: { answers, key: FIRST_PAGE, unfiltered: () => !this.hasFilters } },
    );
    makeAutoObservable<InvoicesStore, 'api' | 'timer' | 'life'>(
      this,
      { api: false, timer: false, life: false, list: false },
      { autoBind: true },
    );
  }

  get hasFilters(): boolean {
    return Boolean(this.applied.status || this.applied.dates);
  }

  start(): () => void {
    this.life = new AbortController();
    const stop = this.list.start();
    return () => {
      stop();
      this.life.abort();
      this.clearTimer();
    };
  }

  setStatus(status: InvoiceStatusName | undefined): void {
    this.filters = { ...this.filters, status };
    this.scheduleApply();
  }

  setDates(dates: [Dayjs, Dayjs] | null): void {
    this.filters = { ...this.filters, dates };
    this.scheduleApply();
  }

  /** Fetches the invoice's PDF and hands it to `save` (the page turns it into a file download). */
  async download(invoice: Invoice, save: (fileName: string, file: Blob) => void): Promise<void> {
    this.downloadingId = invoice.id;
    try {
      const { data } = await this.api.billPdf(invoice.id, this.life.signal);
      save(data.fileName, base64Blob(data.content, data.mediaType));
    } catch {
      // Shown by the HTTP client.
    } finally {
      runInAction(() => (this.downloadingId = null));
    }
  }

  private scheduleApply(): void {
    this.clearTimer();
    this.timer = setTimeout(() => this.applyFilters(), FILTER_DEBOUNCE_MS);
  }

  private applyFilters(): void {
    this.timer = null;
    this.applied = { ...this.filters };
    this.list.firstPage();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

function base64Blob(content: string, mediaType: string): Blob {
  const binary = atob(content);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: mediaType });
}
