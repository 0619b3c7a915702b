import { STUMP_LIMIT_CM } from '@pineguard/contract';

/**
 * The quantity a record adds to the per-day rollup (`record_counts.qty`), in trees. Which field
 * carries a quantity is fixed per built-in standard table (docs/decisions/0152-overview-measures.md): the
 * dead-pine survey's 枯死株数 (`kssl`) and the burning record's 疫木数量 (`yimushuliang`) when
 * its unit (`jldw`) is 株 or not given; every other table counts records only (qty 0).
 */
export const quantityFields: Record<string, { field: string; unitField?: string; unit?: string }> = {
  gbksdc0101: { field: 'kssl' },
  gbymfs0101: { field: 'yimushuliang', unitField: 'jldw', unit: '株' },
};

const numberOf = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : 0;
  return Number.isFinite(n) && n > 0 ? n : 0;
};

export function quantityOf(tableCode: string, fields: Record<string, unknown>): number {
  const q = quantityFields[tableCode];
  if (!q) return 0;
  if (q.unitField) {
    const unit = fields[q.unitField];
    if (unit !== undefined && unit !== null && unit !== '' && unit !== q.unit) return 0;
  }
  return numberOf(fields[q.field]);
}

/** The distinct QR codes a burn record lists (multi_qrcode, comma-separated). */
export function listedTags(fields: Record<string, unknown>): string[] {
  const v = fields.multi_qrcode;
  if (typeof v !== 'string' || !v) return [];
  return [
    ...new Set(
      v
        .split(/[,，]/)
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * Everything a record adds to record_counts besides its count (migration 0022 derives the same
 * from stored records): trees (qty), burnt tons and m³ (never added to trees), QR tags named, and
 * for felling records whether the stump is treated within STUMP_LIMIT_CM.
 */
export type Measures = { qty: number; tons: number; m3: number; tags: number; treated: number };
export const noMeasures: Measures = { qty: 0, tons: 0, m3: 0, tags: 0, treated: 0 };

export function measuresOf(tableCode: string, fields: Record<string, unknown>): Measures {
  const m = { ...noMeasures, qty: quantityOf(tableCode, fields) };
  if (tableCode === 'gbymfs0101') {
    if (fields.jldw === '吨') m.tons = numberOf(fields.yimushuliang);
    else if (fields.jldw === '立方米') m.m3 = numberOf(fields.yimushuliang);
    m.tags = listedTags(fields).length;
  } else if (tableCode === 'gbcfcz0101') {
    m.tags = typeof fields.qrcode === 'string' && fields.qrcode.trim() ? 1 : 0;
    const stump = fields.dungao;
    const treatedOk = typeof fields.multi_fzcl === 'string' && fields.multi_fzcl !== '';
    m.treated = treatedOk && typeof stump === 'number' && stump <= STUMP_LIMIT_CM ? 1 : 0;
  }
  return m;
}

/** `m` times `sign` (+1 adds a record, -1 takes it away). */
export const scaled = (m: Measures, sign: number): Measures => ({
  qty: sign * m.qty,
  tons: sign * m.tons,
  m3: sign * m.m3,
  tags: sign * m.tags,
  treated: sign * m.treated,
});
/** What changed between two versions of a record's fields (a correction). */
export const measuresChange = (
  tableCode: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
) => {
  const a = measuresOf(tableCode, after);
  const b = measuresOf(tableCode, before);
  return {
    qty: a.qty - b.qty,
    tons: a.tons - b.tons,
    m3: a.m3 - b.m3,
    tags: a.tags - b.tags,
    treated: a.treated - b.treated,
  };
};

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
} & Measures;

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
      g.tons += d.tons;
      g.m3 += d.m3;
      g.tags += d.tags;
      g.treated += d.treated;
    } else grouped.set(key, { ...d });
  }
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  const values = [...grouped.values()]
    .map((d) => ({ ...d, qty: r3(d.qty), tons: r3(d.tons), m3: r3(d.m3) }))
    .filter((d) => d.n !== 0 || d.qty !== 0 || d.tons !== 0 || d.m3 !== 0 || d.tags !== 0 || d.treated !== 0);
  // Sorted so that concurrent batches lock the counter rows in one order (no deadlocks).
  const keyOf = (d: CountRow) =>
    [d.projectCode, d.tableCode, d.sectionCode, d.state, d.day, d.township].join('\u0000');
  return values.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
}
