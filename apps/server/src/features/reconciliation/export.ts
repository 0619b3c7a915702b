import {
  type Lang,
  type ReconcileFigures,
  type ReconcileReason,
  type ReconcileValue,
  reconcileBalanceLabels,
  reconcileFigureLabels,
  reconcileReasonLabels,
} from '@pineguard/contract';
import { loadExcel, safeText } from '../../platform/excel.ts';

const figureKeys: (keyof ReconcileFigures)[] = [
  'felled',
  'treated',
  'tagsFelled',
  'burnedTrees',
  'tagsBurned',
  'tons',
  'm3',
  'burnRecords',
  'gapTrees',
  'gapTags',
];

const words = {
  'zh-CN': {
    sections: '按标段',
    days: '按日',
    title: '采伐—挂码—焚烧核对',
    range: '期间',
    window: '焚烧时限（天）',
    section: '标段',
    sectionName: '标段名称',
    day: '日期',
    red: '超出容差',
    total: '合计',
  },
  en: {
    sections: 'By section',
    days: 'By day',
    title: 'Felled – tagged – burned reconciliation',
    range: 'Period',
    window: 'Burn window (days)',
    section: 'Section',
    sectionName: 'Section name',
    day: 'Day',
    red: 'Out of tolerance',
    total: 'Total',
  },
} as const;

/** The reconciliation as .xlsx: one sheet per section, one per section-day (bounded: a season). */
export async function reconcileWorkbook(
  value: ReconcileValue,
  projectName: string,
  lang: Lang,
): Promise<Buffer> {
  const w = words[lang];
  const reasons = (list: ReconcileReason[]) => list.map((r) => reconcileReasonLabels[r][lang]).join('；');
  const figures = (f: ReconcileFigures) => figureKeys.map((k) => f[k]);
  const excel = await loadExcel();
  const book = new excel.Workbook();

  const bySection = book.addWorksheet(w.sections);
  bySection.addRow([safeText(`${projectName} ${w.title}`)]).font = { bold: true };
  bySection.addRow([w.range, `${value.begin} ~ ${value.end}`, w.window, value.windowDays]);
  bySection.addRow([
    w.section,
    w.sectionName,
    reconcileBalanceLabels.opening[lang],
    ...figureKeys.map((k) => reconcileFigureLabels[k][lang]),
    reconcileBalanceLabels.balance[lang],
    reconcileBalanceLabels.overdue[lang],
    w.red,
    reconcileBalanceLabels.openAnomalies[lang],
  ]).font = { bold: true };
  for (const s of value.sections) {
    bySection.addRow([
      safeText(s.sectionCode),
      safeText(s.sectionName),
      s.opening,
      ...figures(s.figures),
      s.balance,
      s.overdue,
      reasons(s.reasons),
      s.openAnomalies,
    ]);
  }
  const t = value.totals;
  bySection.addRow([
    w.total,
    '',
    t.opening,
    ...figures(t.figures),
    t.balance,
    t.overdue,
    reasons(t.reasons),
    t.openAnomalies,
  ]).font = { bold: true };
  bySection.columns.forEach((c, i) => (c.width = i < 2 ? 18 : 14));

  const byDay = book.addWorksheet(w.days);
  byDay.addRow([
    w.section,
    w.day,
    ...figureKeys.map((k) => reconcileFigureLabels[k][lang]),
    reconcileBalanceLabels.balance[lang],
    reconcileBalanceLabels.overdue[lang],
    w.red,
  ]).font = { bold: true };
  for (const d of value.days) {
    byDay.addRow([
      safeText(d.sectionCode),
      d.day,
      ...figures(d.figures),
      d.balance,
      d.overdue,
      reasons(d.reasons),
    ]);
  }
  byDay.columns.forEach((c, i) => (c.width = i < 2 ? 14 : 12));
  return Buffer.from(await book.xlsx.writeBuffer());
}
