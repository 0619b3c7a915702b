import type { ColumnDescriptor, RecordDetail, RecordRow } from '@pineguard/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, signInWith } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { buildListColumns, mediaCounts, parseSort, sortOf, splitMulti } from './columns.ts';
import { CorrectionDialog } from './components/CorrectionDialog.tsx';
import { RecordsPanel } from './components/RecordsPanel.tsx';
import { RecordTable } from './components/RecordTable.tsx';
import { ReviewDialog } from './components/ReviewDialog.tsx';
import { changedFields, correctionFields, editableColumns, initialValues } from './correction.ts';
import { offeredActions, reasonRequired } from './review.ts';

afterEach(() => vi.unstubAllGlobals());

const col = (
  code: string,
  value: string,
  fldInput: string,
  sort: number,
  over: Partial<ColumnDescriptor> = {},
) =>
  ({ code, value, fldDescript: '', fldInput, sort, rules: {}, retired: false, ...over }) as ColumnDescriptor;

/** Shaped like gbcfcz0101, plus columns the list must hide, out of order. */
const columnList: ColumnDescriptor[] = [
  col('multi_fzcl', '伐桩处理', 'multi', 6, {
    rules: { options: ['剥皮', '十字口', '投药'].map((s) => ({ value: s, label: s })) },
  }),
  col('qrcode', '二维码编号', 'text', 1, { rules: { required: true, maxLength: 32 } }),
  col('xiongjing', '胸径', 'number', 3, { rules: { required: true, min: 1, max: 200, unit: 'cm' } }),
  col('shuzhong', '树种', 'select', 2, {
    rules: { required: true, options: ['马尾松', '黑松'].map((s) => ({ value: s, label: s })) },
  }),
  col('pic_stump', '伐桩照片', 'photo', 7, { rules: { required: true } }),
  col('vdo_work', '作业视频', 'video', 8),
  col('fssj', '伐除日期', 'date', 4),
  col('beizhu', '备注', 'textarea', 9, { rules: { maxLength: 500 } }),
  col('oldcol', '旧字段', 'text', 10, { retired: true }),
  col('time_update', '接收时间', 'text', 11),
  col('code_state', '状态', 'text', 12),
  col('code_usr_account', '采集账号', 'text', 13),
  col('code_project2', '项目', 'text', 14),
  col('id', '编号', 'text', 15),
];

const texts = {
  xmdq: '项目地区',
  section: '标段',
  collector: '采集人',
  gpsLong: '经度',
  gpsLat: '纬度',
  timeSubmit: '采集时间',
  state: '状态',
};

const row = (over: Partial<RecordRow> = {}): RecordRow => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  xmdq: '浙江省衢州市开化县',
  code_project1: '330824',
  code_project2: 'KH2026',
  code_project3: '',
  code_project4: 'BD01',
  code_usr_account: 'collector1',
  userName: '李四',
  time_submit: '2026-11-20T02:30:00Z',
  time_update: '2026-11-20T02:31:00Z',
  time_edit: null,
  user_edit: null,
  gps_long: '118.41',
  gps_lat: '29.13',
  gps_alt: '0.0',
  gps_range: '5',
  gps_xian: '开化县',
  gps_xiang: '华埠镇',
  gps_xzcun: '',
  gps_xiaoban: '',
  code_state: '10',
  state_reason: null,
  table_code: 'gbcfcz0101',
  deleted: false,
  qrcode: 'KH26-0000001',
  shuzhong: '马尾松',
  xiongjing: 23,
  multi_fzcl: '剥皮,投药',
  pic_stump: 'f1,f2',
  vdo_work: 'v1',
  beizhu: '',
  ...over,
});

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

const ruleTexts = {
  required: (l: string) => `请填写${l}`,
  upload: (l: string) => `请上传${l}`,
  range: (l: string) => `${l}范围`,
  maxLength: (l: string) => `${l}过长`,
};

