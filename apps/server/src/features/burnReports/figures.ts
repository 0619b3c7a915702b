/**
 * The fire reports' arithmetic, apart from the database (unit-tested on a hand-counted set in
 * figures.unit.test.ts). Inputs are what the records core and the rollup answer; outputs are the
 * contract's report values.
 */
import type {
  BurnPointState,
  BurnRecordItem,
  ChartValue,
  RatioItem,
  RatioValue,
  RecordRow,
  ReportPointState,
  SevenDayItem,
  YesterdayItem,
  YesterdayValue,
} from '@pineguard/contract';
import { addDays } from '@pineguard/contract';

/** A burn record group as records.burnDayTotals answers it. */
export type DayRow = {
  day: string;
  point: string;
  unit: string;
  burns: number;
  quantity: number;
  passed: number;
};
/** A rollup sum (records.rollupSums) grouped by some of day, state, table, section. */
export type SumRow = {
  day?: string;
  state?: string;
  table?: string;
  section?: string;
  n: number;
  qty: number;
  tons?: number;
  m3?: number;
};
/** Registered burn points: name → state, in the order to list them. */
export type Points = Map<string, BurnPointState>;

export const round2 = (x: number) => Math.round(x * 100) / 100;

/** The `n` days ending on `last`, oldest first. */
export function daysEnding(last: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => addDays(last, i - (n - 1)));
}

/** 株 is the tree count; a burn record with no unit counts as 株 too (as in the per-day rollup). */
export const isTrees = (unit: string) => unit === '株' || unit === '';

/** Wood burned per unit; other units (a custom table's) only in `quantities`. */
type Amounts = { trees: number; tons: number; m3: number };
const noAmounts = (): Amounts => ({ trees: 0, tons: 0, m3: 0 });
function addAmount(into: Amounts, unit: string, quantity: number) {
  if (isTrees(unit)) into.trees += quantity;
  else if (unit === '吨') into.tons += quantity;
  else if (unit === '立方米') into.m3 += quantity;
}
/** Trees whole (a fractional count stored before counts were checked is rounded), wood to 0.01. */
const shown = (a: Amounts): Amounts => ({
  trees: Math.round(a.trees),
  tons: round2(a.tons),
  m3: round2(a.m3),
});

function stateOf(points: Points, name: string): ReportPointState {
  return points.get(name) ?? 'unknown';
}

/** Registered points first (their order), then each unknown name a record gives, sorted. */
function namesOf(points: Points, named: Iterable<string>): string[] {
  const unknown = [...new Set(named)].filter((n) => !points.has(n)).sort();
  return [...points.keys(), ...unknown];
}

function addQuantity(into: Map<string, number>, unit: string, quantity: number) {
  into.set(unit, (into.get(unit) ?? 0) + quantity);
}
const quantitiesOf = (m: Map<string, number>) =>
  [...m.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([unit, quantity]) => ({ unit, quantity: round2(quantity) }));

/** fsYesterdayReport: per point the day's burns, approved burns and quantity per unit; and the total. */
export function yesterdayOf(points: Points, rows: DayRow[], day: string): YesterdayValue {
  const mine = rows.filter((r) => r.day === day);
  const totalQty = new Map<string, number>();
  const totalAmounts = noAmounts();
  const list: YesterdayItem[] = namesOf(
    points,
    mine.map((r) => r.point),
  ).map((name) => {
    const qty = new Map<string, number>();
    const amounts = noAmounts();
    let burns = 0;
    let passed = 0;
    for (const r of mine) {
      if (r.point !== name) continue;
      burns += r.burns;
      passed += r.passed;
      addQuantity(qty, r.unit, r.quantity);
      addQuantity(totalQty, r.unit, r.quantity);
      addAmount(amounts, r.unit, r.quantity);
      addAmount(totalAmounts, r.unit, r.quantity);
    }
    return {
      name,
      pointState: stateOf(points, name),
      burns,
      passed,
      ...shown(amounts),
      quantities: quantitiesOf(qty),
    };
  });
  return {
    day,
    list,
    total: {
      burns: list.reduce((a, p) => a + p.burns, 0),
      passed: list.reduce((a, p) => a + p.passed, 0),
      ...shown(totalAmounts),
      quantities: quantitiesOf(totalQty),
    },
  };
}

