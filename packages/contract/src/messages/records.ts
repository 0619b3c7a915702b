import type { Text } from '../i18n.ts';

/**
 * Field records: the list's filters and pages, review, and the checks of each field's value when
 * a record is collected, entered or corrected ({label} is the field as the table names it).
 */
export const recordMessages = {
  examineIdsOrFilter: {
    'zh-CN': '请选择记录，或选择“全部符合筛选条件的记录”并确认数量',
    en: 'Choose records, or every record of the filter with its count confirmed',
  },
  examineTooMany: {
    'zh-CN': '一次最多批量审核 {max} 条，请缩小筛选范围',
    en: 'At most {max} records can be reviewed at once; narrow the filter',
  },
  examineCountChanged: {
    'zh-CN': '筛选结果已变为 {count} 条，请确认后重试',
    en: 'The filter now matches {count} records; confirm again',
  },
  recordReasonRequired: {
    'zh-CN': '退回或驳回时请填写原因',
    en: 'Give a reason when sending back or rejecting',
  },
  tableUnknown: { 'zh-CN': '标准表 {code} 不存在', en: 'No standard table has the code {code}' },
  tableNotInProject: {
    'zh-CN': '项目未启用标准表 {code}',
    en: 'The project does not use the standard table {code}',
  },
  sectionUnknown: {
    'zh-CN': '标段 {code} 不属于当前项目',
    en: 'The section {code} is not a section of this project',
  },
  sortUnknown: { 'zh-CN': '排序字段 {code} 不存在', en: 'No column {code} to sort by' },
  cursorInvalid: {
    'zh-CN': '分页游标无效，请从第一页重新查询',
    en: 'The page cursor is invalid; start from page 1',
  },
  pageTooDeep: {
    'zh-CN': '页码超过 {max}，请使用上一页/下一页翻页',
    en: 'Pages beyond {max} are reached with next/previous only',
  },
  fieldRequired: { 'zh-CN': '{label}为必填项', en: '{label} is required' },
  fieldNotNumber: { 'zh-CN': '{label}须为数字', en: '{label} must be a number' },
  fieldBelowMin: { 'zh-CN': '{label}不能小于 {min}', en: '{label} cannot be less than {min}' },
  fieldAboveMax: { 'zh-CN': '{label}不能大于 {max}', en: '{label} cannot be more than {max}' },
  fieldTooLong: { 'zh-CN': '{label}最多 {max} 个字', en: '{label} can have at most {max} characters' },
  fieldNotOption: {
    'zh-CN': '{label}的值“{value}”不在选项中',
    en: '{label}: "{value}" is not one of the options',
  },
  fieldNotDate: { 'zh-CN': '{label}须为日期（年-月-日）', en: '{label} must be a date (YYYY-MM-DD)' },
  fieldNotText: { 'zh-CN': '{label}须为文字', en: '{label} must be text' },
  fieldUnknown: { 'zh-CN': '字段 {code} 不存在或已停用', en: 'No field {code}, or it is retired' },
  fieldNotEditable: { 'zh-CN': '字段 {code} 不能修改', en: 'The field {code} cannot be edited' },
  fieldTagShape: {
    'zh-CN': '{label}“{value}”不是有效的二维码编号，请重新扫码',
    en: '{label} "{value}" is not a valid QR tag code; scan it again',
  },
  fieldNotInteger: {
    'zh-CN': '{label}须为整数，不能为 {value}',
    en: '{label} must be a whole number, not {value}',
  },
  fieldNotIntegerUnit: {
    'zh-CN': '{label}以“{unit}”计，须为整数，不能为 {value}',
    en: '{label} is counted in {unit} and must be a whole number, not {value}',
  },
  fieldAboveUnitMax: {
    'zh-CN': '{label}不能大于 {max} {unit}',
    en: '{label} cannot be more than {max} {unit}',
  },
  mediaInvalid: {
    'zh-CN': '{label}引用的文件不存在或不属于本项目',
    en: '{label} refers to a file that does not exist or belongs to another project',
  },
  mediaWrongKind: { 'zh-CN': '{label}须引用{kind}文件', en: '{label} must refer to a {kind} file' },
  fieldsTooLarge: { 'zh-CN': '字段内容过大（最多 {max}）', en: 'The fields are too large (at most {max})' },
  uuidOtherProject: {
    'zh-CN': '记录编号已在其他项目中使用',
    en: 'This record id is already used in another project',
  },
  recordNotFound: { 'zh-CN': '记录不存在或无权查看', en: 'No such record, or you may not see it' },
  recordDeleted: { 'zh-CN': '记录已删除', en: 'The record is deleted' },
  stateChangeInvalid: {
    'zh-CN': '记录当前状态不能执行此操作',
    en: 'The record cannot be moved that way from its current state',
  },
} satisfies Record<string, Text>;
