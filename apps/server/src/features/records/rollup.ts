/**
 * The quantity a record adds to the per-day rollup (`record_counts.qty`), in trees. Which field
 * carries a quantity is fixed per built-in standard table (decision "Overview measures"): the
 * dead-pine survey's 枯死株数 (`kssl`) and the burning record's 疫木数量 (`yimushuliang`) when
 * its unit (`jldw`) is 株 or not given; every other table counts records only (qty 0).
 */
export const quantityFields: Record<string, { field: string; unitField?: string; unit?: string }> = {
  gbksdc0101: { field: 'kssl' },
  gbymfs0101: { field: 'yimushuliang', unitField: 'jldw', unit: '株' },
};

export function quantityOf(tableCode: string, fields: Record<string, unknown>): number {
  const q = quantityFields[tableCode];
  if (!q) return 0;
  if (q.unitField) {
    const unit = fields[q.unitField];
    if (unit !== undefined && unit !== null && unit !== '' && unit !== q.unit) return 0;
  }
  const v = fields[q.field];
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : 0;
  return Number.isFinite(n) && n > 0 ? n : 0;
}

export type RollupDelta = {
  projectCode: string;
  tableCode: string;
  sectionCode: string;
  state: string;
  day: string;
  township: string;
  n: number;
  qty: number;
};

/** Sums a batch's deltas per rollup row and drops those that cancel out (one upsert per row). */
export function groupDeltas(deltas: RollupDelta[]): RollupDelta[] {
  const grouped = new Map<string, RollupDelta>();
  for (const d of deltas) {
    const key = [d.projectCode, d.tableCode, d.sectionCode, d.state, d.day, d.township].join('\u0000');
    const g = grouped.get(key);
    if (g) {
      g.n += d.n;
      g.qty += d.qty;
    } else grouped.set(key, { ...d });
  }
  const values = [...grouped.values()]
    .map((d) => ({ ...d, qty: Math.round(d.qty * 1000) / 1000 }))
    .filter((d) => d.n !== 0 || d.qty !== 0);
  // Sorted so that concurrent batches lock the counter rows in one order (no deadlocks).
  const keyOf = (d: RollupDelta) =>
    [d.projectCode, d.tableCode, d.sectionCode, d.state, d.day, d.township].join('\u0000');
  return values.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
}
