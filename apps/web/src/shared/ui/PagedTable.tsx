import { Empty, Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../locales/index.ts';
import { fitColumns, scrollWidth } from './tableColumns.ts';

/** What a paginated list call answers (every list endpoint is paged on the server). */
export type PagedQuery<T> = { data?: { list: T[]; total: number }; isFetching: boolean };

export type PagedTableProps<T> = Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination'> & {
  query: PagedQuery<T>;
  page: { pageNum: number; pageSize: number };
  onPage: (pageNum: number, pageSize: number) => void;
  emptyText: ReactNode;
  /** Replaces "共 N 条" where the list counts something more specific. */
  totalText?: (total: number) => string;
  showSizeChanger?: boolean;
};

/**
 * A table over one page of a server-paginated list, with the house's pager and empty state. Its
 * columns are fitted (widths, ellipsis with the full text as a tooltip: tableColumns.ts) and it
 * scrolls sideways below their summed width, with a shadow at the edge that hides columns
 * (`pg-table` in global.css) so narrow screens show that there is more.
 */
export function PagedTable<T extends object>({
  query,
  page,
  onPage,
  emptyText,
  totalText,
  showSizeChanger = false,
  ...table
}: PagedTableProps<T>) {
  const t = useT();
  const columns = fitColumns(table.columns ?? []);
  return (
    <Table<T>
      size="middle"
      {...table}
      className={['pg-table', table.className].filter(Boolean).join(' ')}
      columns={columns}
      scroll={{ x: scrollWidth(columns), ...table.scroll }}
      dataSource={query.data?.list ?? []}
      loading={query.isFetching}
      locale={{ emptyText: <Empty description={emptyText} /> }}
      pagination={{
        current: page.pageNum,
        pageSize: page.pageSize,
        total: query.data?.total ?? 0,
        showSizeChanger,
        showTotal: (total) => (totalText ? totalText(total) : t('common.total', { total })),
        onChange: onPage,
      }}
    />
  );
}
