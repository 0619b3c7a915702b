import { CameraOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { ColumnDescriptor, RecordRow } from '@pineguard/contract';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { type ReactNode, useMemo } from 'react';
import { PagedTable } from '../../../shared/ui/PagedTable.tsx';
import {
  buildListColumns,
  type ListColumn,
  mediaCounts,
  parseSort,
  scrollWidth,
  sortOf,
} from '../columns.ts';
import { type RecordsKey, useRecordsT } from '../messages.ts';
import { Cell } from './cells.tsx';
import { FsdFlag } from './FsdFlag.tsx';
import { StateTag } from './StateTag.tsx';

export type RecordPage = { list: RecordRow[]; total: number; totalExact?: boolean };

const mediaWidth = 110;

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
}) {
  const t = useRecordsT();
  const listColumns = useListColumns(columnList);
  const current = parseSort(sort);
  const dynamicEnd = listColumns.findIndex((c) => c.code === 'gps_long');

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
    out.splice(dynamicEnd < 0 ? out.length : dynamicEnd, 0, {
      key: '__media',
      title: t('col.media'),
      width: mediaWidth,
      render: (_: unknown, row: RecordRow) => {
        const { photos, videos } = mediaCounts(row);
        if (!photos && !videos) return <Typography.Text type="secondary">—</Typography.Text>;
        return (
          <Space size={4}>
            {photos > 0 && (
              <Tag icon={<CameraOutlined />} bordered={false}>
                {photos}
              </Tag>
            )}
            {videos > 0 && (
              <Tag icon={<VideoCameraOutlined />} bordered={false}>
                {videos}
              </Tag>
            )}
          </Space>
        );
      },
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
  }, [listColumns, current.code, current.order, dynamicEnd, t, actions, onOpen, actionsWidth]);

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
      scroll={{ x: scrollWidth(listColumns, mediaWidth + actionsWidth + 48) }}
      {...(onSelect
        ? {
            rowSelection: {
              fixed: 'left',
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
