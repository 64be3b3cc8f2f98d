import type { Invoice } from '@contract/v1/billing';
import dayjs from 'dayjs';
import { rememberedAnswersPerTest } from '../../../tests/signed-in-organization';
import type { BillingApi } from '../api/billing-api';
import { invoiceQuery, InvoicesStore } from './invoices-store';

/** GET /v1/bill answering `items()` (an empty page by default) and recording the queries. */
function fakeApi(items: (query: Record<string, unknown>) => Invoice[] = () => []) {
  const queries: unknown[] = [];
  const api = {
    bills: vi.fn(async (query: Record<string, unknown>) => {
      queries.push(query);
      const page = items(query);
      return { data: { items: page, total: page.length, offset: 1, limit: 10 }, msg: '' };
    }),
  } as unknown as BillingApi;
  return { api, queries };
}

const signedIn = rememberedAnswersPerTest();
afterEach(() => vi.useRealTimers());

describe('InvoicesStore filters', () => {
  it('asks the server once, one second after the last filter change, from the first page', async () => {
    vi.useFakeTimers();
    const { api, queries } = fakeApi();
    const store = new InvoicesStore(api, signedIn.answers);
    const stop = store.start();
    await vi.advanceTimersByTimeAsync(0);
    store.list.setPage(3, 10);
    await vi.advanceTimersByTimeAsync(0);
    expect(queries).toEqual([
      { offset: 1, limit: 10 },
      { offset: 3, limit: 10 },
    ]);

    store.setStatus('open');
    await vi.advanceTimersByTimeAsync(600);
    store.setStatus('failed');
    await vi.advanceTimersByTimeAsync(999);
    expect(queries).toHaveLength(2);
    // The control shows the choice at once; the list keeps what it was loaded with until the pause ends.
    expect(store.filters.status).toBe('failed');
    expect(store.applied.status).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(queries).toHaveLength(3);
    expect(queries.at(-1)).toEqual({ offset: 1, limit: 10, status: 'failed' });
    expect(store.hasFilters).toBe(true);
    stop();
  });

  it('stops a pending filter when the page goes away', async () => {
    vi.useFakeTimers();
    const { api, queries } = fakeApi();
    const store = new InvoicesStore(api, signedIn.answers);
    const stop = store.start();
    await vi.advanceTimersByTimeAsync(0);
    store.setStatus('paid');
    stop();
    await vi.advanceTimersByTimeAsync(2000);
    expect(queries).toHaveLength(1);
  });
});

describe('InvoicesStore opened again', () => {
  const invoice = (id: string) => ({ id }) as Invoice;

  it('starts from the first page of the whole history last read, never from a filtered one', async () => {
    vi.useFakeTimers();
    const { api } = fakeApi((query) => (query.status ? [invoice('paid-1')] : [invoice('inv-1'), invoice('inv-2')]));
    const first = new InvoicesStore(api, signedIn.answers);
    let stop = first.start();
    await vi.advanceTimersByTimeAsync(0);
    first.setStatus('paid');
    await vi.advanceTimersByTimeAsync(1000);
    expect(first.list.rows).toEqual([invoice('paid-1')]);
    stop();

    const again = new InvoicesStore(api, signedIn.answers);
    expect(again.list.status).toBe('ready');
    expect(again.list.rows).toEqual([invoice('inv-1'), invoice('inv-2')]);
    stop = again.start();
    // Refreshed in place: no loading state in front of the rows while the server answers.
    expect(again.list.status).toBe('ready');
    await vi.advanceTimersByTimeAsync(0);
    expect(again.list.rows).toHaveLength(2);
    stop();
  });

  it('forgets it in another organisation', async () => {
    const { api } = fakeApi(() => [invoice('inv-1')]);
    const store = new InvoicesStore(api, signedIn.answers);
    const stop = store.start();
    await vi.waitFor(() => expect(store.list.status).toBe('ready'));
    stop();
    expect(new InvoicesStore(api, signedIn.answers).list.rows).toEqual([invoice('inv-1')]);
    signedIn.enter('org-2');
    const elsewhere = new InvoicesStore(api, signedIn.answers);
    expect(elsewhere.list.status).toBe('loading');
    expect(elsewhere.list.rows).toEqual([]);
  });
});

describe('invoiceQuery', () => {
  it('sends the page and only the filters that are set, days as YYYY-MM-DD', () => {
    expect(invoiceQuery({ status: undefined, dates: null }, { offset: 2, limit: 20 })).toEqual({
      offset: 2,
      limit: 20,
    });
    expect(
      invoiceQuery(
        { status: 'refunded', dates: [dayjs('2026-09-01'), dayjs('2026-09-30')] },
        { offset: 1, limit: 10 },
      ),
    ).toEqual({ offset: 1, limit: 10, status: 'refunded', fromDate: '2026-09-01', toDate: '2026-09-30' });
  });
});
