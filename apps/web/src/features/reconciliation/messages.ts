import { featureMessages } from '../../shared/featureT.ts';

const zh = {
  title: '采伐—挂码—焚烧核对',
  'filter.begin': '开始日期',
  'filter.end': '结束日期',
  'filter.section': '全部标段',
  'filter.reset': '重置',
  'preset.week': '近 7 天',
  'preset.month': '近 30 天',
  'preset.year': '今年',
  'range.tooLong': '日期范围不能超过 {max} 天',
  range: '{begin} 至 {end}',
  season: '（本季）',
  window: '焚烧时限 {days} 天',
  'col.section': '标段 / 日期',
  total: '合计',
  export: '导出 Excel',
  exported: '已导出',
  'expand.all': '展开每日',
  'expand.none': '收起每日',
  legend:
    '红色行：超过焚烧时限仍有疫木未焚烧，或焚烧株数多于采伐株数。点击数字查看对应记录（记录列表含已驳回记录，核对数字不计已驳回）。吨、立方米与株分开统计，不相加。',
  'reason.overdueCount': '超期未焚烧 {count} 株',
  'anomalies.byKind': '{kind}：{count}',
  'anomalies.open': '查看待核查疑点',
  'drill.title': '查看{figure}对应的记录',
  empty: '所选范围内没有采伐或焚烧记录',
  noSection: '（未填标段）',
} as const;

type Key = keyof typeof zh;

const en: Record<Key, string> = {
  title: 'Felled — tagged — burned reconciliation',
  'filter.begin': 'From',
  'filter.end': 'To',
  'filter.section': 'All sections',
  'filter.reset': 'Reset',
  'preset.week': 'Last 7 days',
  'preset.month': 'Last 30 days',
  'preset.year': 'This year',
  'range.tooLong': 'The date range cannot exceed {max} days',
  range: '{begin} to {end}',
  season: ' (season)',
  window: 'Burn window {days} days',
  'col.section': 'Section / day',
  total: 'Total',
  export: 'Export Excel',
  exported: 'Exported',
  'expand.all': 'Show days',
  'expand.none': 'Hide days',
  legend:
    'Red rows: trees felled beyond the burn window are not all burned, or more trees were burned than felled. Click a figure for the records behind it (the list shows rejected records too; the figures leave them out). Tons and m³ are counted apart from trees, never added.',
  'reason.overdueCount': '{count} trees overdue',
  'anomalies.byKind': '{kind}: {count}',
  'anomalies.open': 'Open anomalies',
  'drill.title': 'Records behind {figure}',
  empty: 'No felling or burning in the chosen range',
  noSection: '(no section)',
};

export const { useT: useReconcileT, t: reconcileT } = featureMessages(zh, en);
export type ReconcileKey = Key;
