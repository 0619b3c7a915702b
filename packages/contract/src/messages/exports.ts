import type { Text } from '../i18n.ts';

/**
 * Background jobs and the exports they write (#16).
 */
export const exportMessages = {
  jobInterrupted: { 'zh-CN': '服务重启中断', en: 'interrupted by a restart' },
  jobTimedOut: { 'zh-CN': '任务超时', en: 'the job timed out' },
  jobCancelled: { 'zh-CN': '任务已取消', en: 'the job was cancelled' },
  exportStarted: {
    'zh-CN': '已开始导出，完成后可在“导出记录”中下载',
    en: 'The export has started; download it from "Export records" when it is finished',
  },
  exportNotReady: {
    'zh-CN': '文件生成中，请稍后再试',
    en: 'The file is being generated, please try again later',
  },
  exportExpired: { 'zh-CN': '导出文件已过期，请重新导出', en: 'The export has expired; export again' },
  exportFailed: { 'zh-CN': '导出失败：{reason}', en: 'Export failed: {reason}' },
  exportCancelled: { 'zh-CN': '已取消导出', en: 'Export cancelled' },
  exportNotCancellable: { 'zh-CN': '导出已结束，不能取消', en: 'The export has already ended' },
} satisfies Record<string, Text>;
