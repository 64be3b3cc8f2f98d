import { Alert, Button, Empty, Pagination, Spin, Table, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import type { Key, ReactNode } from 'react';
import type { PagedListStore } from '../../data/paged-list-store';
import { useMediaQuery } from '../use-media-query';
import './paged-table.css';

/** Below antd's `sm` breakpoint (576 px) a row is a card: every column visible without scrolling sideways. */
export const PHONE_QUERY = '(max-width: 575.98px)';
/** Up to here a table with `secondary` columns moves them into an expandable row, so no column is cut. */
export const NARROW_QUERY = '(max-width: 1279.98px)';

/** What the table reads of a {@link PagedListStore}, whatever comes with its pages. */
export type PagedList<Row> = Pick<
  PagedListStore<Row>,
  'status' | 'rows' | 'total' | 'page' | 'pageSize' | 'load' | 'setPage'
>;

/** One column, declared once for the table and the phone's cards. */
export interface PagedTableColumn<Row> {
  key: string;
  title: string;
  render: (row: Row) => ReactNode;
  /** Amounts and counts line up at the end of their cell. */
  align?: 'end';
  /** Less important: below 1280 px it moves into the row's expansion instead of squeezing the others. */
  secondary?: boolean;
  /** The row's actions: the last cell of a row, the buttons at the foot of a card. */
  actions?: boolean;
}

export interface PagedTableTexts {
  /** The heading above the table, with the total ('Members (12)'). */
  title: string;
  /** The list could not load (the HTTP client showed why); also the empty state then. */
  loadFailed: string;
  retry: string;
  empty: string;
  /** Nothing matches the filters; defaults to `empty`. */
  emptyFiltered?: string;
}

export interface PagedTableProps<Row> {
  list: PagedList<Row>;
  columns: PagedTableColumn<Row>[];
  rowKey: (row: Row) => string;
  texts: PagedTableTexts;
  /** The filters narrow the list (the empty state says so). */
  filtered?: boolean;
  /** Filter controls and buttons beside the title. */
  toolbar?: ReactNode;
  pageSizeOptions?: number[];
}

/**
 * A list paged on the server ({@link PagedListStore}) as the product shows every list: a title with the total and
 * the toolbar, a notice with a retry when the list could not load, the table with its empty state, and the pages.
 * On a phone each row is a card with every column's label and value and the row's actions as buttons; below
 * 1280 px `secondary` columns wait in an expandable row. Cells wrap rather than cut.
 * @example
 * <PagedTable list={store.list} rowKey={(row) => row.id} columns={columns}
 *   texts={{ title: t('title', { count: store.list.total }), loadFailed: t('loadFailed'), retry: t('retry'), empty: t('empty') }} />
 */
function PagedTableView<Row>({
  list,
  columns,
  rowKey,
  texts,
  filtered = false,
  toolbar,
  pageSizeOptions,
}: PagedTableProps<Row>) {
  const phone = useMediaQuery(PHONE_QUERY);
  const narrow = useMediaQuery(NARROW_QUERY);
  const failed = list.status === 'failed';
  const loading = list.status === 'loading';
  const empty = (
    <Empty
      description={failed ? texts.loadFailed : filtered ? (texts.emptyFiltered ?? texts.empty) : texts.empty}
    />
  );
  const folded = narrow && !phone ? columns.filter((column) => column.secondary) : [];
  const shown = columns.filter((column) => !folded.includes(column));
  const details = (row: Row) => <ColumnList row={row} columns={folded} />;

  return (
    <section className="paged-table">
      <div className="paged-table__header">
        <div className="paged-table__title">{texts.title}</div>
        {toolbar && <div className="paged-table__toolbar">{toolbar}</div>}
      </div>
      {failed && (
        <Alert
          className="paged-table__failure"
          type="error"
          showIcon
          message={texts.loadFailed}
          action={<Button onClick={() => void list.load()}>{texts.retry}</Button>}
        />
      )}
      {phone ? (
        <Spin spinning={loading}>
          {list.rows.length === 0 ? (
            empty
          ) : (
            <ul className="paged-table__cards">
              {list.rows.map((row) => (
                <li key={rowKey(row)} className="paged-table__card">
                  <ColumnList row={row} columns={columns.filter((column) => !column.actions)} />
                  {columns
                    .filter((column) => column.actions)
                    .map((column) => (
                      <div key={column.key} className="paged-table__card-actions">
                        {column.render(row)}
                      </div>
                    ))}
                </li>
              ))}
            </ul>
          )}
        </Spin>
      ) : (
        <Table<Row>
          rowKey={rowKey}
          columns={toAntdColumns(shown)}
          dataSource={list.rows}
          loading={loading}
          pagination={false}
          locale={{ emptyText: empty }}
          expandable={
            folded.length > 0 ? { expandedRowRender: details, rowExpandable: () => true } : undefined
          }
        />
      )}
      {list.total > 0 && (
        <Pagination
          className="paged-table__pages"
          current={list.page}
          pageSize={list.pageSize}
          total={list.total}
          showSizeChanger={!phone}
          simple={phone}
          pageSizeOptions={pageSizeOptions}
          onChange={(page, pageSize) => list.setPage(page, pageSize)}
        />
      )}
    </section>
  );
}

export const PagedTable = observer(PagedTableView) as <Row>(props: PagedTableProps<Row>) => ReactNode;

/** Label and value of each column: a phone's card, or the expansion of a row. */
function ColumnList<Row>({ row, columns }: { row: Row; columns: PagedTableColumn<Row>[] }) {
  return (
    <dl className="paged-table__fields">
      {columns.map((column) => (
        <div key={column.key} className="paged-table__field">
          <dt>{column.title}</dt>
          <dd>{column.render(row)}</dd>
        </div>
      ))}
    </dl>
  );
}

function toAntdColumns<Row>(columns: PagedTableColumn<Row>[]): TableColumnsType<Row> {
  return columns.map((column) => ({
    key: column.key as Key,
    title: column.title,
    align: column.align === 'end' ? 'end' : undefined,
    className: column.actions ? 'paged-table__actions' : undefined,
    render: (_: unknown, row: Row) => column.render(row),
  }));
}
