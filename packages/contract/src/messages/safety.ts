import type { Text } from '../i18n.ts';

/**
 * The safety ledger (安全台账, #17).
 */
export const safetyMessages = {
  safetySectionUnknown: { 'zh-CN': '标段不存在：{code}', en: 'No such section: {code}' },
  safetySectionRequired: {
    'zh-CN': '标段负责人只能登记本标段的安全台账，请选择标段',
    en: 'A section manager records for their own section: choose the section',
  },
  safetySectionNotYours: {
    'zh-CN': '只能登记或查看本人负责标段的安全台账',
    en: 'Only the safety records of your own sections',
  },
  safetyAttendeeUnknown: {
    'zh-CN': '参加人员不是本项目（本标段）的劳务人员：{count} 人',
    en: '{count} attendee(s) are not workers of this project (section)',
  },
  safetyPhotoInvalid: {
    'zh-CN': '照片不是本项目上传的图片：{id}',
    en: 'The photo is not an image uploaded in this project: {id}',
  },
  safetyDateRange: {
    'zh-CN': '结束日期不能早于开始日期，且打印期间不超过 366 天',
    en: 'The end date cannot be before the start, and a print covers at most 366 days',
  },
} satisfies Record<string, Text>;
