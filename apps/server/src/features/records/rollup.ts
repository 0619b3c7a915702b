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
  /** The record's position (record_cells); (0, 0) is no position and counts in no cell. */
  long: number;
  lat: number;
  n: number;
  qty: number;
};

/**
 * The edge of record_cells' base cell in degrees: the map's cell at zoom 13 (90 / 2^zoom, see
 * gisMap cellSizeFor). Every coarser zoom's cell is a power of two of it, so a base cell lies in
 * exactly one cell of any zoom ≤ 13: floor(floor(x / b) / 2^k) = floor(x / (b · 2^k)).
 */
export const MAP_BASE_CELL = 90 / 2 ** 13;

export type CellDelta = {
  projectCode: string;
  cx: number;
  cy: number;
  tableCode: string;
  sectionCode: string;
  state: string;
  n: number;
  sumLong: number;
  sumLat: number;
};

/** A batch's count changes per base map cell, summed, sorted like groupDeltas (one lock order). */
export function groupCellDeltas(deltas: RollupDelta[]): CellDelta[] {
  const grouped = new Map<string, CellDelta>();
  for (const d of deltas) {
    if (d.n === 0 || (d.long === 0 && d.lat === 0)) continue;
    const cx = Math.floor(d.long / MAP_BASE_CELL);
    const cy = Math.floor(d.lat / MAP_BASE_CELL);
    const key = [d.projectCode, cx, cy, d.tableCode, d.sectionCode, d.state].join('\u0000');
    const g = grouped.get(key);
    if (g) {
      g.n += d.n;
      g.sumLong += d.n * d.long;
      g.sumLat += d.n * d.lat;
    } else {
      grouped.set(key, {
        projectCode: d.projectCode,
        cx,
        cy,
        tableCode: d.tableCode,
        sectionCode: d.sectionCode,
        state: d.state,
        n: d.n,
        sumLong: d.n * d.long,
        sumLat: d.n * d.lat,
      });
    }
  }
  return [...grouped.entries()]
    .filter(([, d]) => d.n !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, d]) => d);
}

/** A row of record_counts' change: a delta without the position. */
export type CountRow = Omit<RollupDelta, 'long' | 'lat'>;

/** Sums a batch's deltas per rollup row and drops those that cancel out (one upsert per row). */
export function groupDeltas(deltas: RollupDelta[]): CountRow[] {
  const grouped = new Map<string, CountRow>();
  for (const { long: _long, lat: _lat, ...d } of deltas) {
    const key = [d.projectCode, d.tableCode, d.sectionCode, d.state, d.day, d.township].join('\u0000');
    const g = grouped.get(key);
    if (g) {
      g.n += d.n;
      g.qty += d.qty;
    } else grouped.set(key, d);
  }
  const values = [...grouped.values()]
    .map((d) => ({ ...d, qty: Math.round(d.qty * 1000) / 1000 }))
    .filter((d) => d.n !== 0 || d.qty !== 0);
  // Sorted so that concurrent batches lock the counter rows in one order (no deadlocks).
  const keyOf = (d: CountRow) =>
    [d.projectCode, d.tableCode, d.sectionCode, d.state, d.day, d.township].join('\u0000');
  return values.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
}
