import type { Text } from '../i18n.ts';

/**
 * The dead-tree census import (ksss): the spreadsheet, each row's problems, and the import task
 * (#16).
 */
export const deadTreeMessages = {
  ksssNotSpreadsheet: {
    'zh-CN': '文件不是 Excel 表格（.xlsx），请使用导入模板填写后上传',
    en: 'The file is not an Excel spreadsheet (.xlsx); fill in the import template and upload it',
  },
  ksssUnreadable: {
    'zh-CN': '无法读取该表格，请确认是 .xlsx 文件且未损坏',
    en: 'The spreadsheet cannot be read; make sure it is an undamaged .xlsx file',
  },
  ksssBadHeaders: {
    'zh-CN': '表头与导入模板不一致：第 {column} 列应为“{expected}”，实际为“{actual}”',
    en: 'The headers do not match the template: column {column} should be "{expected}", found "{actual}"',
  },
  ksssNoRows: { 'zh-CN': '表格中没有数据行', en: 'The spreadsheet has no data rows' },
  ksssHugeText: {
    'zh-CN': '表格中有一段文字超过 {limit} MB，无法导入，请检查后重新上传',
    en: 'The spreadsheet holds a text of more than {limit} MB and cannot be imported; check it and upload again',
  },
  ksssTooManyRows: {
    'zh-CN': '数据行超过 {limit} 行，请分多个文件导入',
    en: 'More than {limit} data rows; split the census into several files',
  },
  ksssSameFile: {
    'zh-CN': '该文件已于 {time} 导入，未重复导入',
    en: 'This file was already imported at {time}; nothing was imported again',
  },
  ksssInterrupted: {
    'zh-CN': '导入被中断（服务重启），未导入任何数据，请重新上传',
    en: 'The import was interrupted (server restart); nothing was imported, please upload again',
  },
  ksssImported: {
    'zh-CN': '已导入 {accepted} 行，{rejected} 行有误',
    en: '{accepted} rows imported, {rejected} rows refused',
  },
  ksssTaskNotFound: { 'zh-CN': '导入任务不存在', en: 'No such import task' },
  ksssRequired: { 'zh-CN': '{field}不能为空', en: '{field} is required' },
  ksssTooLong: {
    'zh-CN': '{field}过长（最多 {max} 个字符）',
    en: '{field} is too long (at most {max} characters)',
  },
  ksssBadCode: {
    'zh-CN': '{field}只能包含字母、数字、“-”和“_”，最多 30 个字符',
    en: '{field} may hold only letters, digits, "-" and "_", at most 30 characters',
  },
  ksssBadNumber: {
    'zh-CN': '{field}应为 {min} 到 {max} 之间的数字',
    en: '{field} must be a number from {min} to {max}',
  },
  ksssBadDate: {
    'zh-CN': '{field}应为日期（如 2026-10-15），且不晚于今天',
    en: '{field} must be a date (e.g. 2026-10-15) not after today',
  },
  ksssBadState: { 'zh-CN': '状态应为“未伐”或“已伐”', en: 'State must be 未伐 (standing) or 已伐 (felled)' },
  ksssBadSpecies: { 'zh-CN': '树种应为：{allowed}', en: 'Species must be one of: {allowed}' },
  ksssFelledDate: {
    'zh-CN': '已伐的树须填写采伐日期，且不早于调查日期',
    en: 'A felled tree needs a felling date, not before the survey date',
  },
  ksssUnfelledDate: {
    'zh-CN': '未伐的树不应填写采伐日期',
    en: 'A standing tree must not have a felling date',
  },
  ksssDuplicateTree: {
    'zh-CN': '树号与第 {row} 行重复（同一小班）',
    en: 'The tree number repeats row {row} (same sub-compartment)',
  },
  ksssUnknownSection: {
    'zh-CN': '标段编号不属于本项目',
    en: 'The section code is not a section of this project',
  },
  ksssFormula: {
    'zh-CN': '{field}是公式，请填写数值或文字',
    en: '{field} is a formula; enter a value or text',
  },
  ksssMoreErrors: {
    'zh-CN': '另有 {count} 行错误未列出',
    en: '{count} more rows with errors are not listed',
  },
  ksssCancelled: { 'zh-CN': '导入已取消，未写入任何数据', en: 'Import cancelled; nothing was written' },
  ksssCancelTooLate: {
    'zh-CN': '导入已结束，无法取消',
    en: 'The import has already ended and cannot be cancelled',
  },
} satisfies Record<string, Text>;