describe('correction form generation', () => {
  it('editable columns exclude fixed, pic_, vdo_ and retired ones', () => {
    const codes = editableColumns(columnList).map((c) => c.code);
    expect(codes).toEqual(
      expect.arrayContaining(['qrcode', 'shuzhong', 'xiongjing', 'fssj', 'multi_fzcl', 'beizhu']),
    );
    for (const no of [
      'pic_stump',
      'vdo_work',
      'oldcol',
      'time_update',
      'code_state',
      'id',
      'code_usr_account',
    ]) {
      expect(codes).not.toContain(no);
    }
  });

  it('maps values into controls and sends back only what changed, in wire shape', () => {
    const fields = correctionFields(columnList, ruleTexts);
    expect(fields.map((f) => [f.name, f.kind])).toEqual([
      ['qrcode', 'input'],
      ['shuzhong', 'select'],
      ['xiongjing', 'number'],
      ['fssj', 'date'],
      ['multi_fzcl', 'checkboxes'],
      ['beizhu', 'textarea'],
    ]);
    const record = row({ xiongjing: '23', fssj: '2026-11-19' });
    const initial = initialValues(fields, record);
    expect(initial.multi_fzcl).toEqual(['剥皮', '投药']);
    expect(initial.xiongjing).toBe(23);
    expect(dayjs.isDayjs(initial.fssj)).toBe(true);
    expect(changedFields(fields, record, initial)).toEqual({});
    expect(
      changedFields(fields, record, {
        ...initial,
        xiongjing: 25,
        multi_fzcl: ['剥皮', '十字口'],
        beizhu: ' 复查 ',
      }),
    ).toEqual({ xiongjing: 25, multi_fzcl: '剥皮,十字口', beizhu: '复查' });
    expect(changedFields(fields, record, { ...initial, fssj: dayjs('2026-11-18') })).toEqual({
      fssj: '2026-11-18',
    });
  });

  it('the dialog shows only the editable fields and posts only the changed one', async () => {
    const detail = {
      ...row(),
      media: [],
      record: [],
      columnList,
      descriptor_version: 1,
    } as RecordDetail;
    const fetchMock = vi.fn(async () => envelopeResponse(null));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<CorrectionDialog record={detail} onClose={() => undefined} />);
    const form = await screen.findByTestId('correction-form');
    expect(within(form).getByLabelText('二维码编号')).toHaveValue('KH26-0000001');
    expect(within(form).queryByText('伐桩照片')).toBeNull();
    expect(within(form).queryByText('作业视频')).toBeNull();
    expect(within(form).queryByText('旧字段')).toBeNull();
    const user = userEvent.setup();
    const qr = within(form).getByLabelText('二维码编号');
    await user.clear(qr);
    await user.type(qr, 'KH26-0000009');
    await user.click(screen.getByTestId('correct-ok'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/data/update');
    expect(JSON.parse(String(init.body))).toEqual({ id: detail.id, fields: { qrcode: 'KH26-0000009' } });
    // A whole generated form typed into by user-event: slow in jsdom on a busy 2-core machine.
  }, 40_000);
});

describe('review reason rule', () => {
  it('send back and reject need a reason, approve does not', () => {
    expect(reasonRequired('approve')).toBe(false);
    expect(reasonRequired('return')).toBe(true);
    expect(reasonRequired('reject')).toBe(true);
    expect(offeredActions(['20'])).toEqual(['return', 'reject']);
    expect(offeredActions(['10', '20'])).toEqual(['approve', 'return', 'reject']);
  });

  it('sending back without a reason posts nothing; with one it posts ids, action and reason', async () => {
    signInWith(['records.review']);
    const fetchMock = vi.fn(async () => envelopeResponse({ changed: 2, ids: ['a', 'b'] }));
    vi.stubGlobal('fetch', fetchMock);
    const ids = ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2'];
    renderWithProviders(<ReviewDialog action="return" ids={ids} onClose={() => undefined} />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('review-ok'));
    expect(await screen.findByText('请填写退回或驳回的原因')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox'), '照片不清楚');
    await user.click(screen.getByTestId('review-ok'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/data/examine');
    expect(JSON.parse(String(init.body))).toEqual({ ids, action: 'return', reason: '照片不清楚' });
  });

  it('says a partly done review in one warning, not a success toast beside a warning', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelopeResponse({ changed: 1, ids: ['a'] })),
    );
    const ids = ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2'];
    renderWithProviders(<ReviewDialog action="approve" ids={ids} onClose={() => undefined} />);
    await userEvent.setup().click(await screen.findByTestId('review-ok'));
    expect(
      await screen.findByText('已处理 1 条；1 条未变更（当前状态不允许或已是该状态）'),
    ).toBeInTheDocument();
    expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(1);
    expect(document.querySelector('.ant-message-notice-success')).toBeNull();
  });

  it('approving needs no reason', async () => {
    const fetchMock = vi.fn(async () => envelopeResponse({ changed: 1, ids: ['a'] }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <ReviewDialog
        action="approve"
        ids={['00000000-0000-4000-8000-0000000000a1']}
        onClose={() => undefined}
      />,
    );
    await userEvent.setup().click(await screen.findByTestId('review-ok'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      ids: ['00000000-0000-4000-8000-0000000000a1'],
      action: 'approve',
    });
  });
});

describe('select every record of the filter', () => {
  it('offers it once a whole page is selected, then reviews by filter with the confirmed count', async () => {
    signInWith(['records.review', 'records.read']);
    const rows = [
      row({ id: '00000000-0000-4000-8000-0000000000b1' }),
      row({ id: '00000000-0000-4000-8000-0000000000b2' }),
    ];
    const fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/sync/queryDataList')
        return envelopeResponse({ columnList, result: { list: rows, total: 37, totalExact: true } });
      if (url === '/api/data/uploadColumns')
        return envelopeResponse({ tbName: 'gbksdc0101', columnList, sections: [] });
      return envelopeResponse({ changed: 37, ids: [] });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<RecordsPanel prjCode="KH2026" tableCode="gbksdc0101" tableName="枯死松树调查" />);
    const user = userEvent.setup();
    // One row selected: no offer yet.
    // The header's box and one per row, once the page has loaded.
    await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(3));
    const boxes = screen.getAllByRole('checkbox');
    await user.click(boxes[1]!);
    expect(screen.queryByTestId('select-all-of-filter')).not.toBeInTheDocument();
    // The whole page (header box): the banner offers all 37 of the filter.
    await user.click(boxes[1]!);
    await user.click(boxes[0]!);
    await user.click(await screen.findByTestId('select-all-of-filter'));
    expect(screen.getByTestId('all-of-filter')).toHaveTextContent('37');
    const bar = screen.getByTestId('batch-bar');
    await user.click(within(bar).getByRole('button', { name: /通\s*过/ }));
    expect(
      await screen.findByText(/37/, { selector: '.ant-alert-title, .ant-alert-message' }),
    ).toBeInTheDocument();
    await user.click(screen.getByTestId('review-ok'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/data/examine')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/data/examine') as unknown as [
      string,
      RequestInit,
    ];
    expect(JSON.parse(String(init.body))).toEqual({
      filter: { prjCode: 'KH2026', prjStandCode: 'gbksdc0101' },
      expected: 37,
      action: 'approve',
    });
  }, 60_000);
});
