import type { PeriodFigures, ProgressMeasure } from '@pineguard/contract';

/** The standard tables the overview's measures read (docs/decisions/0152-overview-measures.md). */
export const measureTables = {
  found: 'gbksdc0101',
  felled: 'gbcfcz0101',
  burned: 'gbymfs0101',
} as const;
export const overviewTables = Object.values(measureTables);
/** Rejected records (40) never count; uploaded, approved and sent-back ones do. */
export const countedStates = ['10', '20', '30'];
export const APPROVED = '20';
export const WAITING = '10';

export type RollupLike = {
  table?: string;
  state?: string;
  n: number;
  qty: number;
  tons?: number;
  m3?: number;
};

/**
 * found / felled / burned trees, and wood burned in 吨 and 立方米 apart, of some rollup rows (rows
 * of other tables add nothing). Trees are whole: a fractional count stored before counts were
 * checked (an anomaly count_fractional, migration 0022) is rounded, never shown as 10.6 trees.
 */
export function figuresOf(rows: RollupLike[]): PeriodFigures {
  const f = { found: 0, felled: 0, burned: 0, burnedTons: 0, burnedM3: 0 };
  for (const r of rows) {
    if (r.state !== undefined && !countedStates.includes(r.state)) continue;
    if (r.table === measureTables.found) f.found += r.qty;
    else if (r.table === measureTables.felled) f.felled += r.n;
    else if (r.table === measureTables.burned) {
      f.burned += r.qty;
      f.burnedTons += r.tons ?? 0;
      f.burnedM3 += r.m3 ?? 0;
    }
  }
  return wholeTrees(f);
}

/** Trees rounded to whole ones, tons and m³ to two decimals. */
export function wholeTrees(f: PeriodFigures): PeriodFigures {
  return {
    found: Math.round(f.found),
    felled: Math.round(f.felled),
    burned: Math.round(f.burned),
    burnedTons: round(f.burnedTons, 2),
    burnedM3: round(f.burnedM3, 2),
  };
}

export function round(n: number, digits = 1): number {
  const p = 10 ** digits;
  return Math.round(n * p) / p;
}

/** part / whole in percent with one decimal; null without a positive whole. */
export function percent(part: number, whole: number | null): number | null {
  return whole && whole > 0 ? round((part / whole) * 100) : null;
}

/**
 * The figure `type` chooses and what its percentage is of: felling (cfcz) and the survey (ksdc)
 * against the plan, burning (ymfs) against what was felled.
 */
export function measureOf(
  type: ProgressMeasure,
  f: PeriodFigures,
  planned: number | null,
): { value: number; percent: number | null } {
  if (type === 'ymfs') return { value: f.burned, percent: percent(f.burned, f.felled) };
  if (type === 'ksdc') return { value: f.found, percent: percent(f.found, planned) };
  return { value: f.felled, percent: percent(f.felled, planned) };
}
