import dayjs from 'dayjs';
import type { BillingApi } from '../api/billing-api';
import { invoiceQuery, InvoicesStore } from './invoices-store';

function fakeApi() {
  const queries: unknown[] = [];
  const api = {
    bills: vi.fn(async (query: unknown) => {
      queries.push(query);
      return { data: { items: [], total: 0, offset: 1, limit: 10 }, msg: '' };
    }),
  } as unknown as BillingApi;
  return { api, queries };
}

afterEach(() => vi.useRealTimers());

describe('InvoicesStore filters', () => {
  it('asks the server once, one second after the last filter change, from the first page', async () => {
    vi.useFakeTimers();
    const { api, queries } = fakeApi();
    const store = new InvoicesStore(api);
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
    const store = new InvoicesStore(api);
    const stop = store.start();
    await vi.advanceTimersByTimeAsync(0);
    store.setStatus('paid');
    stop();
    await vi.advanceTimersByTimeAsync(2000);
    expect(queries).toHaveLength(1);
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
