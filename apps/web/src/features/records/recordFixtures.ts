import type { ColumnDescriptor, RecordRow } from '@pineguard/contract';

/** Test data shared by the records tests: a standard table's columns and one of its rows. */

const col = (
  code: string,
  value: string,
  fldInput: string,
  sort: number,
  over: Partial<ColumnDescriptor> = {},
) =>
  ({ code, value, fldDescript: '', fldInput, sort, rules: {}, retired: false, ...over }) as ColumnDescriptor;

/** Shaped like gbcfcz0101, plus columns the list must hide, out of order. */
export const columnList: ColumnDescriptor[] = [
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

export const row = (over: Partial<RecordRow> = {}): RecordRow => ({
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
