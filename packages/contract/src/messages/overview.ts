import type { Text } from '../i18n.ts';

/**
 * The overview's progress table (#17): its rows' names.
 */
export const overviewMessages = {
  progressTotal: { 'zh-CN': '合计', en: 'Total' },
  progressAllProjects: { 'zh-CN': '全部项目', en: 'All projects' },
  progressTownshipUnknown: { 'zh-CN': '未注明乡镇', en: 'Township not given' },
} satisfies Record<string, Text>;
