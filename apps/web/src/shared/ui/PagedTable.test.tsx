import { screen } from '@testing-library/react';
import type { TableColumnsType } from 'antd';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { PagedTable } from './PagedTable.tsx';
import { fitColumns, scrollWidth } from './tableColumns.ts';

type Row = { id: number; name: string; place: string };
const rows: Row[] = [
  { id: 1, name: '开化县2026年度松材线虫病疫木除治项目', place: '浙江省 / 衢州市 / 开化县' },
];
const columns: TableColumnsType<Row> = [
  { title: '名称', dataIndex: 'name', key: 'name', width: 200 },
  { title: '地区', dataIndex: 'place', key: 'place' },
  { title: '操作', key: 'actions', fixed: 'right', width: 120, render: () => <a>编辑</a> },
];

describe('list columns (issue 12 item 16)', () => {
  it('gives every column a width and cuts text with an ellipsis, but never the pinned actions', () => {
    const fitted = fitColumns(columns);
    expect(fitted.every((c) => typeof c.width === 'number')).toBe(true);
    expect(fitted[0]!.ellipsis).toEqual({ showTitle: true });
    expect(fitted[1]!.ellipsis).toEqual({ showTitle: true });
    expect(fitted[2]!.ellipsis).toBeUndefined();
    // A column that asks for no ellipsis (tags that wrap) keeps its choice.
    expect(fitColumns<Row>([{ key: 'tags', width: 100, ellipsis: false }])[0]!.ellipsis).toBe(false);
    expect(scrollWidth(fitted)).toBe(200 + 160 + 120);
  });

  it('shows the whole value of a cut cell as its tooltip and scrolls below the summed width', () => {
    renderWithProviders(
      <PagedTable<Row>
        rowKey="id"
        columns={columns}
        query={{ data: { list: rows, total: 1 }, isFetching: false }}
        page={{ pageNum: 1, pageSize: 10 }}
        onPage={() => {}}
        emptyText="—"
      />,
    );
    expect(screen.getByTitle('浙江省 / 衢州市 / 开化县')).toBeInTheDocument();
    expect(screen.getByTitle('开化县2026年度松材线虫病疫木除治项目')).toBeInTheDocument();
    const wrapper = document.querySelector('.ant-table-wrapper')!;
    expect(wrapper.classList.contains('pg-table')).toBe(true);
    const table = wrapper.querySelector('table')!;
    expect(table.style.width).toBe('480px');
  });
});
