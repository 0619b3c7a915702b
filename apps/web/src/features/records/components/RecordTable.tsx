import type { ColumnDescriptor, RecordRow } from '@pineguard/contract';
import { Button, Space, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { type ReactNode, useMemo } from 'react';
import { PagedTable } from '../../../shared/ui/PagedTable.tsx';
import { buildListColumns, type ListColumn, parseSort, scrollWidth, sortOf } from '../columns.ts';
import { PHOTO_COLUMN } from '../columnPrefs.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { formatCoord, shortSectionName } from '../format.ts';
import { type RecordsKey, useRecordsT } from '../messages.ts';
import { Cell } from './cells.tsx';
import { FsdFlag } from './FsdFlag.tsx';
import { RowThumb } from './RowThumb.tsx';
import { StateTag } from './StateTag.tsx';

export type RecordPage = { list: RecordRow[]; total: number; totalExact?: boolean };

const mediaWidth = 110;

/** Narrower fixed columns where the reviewer's set is shown (issue 29: it fits 1366 px). */
const compactWidths: Record<string, number> = {
  code_project4: 84,
  userName: 72,
  time_submit: 148,
  code_state: 76,
  [PHOTO_COLUMN]: 76,
};

/** A descriptor column's width in the reviewer's set: what it holds, never narrower than its title. */
function compactWidth(c: ListColumn): number {
  const fixed = compactWidths[c.code];
  if (fixed) return fixed;
  // 14 px a character, the cell's padding and the sort arrows.
  const titleWidth = [...c.title].length * 14 + 16 + (c.sortable ? 20 : 0);
  const base =
    c.kind === 'number'
      ? 76
      : c.kind === 'date'
        ? 110
        : c.kind === 'tags'
          ? 160
          : // A select (its options are short words) or a code / short text.
            c.options
            ? 76
            : Math.min(c.width, 132);
  return Math.max(base, titleWidth);
}

/** The §9 column set with the translated fixed titles. */
export function useListColumns(columnList: ColumnDescriptor[]): ListColumn[] {
  const t = useRecordsT();
  return useMemo(
    () =>
      buildListColumns(columnList, {
        xmdq: t('col.xmdq'),
        section: t('col.section'),
        collector: t('col.collector'),
        gpsLong: t('col.gpsLong'),
        gpsLat: t('col.gpsLat'),
        timeSubmit: t('col.timeSubmit'),
        state: t('col.state'),
      }),
    [columnList, t],
  );
}

/** A section by name; in the reviewer's set without its note in brackets (the whole name on hover). */
function SectionCell({ name, short, width }: { name: string; short: boolean; width: number }) {
  if (!name) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: width - 16 }}>
      {short ? shortSectionName(name) : name}
    </Typography.Text>
  );
}

function title(column: ListColumn, t: (k: RecordsKey) => string): ReactNode {
  if (!column.retired) return column.title;
  return (
    <Tooltip title={t('retired')}>
      <Typography.Text type="secondary">{column.title}</Typography.Text>
    </Tooltip>
  );
}

/**
 * The data list: dynamic columns from `columnList` (spec §3/§9), sorting on the server, a row
 * selection for batch review, and a fixed action column. A failed load shows an empty table
 * with total 0 (spec §8).
 */
