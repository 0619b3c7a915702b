import type { Text } from '../i18n.ts';

/**
 * Standard tables and their fields, control measures and reporting factors, and the units a
 * number field is counted in (#26).
 */
export const standardMessages = {
  columnPrefix: {
    'zh-CN': '字段编码前缀须与类型一致：照片 pic_、视频 vdo_、多选 multi_',
    en: 'The field code prefix must match its type: photo pic_, video vdo_, multi-select multi_',
  },
  optionsRequired: {
    'zh-CN': '单选和多选字段须至少有一个选项',
    en: 'Select fields need at least one option',
  },
  minAboveMax: { 'zh-CN': '最小值不能大于最大值', en: 'The minimum cannot exceed the maximum' },
  columnRetired: { 'zh-CN': '字段已停用', en: 'The field is retired' },
  tableBuiltIn: {
    'zh-CN': '内置标准表不能停用',
    en: 'Built-in standard tables cannot be retired',
  },
  tableInUse: {
    'zh-CN': '标准表仍被 {holdings} 使用，不能停用',
    en: 'The standard table is still used by {holdings} and cannot be retired',
  },
  holdsProjects: { 'zh-CN': '{n} 个项目的防治措施', en: 'the control measures of {n} project(s)' },
  tableRetired: { 'zh-CN': '标准表 {code} 已停用', en: 'The standard table {code} is retired' },
  measureBuiltIn: {
    'zh-CN': '内置防治措施 {code} 不能修改',
    en: 'The built-in control measure {code} cannot be changed',
  },
  retiredDone: { 'zh-CN': '已停用', en: 'Retired' },
  tooManyTables: {
    'zh-CN': '标准表最多 {max} 张',
    en: 'There can be at most {max} standard tables',
  },
  tooManyColumns: {
    'zh-CN': '每张标准表最多 {max} 个字段（含已停用字段）',
    en: 'A standard table can have at most {max} fields, retired ones included',
  },
  tooManyFactors: {
    'zh-CN': '上报因子最多 {max} 个，请先删除不用的因子',
    en: 'There can be at most {max} reporting factors; delete unused ones first',
  },
  columnTypeLocked: {
    'zh-CN': '字段 {code} 已有采集数据，不能修改类型',
    en: 'The field {code} already holds records; its type cannot change',
  },
  unitUnknown: {
    'zh-CN': '单位“{unit}”未定义，可选：{units}',
    en: 'Unknown unit "{unit}"; choose one of: {units}',
  },
  quantityRulesNumberOnly: {
    'zh-CN': '单位、整数和按单位上限只适用于数字字段',
    en: 'Units, whole numbers and per-unit limits apply to number fields only',
  },
  unitAndUnitColumn: {
    'zh-CN': '固定单位和计量单位字段只能设置其中一个',
    en: 'Give either a fixed unit or a unit field, not both',
  },
  countUnitInteger: {
    'zh-CN': '“{unit}”是计数单位，数量只能是整数',
    en: '{unit} is a count: its quantities are whole numbers',
  },
  unitColumnInvalid: {
    'zh-CN': '计量单位字段“{code}”不是本表在用的单选字段',
    en: 'The unit field "{code}" is not an active select field of this table',
  },
  unitColumnOptions: {
    'zh-CN': '计量单位字段“{code}”的选项“{unit}”不是已定义的单位（可选：{units}）',
    en: 'The option "{unit}" of the unit field "{code}" is not a known unit (known: {units})',
  },
  maxByUnitWithoutColumn: {
    'zh-CN': '按单位设置上限须先指定计量单位字段',
    en: 'Per-unit limits need a unit field',
  },
  maxByUnitNotOption: {
    'zh-CN': '上限中的单位“{unit}”不是计量单位字段“{code}”的选项',
    en: 'The limit\'s unit "{unit}" is not an option of the unit field "{code}"',
  },
  maxByUnitInvalid: {
    'zh-CN': '“{unit}”的上限须为正数',
    en: 'The limit for {unit} must be a positive number',
  },
  unitColumnInUse: {
    'zh-CN': '字段 {code} 是“{user}”的计量单位，不能停用',
    en: 'The field {code} gives the unit of "{user}" and cannot be retired',
  },
} satisfies Record<string, Text>;
