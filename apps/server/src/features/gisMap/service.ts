import {
  GIS_CELLS_MAX,
  GIS_POINTS_MAX,
  type GisCellsQuery,
  type GisCellsValue,
  type GisSetup,
} from '@pineguard/contract';
import type { Executor } from '../../db/client.ts';
import type { AuthContext } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { onChange } from '../../platform/changes.ts';
import { fail } from '../../platform/errors.ts';
import { Memo } from '../../platform/memo.ts';
import * as burnPoints from '../burnPoints/index.ts';
import * as projects from '../projects/index.ts';
import * as records from '../records/index.ts';
import * as standards from '../standards/index.ts';
import { headlineOf, quantityOf } from './quantity.ts';
import * as q from './queries.ts';

/**
 * The cell edge in degrees for a zoom: about 64 screen pixels (Leaflet's 256-pixel tiles span
 * 360 / 2^zoom degrees), widened by doubling until the viewport holds at most GIS_CELLS_MAX cells.
 */
export function cellSizeFor(
  zoom: number,
  bbox: { west: number; south: number; east: number; north: number },
) {
  let size = 90 / 2 ** zoom;
  const cellsAt = (s: number) =>
    (Math.floor(bbox.east / s) - Math.floor(bbox.west / s) + 1) *
    (Math.floor(bbox.north / s) - Math.floor(bbox.south / s) + 1);
  while (cellsAt(size) > GIS_CELLS_MAX) size *= 2;
  return size;
}

/**
 * Metadata changes rarely: a few seconds' reuse keeps a panning map to its one aggregate query.
 * Sections are dropped when any instance changes a project or section (the change feed); a
 * project's tables have no notification and live out their 5 s.
 */
const METADATA_MS = 5_000;
const tablesMemo = new Memo<Awaited<ReturnType<typeof standards.projectTables>>>(METADATA_MS);
const sectionsMemo = new Memo<Awaited<ReturnType<typeof projects.listSections>>>(METADATA_MS);
onChange((_db, change) => {
  if (change.kind === 'project' || change.kind === 'lost') sectionsMemo.forget();
});

const tablesOf = (db: Executor, projectCode: string) =>
  tablesMemo.get(db, projectCode, () => standards.projectTables(db, projectCode));
const sectionsOf = (db: Executor, projectCode: string) =>
  sectionsMemo.get(db, projectCode, () => projects.listSections(db, projectCode));

export async function setup(deps: AppDeps, auth: AuthContext, projectCode: string): Promise<GisSetup> {
  const { db } = deps.database;
  const project = await projects.findProject(db, projectCode);
  if (!project) throw fail.notFound();
  const [tables, sections, scope, points] = await Promise.all([
    tablesOf(db, projectCode),
    sectionsOf(db, projectCode),
    records.recordSectionScope(db, auth, projectCode),
    burnPoints.mapPoints(db, projectCode),
  ]);
  return {
    prjCode: projectCode,
    areaCode: project.areaCode,
    tables: tables.map((t) => ({ code: t.code, name: t.name })),
    sections: sections
      .filter((s) => !scope || scope.includes(s.code))
      .map((s) => ({ code: s.code, name: s.name })),
    burnPoints: points,
  };
}

/**
 * A view asked for again within a few seconds is answered from the first answer (every map of a
 * project opens on its county, and a whole county is a million rows to aggregate); concurrent
 * callers share the one query. Answers are keyed by records.rollupVersion, which moves at a write
 * in this process and when the counters' notification of another instance's write arrives (the
 * multi-instance test measures ~0.2 s); a dated view (not from the rollup) has only this key too,
 * since every record write moves the counters.
 */
const viewMemo = new Memo<q.CellRow[]>(5_000, 5_000);

/**
 * The records in view, aggregated by the database into grid cells; when at most GIS_POINTS_MAX
 * records are in view, those records as points instead. A section manager sees their sections'.
 */
export async function cells(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  input: GisCellsQuery,
): Promise<GisCellsValue> {
  const { db } = deps.database;
  if (input.tableCode !== undefined) {
    const tables = await tablesOf(db, projectCode);
    if (!tables.some((t) => t.code === input.tableCode))
      throw fail.invalid('tableNotInProject', { code: input.tableCode });
  }
  if (input.sectionCode !== undefined) {
    const sections = await sectionsOf(db, projectCode);
    if (!sections.some((s) => s.code === input.sectionCode))
      throw fail.invalid('sectionUnknown', { code: input.sectionCode });
  }
  const filter: q.GisFilter = {
    projectCode,
    west: input.west,
    south: input.south,
    east: input.east,
    north: input.north,
    tableCode: input.tableCode,
    sectionCode: input.sectionCode,
    sectionCodes: await records.recordSectionScope(db, auth, projectCode),
    state: input.codeState,
    begin: input.begin,
    end: input.end,
  };
  const cellSize = cellSizeFor(input.zoom, input);
  // Up to zoom 13 (a cell of whole base cells) and without dates the rollup answers.
  const fromRollup =
    cellSize >= records.MAP_BASE_CELL && input.begin === undefined && input.end === undefined;
  const rows = await viewMemo.get(
    db,
    `${records.rollupVersion()}:${JSON.stringify([filter, cellSize])}`,
    () => (fromRollup ? q.cellsFromRollup(db, filter, cellSize) : q.cells(db, filter, cellSize)),
  );
  const cellList = rows.map((r) => ({
    count: Number(r.n),
    lng: r.lng,
    lat: r.lat,
    west: r.west,
    south: r.south,
    east: r.east,
    north: r.north,
  }));
  const total = cellList.reduce((a, c) => a + c.count, 0);
  if (total > GIS_POINTS_MAX) return { mode: 'cells', cellSize, total, cells: cellList, points: [] };
  // Each point's quantity with its unit (its popup), per table from the descriptors.
  const headlines = new Map(
    (await tablesOf(db, projectCode)).flatMap((tb) => {
      const h = headlineOf(tb.code, tb.columns);
      return h ? [[tb.code, h] as const] : [];
    }),
  );
  const found = await q.points(
    db,
    filter,
    GIS_POINTS_MAX,
    [...headlines.values()].map((h) => ({ tableCode: h.tableCode, code: h.code, unitColumn: h.unitColumn })),
  );
  return {
    mode: 'points',
    cellSize,
    // Exact: the rollup's total may count a few records of edge cells just outside the view.
    total: found.length,
    cells: [],
    points: found.map((p) => ({
      id: p.id,
      lng: p.lng,
      lat: p.lat,
      tableCode: p.table_code,
      sectionCode: p.section_code,
      codeState: p.state,
      timeSubmit: p.time_submit,
      quantity: quantityOf(headlines.get(p.table_code), p.qty === null ? null : Number(p.qty), p.qty_unit),
    })),
  };
}
