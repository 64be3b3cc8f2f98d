import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { observer } from 'mobx-react-lite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeMatchMedia } from '../../../tests/setup/media-queries';
import { PagedListStore, type Page } from '../../data/paged-list-store';
import { RecentAnswers, recentAnswerKey } from '../../session/recent-answers';
import { SessionStore } from '../../session/session-store';
import type { PageQuery } from '../format/pagination';
import { NARROW_QUERY, PagedTable, PHONE_QUERY, type PagedTableColumn } from './paged-table';

interface Person {
  id: string;
  name: string;
  email: string;
  joined: string;
}

const people = (count: number): Person[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `p${i + 1}`,
    name: `Person ${i + 1}`,
    email: `person${i + 1}@example.com`,
    joined: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
  }));
const EVERYONE = people(23);

/** A server of 23 people, paged like the /v1 lists (offset = page number from 1); records each query. */
function server({ failFirst = false } = {}) {
  const queries: PageQuery[] = [];
  let calls = 0;
  const fetchPage = vi.fn(async (query: PageQuery): Promise<Page<Person>> => {
    queries.push(query);
    if (failFirst && calls++ === 0) throw new Error('offline');
    const start = (query.offset - 1) * query.limit;
    return { items: EVERYONE.slice(start, start + query.limit), total: EVERYONE.length };
  });
  return { fetchPage, queries };
}

const removed: string[] = [];
const columns: PagedTableColumn<Person>[] = [
  { key: 'name', title: 'Name', render: (row) => row.name },
  { key: 'email', title: 'Email', render: (row) => row.email },
  { key: 'joined', title: 'Joined', secondary: true, render: (row) => row.joined },
  {
    key: 'actions',
    title: 'Actions',
    actions: true,
    render: (row) => (
      <Button size="small" onClick={() => removed.push(row.id)} aria-label={`Remove ${row.name}`}>
        Remove
      </Button>
    ),
  },
];
const TEXTS = {
  loadFailed: 'The people could not be loaded',
  retry: 'Try again',
  empty: 'Nobody yet',
  emptyFiltered: 'Nobody matches these filters',
};

/** As a page renders it: the title follows the total the list last read. */
const PeopleTable = observer(function PeopleTable({
  list,
  filtered,
}: {
  list: PagedListStore<Person>;
  filtered: boolean;
}) {
  return (
    <PagedTable
      list={list}
      rowKey={(row) => row.id}
      columns={columns}
      filtered={filtered}
      toolbar={<Button>Invite</Button>}
      texts={{ ...TEXTS, title: `People (${list.total})` }}
    />
  );
});

const show = (list: PagedListStore<Person>, filtered = false) =>
  render(<PeopleTable list={list} filtered={filtered} />);

/** The browser answers `matching` media queries as true, every other one as false. */
function screenWidth(matching: string[]) {
  vi.spyOn(window, 'matchMedia').mockImplementation(fakeMatchMedia((query) => matching.includes(query)));
}

afterEach(() => {
  vi.restoreAllMocks();
  removed.length = 0;
});

describe('PagedTable on a wide screen', () => {
  it('shows the title with the total, the toolbar, every column and the first page', async () => {
    const { fetchPage } = server();
    const list = new PagedListStore<Person>(fetchPage);
    list.start();
    show(list);
    expect(await screen.findByText('Person 1')).toBeInTheDocument();
    expect(screen.getByText('People (23)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name',
      'Email',
      'Joined',
      'Actions',
    ]);
    expect(screen.getAllByRole('row')).toHaveLength(11);
  });

  it('pages on the server: the next page asks for offset 2, a new page size starts again at 1', async () => {
    const { fetchPage, queries } = server();
    const list = new PagedListStore<Person>(fetchPage);
    list.start();
    show(list);
    await screen.findByText('Person 1');
    const user = userEvent.setup();
    await user.click(screen.getByTitle('Next Page'));
    expect(await screen.findByText('Person 11')).toBeInTheDocument();
    expect(screen.queryByText('Person 1')).not.toBeInTheDocument();
    expect(queries.at(-1)).toEqual({ offset: 2, limit: 10 });
    list.setPage(2, 20);
    await waitFor(() => expect(queries.at(-1)).toEqual({ offset: 1, limit: 20 }));
  });

  it('says when the list could not load, and Try again loads it', async () => {
    const { fetchPage } = server({ failFirst: true });
    const list = new PagedListStore<Person>(fetchPage);
    list.start();
    show(list);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The people could not be loaded');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Person 1')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the list is empty, or that nothing matches the filters', async () => {
    const empty = async () => ({ items: [], total: 0 });
    const list = new PagedListStore<Person>(empty);
    list.start();
    const { unmount } = show(list);
    expect(await screen.findByText('Nobody yet')).toBeInTheDocument();
    unmount();
    show(list, true);
    expect(await screen.findByText('Nobody matches these filters')).toBeInTheDocument();
  });

  it('shows the first page remembered from the last visit at once, then refreshes it in place', async () => {
    const answers = new RecentAnswers(new SessionStore());
    const key = recentAnswerKey<Page<Person>>('test.people');
    answers.set(key, { items: [{ ...EVERYONE[0], name: 'Remembered' }], total: 1 }, answers.scope());
    let answer!: (page: Page<Person>) => void;
    const list = new PagedListStore<Person>(() => new Promise((resolve) => (answer = resolve)), {
      remember: { answers, key },
    });
    list.start();
    show(list);
    expect(screen.getByText('Remembered')).toBeInTheDocument();
    answer({ items: EVERYONE.slice(0, 10), total: 23 });
    expect(await screen.findByText('Person 1')).toBeInTheDocument();
    expect(screen.queryByText('Remembered')).not.toBeInTheDocument();
  });

  it('moves secondary columns into an expandable row below 1280 px', async () => {
    screenWidth([NARROW_QUERY]);
    const { fetchPage } = server();
    const list = new PagedListStore<Person>(fetchPage);
    list.start();
    show(list);
    await screen.findByText('Person 1');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).not.toContain('Joined');
    expect(screen.queryByText('2026-01-01')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getAllByRole('button', { name: /expand row/i })[0]);
    expect(await screen.findByText('2026-01-01')).toBeInTheDocument();
  });
});

describe('PagedTable on a phone (below 576 px)', () => {
  it('shows each row as a card with every label and value, and its actions as buttons', async () => {
    screenWidth([PHONE_QUERY, NARROW_QUERY]);
    const { fetchPage } = server();
    const list = new PagedListStore<Person>(fetchPage);
    list.start();
    show(list);
    await screen.findByText('Person 1');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = screen
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('paged-table__card'));
    expect(cards).toHaveLength(10);
    const first = within(cards[0]);
    for (const [label, value] of [
      ['Name', 'Person 1'],
      ['Email', 'person1@example.com'],
      ['Joined', '2026-01-01'],
    ]) {
      expect(first.getByText(label).tagName).toBe('DT');
      expect(first.getByText(value).closest('dd')).not.toBeNull();
    }
    await userEvent.setup().click(first.getByRole('button', { name: 'Remove Person 1' }));
    expect(removed).toEqual(['p1']);
  });

  it('pages from the cards too', async () => {
    screenWidth([PHONE_QUERY, NARROW_QUERY]);
    const { fetchPage, queries } = server();
    const list = new PagedListStore<Person>(fetchPage);
    list.start();
    show(list);
    await screen.findByText('Person 1');
    await userEvent.setup().click(screen.getByTitle('Next Page'));
    expect(await screen.findByText('Person 11')).toBeInTheDocument();
    expect(queries.at(-1)).toEqual({ offset: 2, limit: 10 });
  });
});
