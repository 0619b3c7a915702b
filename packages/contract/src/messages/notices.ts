import type { Text } from '../i18n.ts';

/**
 * The message centre: the notices features send, and its own answers.
 */
export const noticeMessages = {
  noticeRecordReturned: {
    'zh-CN': '您提交的{table}（{count} 条）已被退回：{reason}',
    en: 'Your {table} ({count}) was sent back: {reason}',
  },
  noticeRecordRejected: {
    'zh-CN': '您提交的{table}（{count} 条）已被驳回：{reason}',
    en: 'Your {table} ({count}) was rejected: {reason}',
  },
  noticeExportFinished: {
    'zh-CN': '导出“{name}”已完成，可以下载',
    en: 'Export "{name}" is ready to download',
  },
  noticeExportFailed: { 'zh-CN': '导出“{name}”失败：{reason}', en: 'Export "{name}" failed: {reason}' },
  noticeWorkerPending: { 'zh-CN': '劳务人员 {name} 等待审核', en: 'Worker {name} is waiting for review' },
  noticeInsuranceEnding: {
    'zh-CN': '劳务人员 {name}（{section}）的保险将于 {end} 到期',
    en: 'The insurance of worker {name} ({section}) ends on {end}',
  },
  noticeUserPending: {
    'zh-CN': '用户 {name}（{account}）注册后等待审核',
    en: 'User {name} ({account}) registered and is waiting for review',
  },
  noticeAnomalies: {
    'zh-CN': '标段 {section} 新增 {count} 个疑点：{kinds}',
    en: 'Section {section} has {count} new anomalies: {kinds}',
  },
  noticeEvidenceAnomalies: {
    'zh-CN': '证据检查：标段 {section} 新增 {count} 个疑点（{kinds}）',
    en: 'Evidence check: section {section} has {count} new anomalies ({kinds})',
  },
  noticesMarkedRead: { 'zh-CN': '已标记为已读', en: 'Marked as read' },
  noticeSent: { 'zh-CN': '已发送给 {count} 人', en: 'Sent to {count} people' },
} satisfies Record<string, Text>;
