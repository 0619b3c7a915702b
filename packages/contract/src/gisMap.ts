import { z } from 'zod';
import { dayBound } from './dayBound.ts';
import { recordState } from './records/row.ts';

/**
 * GIS map (issue #17, spec §2 /gistest): every record of the selected project on the offline map.
 * The server aggregates: GET /api/gis/cells answers grid cells (count, centre, extent) for the
 * viewport and zoom, or the records themselves once few enough are in view (docs/decisions/
 * 0170-gis-grid-aggregation.md, 0171-gis-points-when-few.md).
 */

/** At most this many records come back as points; more in view are answered as cells. */
export const GIS_POINTS_MAX = 500;
/** At most this many grid cells per answer: the server widens the cells to stay under it. */
export const GIS_CELLS_MAX = 4096;

export const gisCellsQuery = z
  .object({
    /** The map's zoom (Leaflet's, 0–22): cells are about 64 px across at it. */
    zoom: z.coerce.number().int().min(0).max(22),
    west: z.coerce.number().min(-180).max(180),
    south: z.coerce.number().min(-90).max(90),
    east: z.coerce.number().min(-180).max(180),
    north: z.coerce.number().min(-90).max(90),
    /** Standard table code; all the project's tables when left out. */
    tableCode: z.string().trim().min(1).max(64).optional(),
    sectionCode: z.string().trim().min(1).max(64).optional(),
    codeState: recordState.optional(),
    /** China days (yyyy-MM-dd) of time_submit, both included. */
    begin: dayBound,
    end: dayBound,
  })
  .superRefine((q, ctx) => {
    if (q.east <= q.west) ctx.addIssue({ code: 'custom', path: ['east'], message: 'east must exceed west' });
    if (q.north <= q.south)
      ctx.addIssue({ code: 'custom', path: ['north'], message: 'north must exceed south' });
    if (q.begin && q.end && q.end < q.begin)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'end must not precede begin' });
  });
export type GisCellsQuery = z.infer<typeof gisCellsQuery>;

export const gisCell = z.object({
  count: z.number(),
  /** Mean position of the cell's records (where the cluster is drawn). */
  lng: z.number(),
  lat: z.number(),
  /** Extent of the cell's records (what a click zooms to). */
  west: z.number(),
  south: z.number(),
  east: z.number(),
  north: z.number(),
});
export type GisCell = z.infer<typeof gisCell>;

/** A point's quantity and its unit, for its popup ("疫木数量 201.2 吨", "胸径 23 cm"). */
export const gisQuantity = z.object({ label: z.string(), value: z.number(), unit: z.string() });
export type GisQuantity = z.infer<typeof gisQuantity>;

export const gisPoint = z.object({
  id: z.string(),
  lng: z.number(),
  lat: z.number(),
  tableCode: z.string(),
  sectionCode: z.string(),
  codeState: z.string(),
  timeSubmit: z.string(),
  /** The table's headline quantity with its unit; null when the table has none or the record no value. */
  quantity: gisQuantity.nullable(),
});
export type GisPoint = z.infer<typeof gisPoint>;

export const gisCellsValue = z.object({
  /** `points` when at most GIS_POINTS_MAX records are in view, else `cells`. */
  mode: z.enum(['cells', 'points']),
  /** Cell edge in degrees the server grouped by. */
  cellSize: z.number(),
  /** Records in view (with the filters). */
  total: z.number(),
  cells: z.array(gisCell),
  points: z.array(gisPoint),
});
export type GisCellsValue = z.infer<typeof gisCellsValue>;

/** GET /api/gis/setup: what the map draws besides records, and what its filters offer. */
export const gisSetupValue = z.object({
  prjCode: z.string(),
  /** The project's county (GB/T 2260): its outline is drawn. */
  areaCode: z.string(),
  tables: z.array(z.object({ code: z.string(), name: z.string() })),
  /** The sections the caller may see (a section manager: theirs). */
  sections: z.array(z.object({ code: z.string(), name: z.string() })),
  burnPoints: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      kind: z.string(),
      state: z.string(),
      lng: z.number(),
      lat: z.number(),
    }),
  ),
});
export type GisSetup = z.infer<typeof gisSetupValue>;
