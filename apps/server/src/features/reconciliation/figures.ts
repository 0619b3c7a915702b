import {
  addDays,
  emptyReconcileFigures,
  type ReconcileDay,
  type ReconcileFigures,
  type ReconcileReason,
  reconcileTables,
} from '@pineguard/contract';

/**
 * The reconciliation's arithmetic (no I/O): per section, the range's figures per day from the
 * rollup's sums, and the running balance of trees felled but not yet burned (by count).
 * Rules: docs/decisions/0192-reconciliation-tolerance.md.
 */

/** A rollup sum (records/rollupSums) of one table, section and, for the series, day. */
export type SumRow = {
  table?: string | undefined;
  section?: string | undefined;
  day?: string | undefined;
  n: number;
  qty: number;
  tons: number;
  m3: number;
  tags: number;
  treated: number;
};

export const emptyFigures = emptyReconcileFigures;

const r3 = (x: number) => Math.round(x * 1000) / 1000;

/** Adds a rollup row to figures: felling rows give trees felled, burn rows trees, tons and m³ apart. */
export function addRow(f: ReconcileFigures, row: SumRow): void {
  if (row.table === reconcileTables.felling) {
    f.felled += row.n;
    f.treated += row.treated;
    f.tagsFelled += row.tags;
  } else if (row.table === reconcileTables.burning) {
    // Tree counts are whole numbers; a fractional count stored before that rule is rounded here
    // (and reported as a count_fractional anomaly), never carried into a tree figure.
    f.burnedTrees += Math.round(row.qty);
    f.tagsBurned += row.tags;
    f.tons = r3(f.tons + row.tons);
    f.m3 = r3(f.m3 + row.m3);
    f.burnRecords += row.n;
  }
  f.gapTrees = f.felled - f.burnedTrees;
  f.gapTags = f.tagsFelled - f.tagsBurned;
}

/** Adds `f` into `out` (figures of the same unit, field by field). */
function addFigures(out: ReconcileFigures, f: ReconcileFigures): void {
  out.felled += f.felled;
  out.treated += f.treated;
  out.tagsFelled += f.tagsFelled;
  out.burnedTrees += f.burnedTrees;
  out.tagsBurned += f.tagsBurned;
  out.tons = r3(out.tons + f.tons);
  out.m3 = r3(out.m3 + f.m3);
  out.burnRecords += f.burnRecords;
  out.gapTrees = out.felled - out.burnedTrees;
  out.gapTags = out.tagsFelled - out.tagsBurned;
}

export function sumFigures(list: ReconcileFigures[]): ReconcileFigures {
  const out = emptyFigures();
  for (const f of list) addFigures(out, f);
  return out;
}

const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
const dayText = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);

export type SectionBalance = {
  opening: number;
  figures: ReconcileFigures;
  balance: number;
  overdue: number;
  red: boolean;
  reasons: ReconcileReason[];
  days: ReconcileDay[];
};

/** Where the series must start for the window: trees felled before it are in the opening sums. */
export const seriesStart = (begin: string, windowDays: number) => addDays(begin, -windowDays - 1);

/**
 * One section's reconciliation over [begin, end]. `before` sums everything before
 * seriesStart(begin, windowDays); `series` is per day from seriesStart to end. On each day D:
 * balance = trees felled − trees burned up to D; overdue = trees felled more than `windowDays`
 * days before D (D − felling day > window, as burn_late counts) less the trees burned up to D
 * (first felled, first burned), never below 0.
 */
export function sectionBalance(o: {
  sectionCode: string;
  begin: string;
  end: string;
  windowDays: number;
  before: SumRow[];
  series: SumRow[];
}): SectionBalance {
  const start = dayNumber(seriesStart(o.begin, o.windowDays));
  const first = dayNumber(o.begin);
  const last = dayNumber(o.end);
  const length = last - start + 1;
  const daily: ReconcileFigures[] = Array.from({ length }, emptyFigures);
  const opening = emptyFigures();
  for (const row of o.before) addRow(opening, row);
  const index = new Map<string, number>();
  for (const row of o.series) {
    let i = index.get(row.day!);
    if (i === undefined) index.set(row.day!, (i = dayNumber(row.day!) - start));
    if (i >= 0 && i < length) addRow(daily[i]!, row);
  }
  // Cumulative trees felled and burned (by count) to the end of each day of the series.
  const felled: number[] = [];
  const burned: number[] = [];
  let f = opening.felled;
  let b = opening.burnedTrees;
  for (let i = 0; i < length; i++) {
    f += daily[i]!.felled;
    b += daily[i]!.burnedTrees;
    felled.push(f);
    burned.push(b);
  }
  const at = (i: number) => {
    const due = i - o.windowDays - 1;
    const dueFelled = due >= 0 ? felled[due]! : opening.felled;
    const overdue = Math.max(0, dueFelled - burned[i]!);
    const reasons: ReconcileReason[] = [];
    if (overdue > 0) reasons.push('overdue');
    if (burned[i]! > felled[i]!) reasons.push('overBurned');
    return { balance: felled[i]! - burned[i]!, overdue, red: reasons.length > 0, reasons };
  };
  const days: ReconcileDay[] = [];
  const total = emptyFigures();
  for (let i = first - start; i < length; i++) {
    const fig = daily[i]!;
    const active =
      fig.felled ||
      fig.treated ||
      fig.tagsFelled ||
      fig.burnedTrees ||
      fig.tagsBurned ||
      fig.tons ||
      fig.m3 ||
      fig.burnRecords;
    if (!active) continue;
    addFigures(total, fig);
    days.push({ sectionCode: o.sectionCode, day: dayText(start + i), figures: fig, ...at(i) });
  }
  const beforeBegin = first - start - 1;
  return {
    opening: felled[beforeBegin]! - burned[beforeBegin]!,
    figures: total,
    ...at(length - 1),
    days,
  };
}