export function RecordTable({
  columnList,
  data,
  isFetching,
  isError,
  page,
  onPage,
  sort,
  onSort,
  selected,
  onSelect,
  actions,
  onOpen,
  testId = 'record-table',
  actionsWidth = 170,
  visible,
  sectionName = (code) => code,
}: {
  columnList: ColumnDescriptor[];
  data: RecordPage | undefined;
  isFetching: boolean;
  isError: boolean;
  page: { pageNum: number; pageSize: number };
  onPage: (pageNum: number, pageSize: number) => void;
  sort: string;
  onSort: (sort: string) => void;
  selected?: string[];
  onSelect?: (ids: string[]) => void;
  actions: (row: RecordRow) => ReactNode;
  onOpen: (row: RecordRow) => void;
  testId?: string;
  actionsWidth?: number;
  /** The codes of the columns to show (the column chooser's); every column when absent. */
  visible?: readonly string[] | undefined;
  /** A section code → the name shown (the code when unknown). */
  sectionName?: (code: string) => string;
}) {
  const t = useRecordsT();
  const allColumns = useListColumns(columnList);
  const listColumns = useMemo(
    (): ListColumn[] =>
      visible
        ? allColumns
            .filter((c) => visible.includes(c.code))
            // Only 操作 stays pinned: nothing sticky covers a fact (issue 29).
            .map(({ fixed: _fixed, ...c }) => ({ ...c, width: compactWidth(c) }))
        : allColumns,
    [allColumns, visible],
  );
  const showMedia = !visible || visible.includes(PHOTO_COLUMN);
  const mediaW = visible ? compactWidths[PHOTO_COLUMN]! : mediaWidth;
  const current = parseSort(sort);
  // The photo goes after the descriptor columns: before the point, or the time when no point.
  const dynamicEnd = listColumns.findIndex((c) =>
    ['gps_long', 'gps_lat', 'time_submit', 'code_state'].includes(c.code),
  );

  const columns: ColumnsType<RecordRow> = useMemo(() => {
    const out: ColumnsType<RecordRow> = listColumns.map((c) => ({
      key: c.code,
      dataIndex: c.code,
      title: title(c, t),
      width: c.width,
      ...(c.fixed ? { fixed: c.fixed } : {}),
      ...(c.sortable
        ? {
            sorter: true,
            sortOrder: current.code === c.code ? current.order : null,
            showSorterTooltip: false,
          }
        : {}),
      render: (value: unknown, row: RecordRow) =>
        c.kind === 'state' ? (
          <StateTag state={row.code_state} deleted={row.deleted} />
        ) : c.code === 'gps_long' || c.code === 'gps_lat' ? (
          <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
            {formatCoord(value) || '—'}
          </span>
        ) : c.code === 'code_project4' ? (
          <SectionCell name={sectionName(String(value ?? ''))} short={Boolean(visible)} width={c.width} />
        ) : c.kind === 'time' && visible ? (
          <span style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(String(value ?? ''), { fallback: '—' })}
          </span>
        ) : c.code === 'xmdq' ? (
          <Typography.Link onClick={() => onOpen(row)}>{String(value ?? '') || '—'}</Typography.Link>
        ) : c.code === 'fsd' && row.fsd_flag ? (
          <Space size={4}>
            <Cell column={c} value={value} />
            <FsdFlag flag={row.fsd_flag} />
          </Space>
        ) : (
          <Cell column={c} value={value} />
        ),
    }));
    if (showMedia)
      out.splice(dynamicEnd < 0 ? out.length : dynamicEnd, 0, {
        key: PHOTO_COLUMN,
        title: visible ? t('col.photo') : t('col.media'),
        width: mediaW,
        render: (_: unknown, row: RecordRow) => <RowThumb row={row} />,
      });
    out.push({
      key: '__actions',
      title: t('col.actions'),
      fixed: 'right',
      width: actionsWidth,
      render: (_: unknown, row: RecordRow) => (
        <Space size={0} wrap={false}>
          <Button type="link" size="small" onClick={() => onOpen(row)}>
            {t('action.detail')}
          </Button>
          {actions(row)}
        </Space>
      ),
    });
    return out;
  }, [
    listColumns,
    current.code,
    current.order,
    dynamicEnd,
    t,
    actions,
    onOpen,
    actionsWidth,
    showMedia,
    mediaW,
    visible,
    sectionName,
  ]);

  // Spec §8: a failed list load empties the table and shows total 0.
  const shown = isError ? { list: [], total: 0 } : data;
  return (
    <PagedTable<RecordRow>
      data-testid={testId}
      rowKey="id"
      bordered
      columns={columns}
      query={{ data: shown, isFetching }}
      page={page}
      onPage={onPage}
      emptyText={t('list.empty')}
      {...(shown?.totalExact === false
        ? { totalText: (total: number) => t('list.totalAbout', { total }) }
        : {})}
      {...(visible ? { size: 'small' as const } : {})}
      scroll={{ x: scrollWidth(listColumns, (showMedia ? mediaW : 0) + actionsWidth + (onSelect ? 40 : 0)) }}
      {...(onSelect
        ? {
            rowSelection: {
              fixed: 'left',
              columnWidth: 40,
              selectedRowKeys: selected ?? [],
              preserveSelectedRowKeys: true,
              onChange: (keys) => onSelect(keys.map(String)),
            },
          }
        : {})}
      onChange={(_p, _f, sorter, extra) => {
        if (extra.action !== 'sort') return;
        const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<RecordRow> | undefined;
        onSort(sortOf(s?.columnKey ? String(s.columnKey) : undefined, s?.order));
      }}
    />
  );
}
