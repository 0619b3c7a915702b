import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { buildListColumns, mediaCounts, parseSort, sortOf, splitMulti } from './columns.ts';
import { RecordTable } from './components/RecordTable.tsx';
import { columnList, row } from './recordFixtures.ts';

const texts = {
  xmdq: '项目地区',
  section: '标段',
  collector: '采集人',
  gpsLong: '经度',
  gpsLat: '纬度',
  timeSubmit: '采集时间',
  state: '状态',
};

describe('list columns (spec §3, §9)', () => {
  const columns = buildListColumns(columnList, texts);
  const codes = columns.map((c) => c.code);

  it('fixed columns first, then descriptors in sort order, then point, time and state', () => {
    expect(codes).toEqual([
      'xmdq',
      'code_project4',
      'userName',
      'qrcode',
      'shuzhong',
      'xiongjing',
      'fssj',
      'multi_fzcl',
      'beizhu',
      'oldcol',
      'gps_long',
      'gps_lat',
      'time_submit',
      'code_state',
    ]);
    expect(columns.slice(0, 3).map((c) => c.title)).toEqual(['项目地区', '标段', '采集人']);
  });

  it('hides id, code_project1-4 as dynamic columns, code_usr_account, code_state, pic_, vdo_ and time_update', () => {
    for (const hidden of [
      'id',
      'code_project2',
      'code_usr_account',
      'pic_stump',
      'vdo_work',
      'time_update',
    ]) {
      expect(codes).not.toContain(hidden);
    }
    // code_state appears once: as the state tag column, not as the descriptor's text column.
    expect(columns.filter((c) => c.code === 'code_state').map((c) => c.kind)).toEqual(['state']);
  });

  it('widths: 120 px for area, section, collector and the point; 200 px for the collection time', () => {
    const width = (code: string) => columns.find((c) => c.code === code)?.width;
    expect(['xmdq', 'code_project4', 'userName', 'gps_long', 'gps_lat'].map(width)).toEqual([
      120, 120, 120, 120, 120,
    ]);
    expect(width('time_submit')).toBe(200);
  });

  it('multi_ columns are tags and not sortable; retired columns stay with a flag; units carried', () => {
    const multi = columns.find((c) => c.code === 'multi_fzcl');
    expect(multi).toMatchObject({ kind: 'tags', sortable: false });
    expect(columns.find((c) => c.code === 'oldcol')?.retired).toBe(true);
    expect(columns.find((c) => c.code === 'xiongjing')).toMatchObject({
      kind: 'number',
      unit: 'cm',
      sortable: true,
    });
  });

  it('splits multi-values on ASCII and Chinese commas, arrays too', () => {
    expect(splitMulti('剥皮, 投药，覆膜,')).toEqual(['剥皮', '投药', '覆膜']);
    expect(splitMulti(['a', 'b'])).toEqual(['a', 'b']);
    expect(splitMulti(null)).toEqual([]);
    expect(mediaCounts(row())).toEqual({ photos: 2, videos: 1 });
  });

  it('sort values for the server and back', () => {
    expect(sortOf('xiongjing', 'ascend')).toBe('xiongjing asc');
    expect(sortOf('xiongjing', null)).toBe('time_submit desc');
    expect(parseSort('time_submit desc')).toEqual({ code: 'time_submit', order: 'descend' });
  });
});

describe('RecordTable', () => {
  const props = {
    columnList,
    isFetching: false,
    page: { pageNum: 1, pageSize: 10 },
    onPage: () => undefined,
    sort: 'time_submit desc',
    onSort: () => undefined,
    actions: () => null,
    onOpen: () => undefined,
  };

  it('renders the dynamic headers, multi_ values as tags, the state as a tag, hidden columns absent', () => {
    renderWithProviders(
      <RecordTable {...props} isError={false} data={{ list: [row()], total: 1, totalExact: true }} />,
    );
    const table = screen.getByTestId('record-table');
    for (const title of [
      '项目地区',
      '标段',
      '采集人',
      '二维码编号',
      '伐桩处理',
      '经度',
      '纬度',
      '采集时间',
    ]) {
      expect(within(table).getAllByText(title).length).toBeGreaterThan(0);
    }
    expect(within(table).queryByText('伐桩照片')).toBeNull();
    expect(within(table).queryByText('接收时间')).toBeNull();
    const tags = [...table.querySelectorAll('.ant-tag')].map((t) => t.textContent);
    expect(tags).toEqual(expect.arrayContaining(['剥皮', '投药', '已上传']));
    expect(within(table).getByText('23 cm')).toBeInTheDocument();
    expect(within(table).getByText('2026-11-20 10:30:00')).toBeInTheDocument();
    expect(screen.getByText('共 1 条')).toBeInTheDocument();
  });

  it('a failed load shows an empty table and total 0 (spec §8)', () => {
    renderWithProviders(<RecordTable {...props} isError data={{ list: [row()], total: 7 }} />);
    expect(screen.queryByText('KH26-0000001')).toBeNull();
    expect(screen.getByText('暂无采集记录')).toBeInTheDocument();
  });

  it('an estimated total says "about"', () => {
    renderWithProviders(
      <RecordTable {...props} isError={false} data={{ list: [row()], total: 120000, totalExact: false }} />,
    );
    expect(screen.getByText('约 120000 条')).toBeInTheDocument();
  });
});
