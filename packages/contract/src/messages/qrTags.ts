import type { Text } from '../i18n.ts';

/**
 * QR tags: batches (flags) and generating codes.
 */
export const qrTagMessages = {
  flagNameOrId: {
    'zh-CN': '请填写新批次名称，或选择已有批次（二者选一）',
    en: 'Give a new batch name or choose an existing batch (one of the two)',
  },
  flagNotFound: { 'zh-CN': '二维码批次不存在', en: 'This QR batch does not exist' },
  flagNameTaken: {
    'zh-CN': '本项目已有同名批次：{name}',
    en: 'The project already has a batch named {name}',
  },
  flagFull: {
    'zh-CN': '批次最多 {max} 个二维码，已有 {held} 个',
    en: 'A batch holds at most {max} tags; it has {held}',
  },
  sectionNotFound4Flag: { 'zh-CN': '标段不存在：{section}', en: 'No such section: {section}' },
  tagsGenerated: { 'zh-CN': '已生成 {count} 个二维码', en: '{count} QR tags generated' },
} satisfies Record<string, Text>;
