import type { ColumnRules } from '../../db/schema/standards.ts';

/**
 * The control measures and standard tables every installation starts with, as data. Field codes
 * follow the spec's prefixes: pic_ photo, vdo_ video, multi_ comma-separated multi-value.
 */
type Column = { code: string; value: string; fldInput: string; fldDescript?: string; rules?: ColumnRules };
type Table = { code: string; name: string; description: string; columns: Column[] };
type Measure = { code: string; name: string; description: string; table: Table };

const treeSpecies = ['马尾松', '黑松', '湿地松', '火炬松', '华山松', '其他'].map((s) => ({
  value: s,
  label: s,
}));
const yesNo = [
  { value: '是', label: '是' },
  { value: '否', label: '否' },
];
const remarks: Column = { code: 'beizhu', value: '备注', fldInput: 'textarea', rules: { maxLength: 500 } };

export const builtinMeasures: Measure[] = [
  {
    code: 'cfcz',
    name: '采伐除治',
    description: '枯死松树采伐、伐桩处理和疫木清理，做到“清理一株、登记一株、上传一株”',
    table: {
      code: 'gbcfcz0101',
      name: '疫木采伐除治记录',
      description: '每株枯死松树一条记录',
      columns: [
        {
          code: 'qrcode',
          value: '二维码编号',
          fldInput: 'text',
          fldDescript: '伐桩上二维码标签的编号',
          rules: { required: true, maxLength: 32, qrTag: true },
        },
        {
          code: 'shuzhong',
          value: '树种',
          fldInput: 'select',
          rules: { required: true, options: treeSpecies },
        },
        {
          code: 'xiongjing',
          value: '胸径',
          fldInput: 'number',
          fldDescript: '离地1.3米处直径',
          rules: { required: true, min: 1, max: 150, unit: 'cm' },
        },
        { code: 'shugao', value: '树高', fldInput: 'number', rules: { min: 0.5, max: 50, unit: 'm' } },
        {
          code: 'dungao',
          value: '伐桩高度',
          fldInput: 'number',
          fldDescript: '要求不超过5厘米',
          rules: { required: true, min: 0, max: 100, unit: 'cm' },
        },
        {
          code: 'multi_fzcl',
          value: '伐桩处理',
          fldInput: 'multi',
          rules: {
            required: true,
            options: ['剥皮', '十字口', '投药', '覆膜', '覆土'].map((s) => ({ value: s, label: s })),
          },
        },
        { code: 'pic_before', value: '伐前照片', fldInput: 'photo', rules: { required: true } },
        { code: 'pic_stump', value: '伐桩照片', fldInput: 'photo', rules: { required: true } },
        { code: 'pic_treated', value: '伐桩处理后照片', fldInput: 'photo', rules: { required: true } },
        {
          code: 'pic_pile',
          value: '疫木堆放照片',
          fldInput: 'photo',
          fldDescript: '树干和直径1厘米以上枝桠一并归堆',
        },
        { code: 'vdo_work', value: '作业视频', fldInput: 'video' },
        remarks,
      ],
    },
  },
  {
    code: 'ymfs',
    name: '疫木焚烧',
    description: '疫木及直径1厘米以上枝桠在指定焚烧点集中烧毁',
    table: {
      code: 'gbymfs0101',
      name: '疫木焚烧处置记录',
      description: '每次焚烧一条记录',
      columns: [
        { code: 'fsd', value: '焚烧点', fldInput: 'text', rules: { required: true, maxLength: 50 } },
        {
          code: 'yimushuliang',
          value: '疫木数量',
          fldInput: 'number',
          fldDescript: '按计量单位填写：株为整数；吨、立方米含直径1厘米以上枝桠',
          rules: {
            required: true,
            min: 0,
            max: 2000,
            unitColumn: 'jldw',
            maxByUnit: { 株: 2000, 吨: 500, 立方米: 1000 },
          },
        },
        {
          code: 'jldw',
          value: '计量单位',
          fldInput: 'select',
          rules: { required: true, options: ['株', '立方米', '吨'].map((s) => ({ value: s, label: s })) },
        },
        { code: 'fssj', value: '焚烧时间', fldInput: 'date', rules: { required: true } },
        { code: 'jdr', value: '监督人', fldInput: 'text', rules: { maxLength: 20 } },
        { code: 'pic_before', value: '焚烧前照片', fldInput: 'photo', rules: { required: true } },
        { code: 'pic_burning', value: '焚烧中照片', fldInput: 'photo', rules: { required: true } },
        { code: 'pic_after', value: '焚烧后照片', fldInput: 'photo' },
        { code: 'vdo_burning', value: '焚烧视频', fldInput: 'video' },
        {
          code: 'multi_qrcode',
          value: '焚烧疫木二维码',
          fldInput: 'text',
          fldDescript: '本次焚烧的疫木上的二维码编号，多个用英文逗号分隔',
          rules: { maxLength: 4000, qrTag: true },
        },
        remarks,
      ],
    },
  },
  {
    code: 'ksdc',
    name: '枯死松树调查',
    description: '按小班普查枯死松树，须在小班内定位上报',
    table: {
      code: 'gbksdc0101',
      name: '枯死松树普查记录',
      description: '每个调查点一条记录',
      columns: [
        {
          code: 'kssl',
          value: '枯死株数',
          fldInput: 'number',
          rules: { required: true, min: 0, max: 5000, unit: '株', integer: true },
        },
        {
          code: 'shuzhong',
          value: '树种',
          fldInput: 'select',
          rules: { required: true, options: treeSpecies },
        },
        { code: 'pjxj', value: '平均胸径', fldInput: 'number', rules: { min: 1, max: 150, unit: 'cm' } },
        {
          code: 'dcfs',
          value: '调查方式',
          fldInput: 'select',
          rules: {
            required: true,
            options: ['地面调查', '无人机', '卫星遥感'].map((s) => ({ value: s, label: s })),
          },
        },
        { code: 'sfqy', value: '是否取样', fldInput: 'select', rules: { options: yesNo } },
        { code: 'pic_tree', value: '枯死树照片', fldInput: 'photo', rules: { required: true } },
        remarks,
      ],
    },
  },
  {
    code: 'ycjc',
    name: '诱捕器监测',
    description: '松墨天牛诱捕器定期检查、计数和诱芯更换',
    table: {
      code: 'gbycjc0101',
      name: '诱捕器监测记录',
      description: '每个诱捕器每次检查一条记录',
      columns: [
        { code: 'ybqbh', value: '诱捕器编号', fldInput: 'text', rules: { required: true, maxLength: 32 } },
        { code: 'jcrq', value: '监测日期', fldInput: 'date', rules: { required: true } },
        {
          code: 'tnsl',
          value: '天牛数量',
          fldInput: 'number',
          rules: { required: true, min: 0, max: 1000, unit: '头', integer: true },
        },
        { code: 'yxgh', value: '是否更换诱芯', fldInput: 'select', rules: { options: yesNo } },
        { code: 'pic_trap', value: '诱捕器照片', fldInput: 'photo', rules: { required: true } },
        remarks,
      ],
    },
  },
];

