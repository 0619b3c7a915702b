import {
  emptyReconcileFigures,
  type ReconcileFigures,
  type ReconcileReason,
  type ReconcileValue,
} from '@pineguard/contract';

/** One line of the table: a section over the range, one of its days, or the totals. */
export type ReconcileRow = {
  key: string;
  level: 'section' | 'day' | 'total';
  /** Section name, the day, or empty for the totals (the table writes 合计). */
  label: string;
  /** The section (undefined: every section the table shows). */
  sectionCode: string | undefined;
  /** The days the figures cover (what a drill-down asks the records list for). */
  begin: string;
  end: string;
  /** Felled but unburned when the range began: per section and in total, not per day. */
  opening: number | null;
  figures: ReconcileFigures;
  balance: number;
  overdue: number;
  red: boolean;
  reasons: ReconcileReason[];
  /** Open anomalies (all days): per section and in total, not per day. */
  openAnomalies: number | null;
  anomaliesByKind: Record<string, number>;
  children?: ReconcileRow[];
};

const zeroFigures: ReconcileFigures = emptyReconcileFigures();
const emptyTotals: ReconcileValue['totals'] = {
  opening: 0,
  figures: zeroFigures,
  balance: 0,
  overdue: 0,
  red: false,
  reasons: [],
  openAnomalies: 0,
  anomaliesByKind: {},
};

/**
 * The table's rows: each section (one, when `sectionCode` is chosen) with its days beneath, and
 * the totals line — the answer's totals, or the chosen section's own figures. The days come
 * from `days` (those loaded for expanded sections) or the answer itself; a section with days not
 * loaded yet gets an empty list, so it can be expanded (which loads them).
 */
export function buildRows(
  value: ReconcileValue,
  sectionCode?: string,
  days: ReconcileValue['days'] = value.days,
): { rows: ReconcileRow[]; total: ReconcileRow } {
  const daysOf = new Map<string, ReconcileValue['days']>();
  for (const d of days) {
    const list = daysOf.get(d.sectionCode) ?? [];
    list.push(d);
    daysOf.set(d.sectionCode, list);
  }
  const rows = value.sections
    .filter((s) => !sectionCode || s.sectionCode === sectionCode)
    .map((s): ReconcileRow => {
      const days = (daysOf.get(s.sectionCode) ?? [])
        .slice()
        .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0))
        .map((d): ReconcileRow => ({
          key: `${s.sectionCode}|${d.day}`,
          level: 'day',
          label: d.day,
          sectionCode: s.sectionCode,
          begin: d.day,
          end: d.day,
          opening: null,
          figures: d.figures,
          balance: d.balance,
          overdue: d.overdue,
          red: d.red,
          reasons: d.reasons,
          openAnomalies: null,
          anomaliesByKind: {},
        }));
      return {
        key: s.sectionCode,
        level: 'section',
        label: s.sectionName || s.sectionCode,
        sectionCode: s.sectionCode,
        begin: value.begin,
        end: value.end,
        opening: s.opening,
        figures: s.figures,
        balance: s.balance,
        overdue: s.overdue,
        red: s.red,
        reasons: s.reasons,
        openAnomalies: s.openAnomalies,
        anomaliesByKind: s.anomaliesByKind,
        ...(days.length || s.dayCount ? { children: days } : {}),
      };
    });
  const chosen = sectionCode ? rows[0] : undefined;
  if (chosen) {
    const { children: _days, ...figures } = chosen;
    return { rows, total: { ...figures, key: 'total', level: 'total', label: '' } };
  }
  // A chosen section the answer does not list has no figures: zeros, not the project's totals.
  const t = sectionCode ? emptyTotals : value.totals;
  const total: ReconcileRow = {
    key: 'total',
    level: 'total',
    label: '',
    sectionCode,
    begin: value.begin,
    end: value.end,
    opening: t.opening,
    figures: t.figures,
    balance: t.balance,
    overdue: t.overdue,
    red: t.red,
    reasons: t.reasons,
    openAnomalies: t.openAnomalies,
    anomaliesByKind: t.anomaliesByKind,
  };
  return { rows, total };
}