/**
 * sevenDayReport: per day (zeros included) burns, approved burns, and trees, tons and m³ burned
 * apart, from rollup rows by day and state.
 */
export function sevenDayOf(days: string[], rows: SumRow[]): SevenDayItem[] {
  return days.map((day) => {
    const mine = rows.filter((r) => r.day === day);
    return {
      day,
      burns: mine.reduce((a, r) => a + r.n, 0),
      passed: mine.filter((r) => r.state === '20').reduce((a, r) => a + r.n, 0),
      ...shown({
        trees: mine.reduce((a, r) => a + r.qty, 0),
        tons: mine.reduce((a, r) => a + (r.tons ?? 0), 0),
        m3: mine.reduce((a, r) => a + (r.m3 ?? 0), 0),
      }),
    };
  });
}

/** fsdChartReport: per point (registered ones and unknown names seen), burns, and trees, tons and m³ on each day. */
export function chartOf(points: Points, rows: DayRow[], days: string[]): ChartValue {
  const index = new Map(days.map((d, i) => [d, i]));
  const list = namesOf(
    points,
    rows.map((r) => r.point),
  ).map((name) => {
    const burns = days.map(() => 0);
    const amounts = days.map(noAmounts);
    for (const r of rows) {
      const i = index.get(r.day);
      if (r.point !== name || i === undefined) continue;
      burns[i]! += r.burns;
      addAmount(amounts[i]!, r.unit, r.quantity);
    }
    const per = amounts.map(shown);
    return {
      name,
      pointState: stateOf(points, name),
      burns,
      trees: per.map((a) => a.trees),
      tons: per.map((a) => a.tons),
      m3: per.map((a) => a.m3),
    };
  });
  return { days, list };
}

const ratio = (burned: number, felled: number) =>
  felled > 0 ? Math.round((burned / felled) * 1000) / 10 : null;

/**
 * fszpylReport: per section, felled trees (records of the felling table) and burned trees (the
 * burn table's quantity in 株), from rollup rows by table and section; plus the total. The ratio
 * is trees over trees; wood burned in 吨 and 立方米 is shown beside it, never converted.
 */
export function ratioOf(
  sections: { code: string; name: string }[],
  rows: SumRow[],
  fellingTable: string | undefined,
  burnTable: string,
  totalName: string,
): RatioValue {
  const item = (sectionCode: string, sectionName: string, mine: SumRow[]): RatioItem => {
    const felled = fellingTable
      ? mine.filter((r) => r.table === fellingTable).reduce((a, r) => a + r.n, 0)
      : 0;
    const burns = mine.filter((r) => r.table === burnTable);
    const wood = shown({
      trees: burns.reduce((a, r) => a + r.qty, 0),
      tons: burns.reduce((a, r) => a + (r.tons ?? 0), 0),
      m3: burns.reduce((a, r) => a + (r.m3 ?? 0), 0),
    });
    return {
      sectionCode,
      sectionName,
      felled,
      burned: wood.trees,
      burnedTons: wood.tons,
      burnedM3: wood.m3,
      ratio: ratio(wood.trees, felled),
    };
  };
  const list = sections.map((s) =>
    item(
      s.code,
      s.name,
      rows.filter((r) => r.section === s.code),
    ),
  );
  const known = new Set(sections.map((s) => s.code));
  return {
    list,
    total: item(
      '',
      totalName,
      rows.filter((r) => known.has(r.section ?? '')),
    ),
  };
}

const numberOrNull = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};
const text = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

/** A row of the records list as a burn record of the report lists, its point's state looked up. */
export function burnItemOf(
  row: RecordRow,
  points: Points,
  sectionNames: Map<string, string>,
): BurnRecordItem {
  const fsd = text(row['fsd']);
  return {
    id: row.id,
    fsd,
    pointState: stateOf(points, fsd),
    yimushuliang: numberOrNull(row['yimushuliang']),
    jldw: text(row['jldw']),
    fssj: text(row['fssj']),
    biaoduan: row.code_project4,
    sectionName: sectionNames.get(row.code_project4) ?? row.code_project4,
    userName: row.userName,
    time_submit: row.time_submit,
    code_state: row.code_state,
  };
}