/**
 * Built-in fields as earlier versions shipped them, where they differ from today's. A field still
 * exactly as shipped was never edited: ensureStandards gives it today's rules and description
 * (raising its table's version). See decision 0194-units-and-limits.
 */
export const formerBuiltins: {
  table: string;
  code: string;
  fldDescript?: string;
  rules?: ColumnRules;
}[] = [
  { table: 'gbcfcz0101', code: 'qrcode', rules: { required: true, maxLength: 32 } },
  { table: 'gbymfs0101', code: 'multi_qrcode', rules: { maxLength: 4000 } },
  { table: 'gbcfcz0101', code: 'xiongjing', rules: { required: true, min: 1, max: 200, unit: 'cm' } },
  { table: 'gbcfcz0101', code: 'shugao', rules: { min: 0.5, max: 60, unit: 'm' } },
  { table: 'gbcfcz0101', code: 'pic_pile', fldDescript: '' },
  {
    table: 'gbymfs0101',
    code: 'yimushuliang',
    fldDescript: '',
    rules: { required: true, min: 0, max: 100000 },
  },
  { table: 'gbksdc0101', code: 'kssl', rules: { required: true, min: 0, max: 10000, unit: '株' } },
  { table: 'gbksdc0101', code: 'pjxj', rules: { min: 1, max: 200, unit: 'cm' } },
  { table: 'gbycjc0101', code: 'tnsl', rules: { required: true, min: 0, max: 10000, unit: '头' } },
];
