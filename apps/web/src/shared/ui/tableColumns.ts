import type { TableColumnsType } from 'antd';

/** Widths the lists share, so the same kind of column reads alike on every page (px). */
export const colWidth = {
  code: 110,
  account: 130,
  person: 100,
  phone: 130,
  name: 200,
  place: 220,
  date: 110,
  dateTime: 170,
  status: 96,
  count: 80,
  roles: 220,
  text: 160,
} as const;

/** Width given to a column that names none. */
const fallbackWidth = colWidth.text;

type Column<T> = TableColumnsType<T>[number];

/**
 * Columns that read at 1440 px and scroll at 800 px: each has a width (the ones that name none
 * get {@link fallbackWidth}); text columns cut long values with an ellipsis and show the whole
 * value as a tooltip (`title`), so place names never wrap mid-word ("开/化县"). The pinned action
 * column keeps its content whole. The table scrolls sideways once its container is narrower than
 * the sum of the widths ({@link scrollWidth}).
 */
export function fitColumns<T>(columns: TableColumnsType<T>): TableColumnsType<T> {
  return columns.map((column): Column<T> => {
    const width = column.width ?? fallbackWidth;
    if (column.fixed || column.ellipsis !== undefined) return { ...column, width };
    return { ...column, width, ellipsis: { showTitle: true } };
  });
}

/** The width at which the table starts to scroll sideways: the sum of its columns' widths. */
export function scrollWidth<T>(columns: TableColumnsType<T>): number {
  return columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : fallbackWidth), 0);
}
