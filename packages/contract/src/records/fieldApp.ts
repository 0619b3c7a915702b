import { z } from 'zod';
import { standardTableItem } from '../standards.ts';

/**
 * The field app's doors (not in the spec; docs/decisions/0116-offline-queue.md,
 * 0124-my-records.md): sending records, what to record where, and the caller's own records.
 */

/** Most records one ingestion call may carry. */
export const MAX_RECORDS_PER_BATCH = 500;

/** POST /api/collect/records — the field app's door (not in the spec). */
export const collectRecord = z.object({
  uuid: z.uuid(),
  tableCode: z.string().trim().max(32),
  sectionCode: z.string().trim().max(32),
  /** When the device saved it (ISO 8601). */
  timeSubmit: z.iso.datetime({ offset: true }),
  gps: z.object({
    long: z.number().min(-180).max(180),
    lat: z.number().min(-90).max(90),
    alt: z.number().min(-1000).max(10000).default(0),
    range: z.number().min(0).max(100000).default(0),
  }),
  /** Location names; the server fills empty ones from the point and the area data. */
  place: z
    .object({
      xian: z.string().max(30).optional(),
      xiang: z.string().max(30).optional(),
      xzcun: z.string().max(30).optional(),
      xiaoban: z.string().max(30).optional(),
    })
    .optional(),
  fields: z.record(z.string(), z.unknown()),
});
export type CollectRecord = z.infer<typeof collectRecord>;
export const collectBody = z.object({
  records: z.array(z.unknown()).min(1).max(MAX_RECORDS_PER_BATCH),
});
export const fieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldError>;
export const collectResult = z.object({
  uuid: z.string(),
  status: z.enum(['created', 'duplicate', 'rejected']),
  id: z.string().optional(),
  errors: z.array(fieldError).optional(),
});
export type CollectResult = z.infer<typeof collectResult>;
export const collectValue = z.object({ results: z.array(collectResult) });

/** GET /api/collect/setup: what the field app needs for the selected project. */
export const collectSetupValue = z.object({
  project: z.object({ code: z.string(), name: z.string() }),
  /** The sections the caller may record in: a field worker's assigned ones, else all. */
  sections: z.array(z.object({ code: z.string(), name: z.string() })),
  /**
   * True for a field worker (role worker), whose sections are those assigned to them (标段分配);
   * with none, the app asks them to see the project administrator.
   */
  assignedOnly: z.boolean(),
  /** The project's standard tables (its control measures' tables), active columns only. */
  tables: z.array(standardTableItem),
});
export type CollectSetupValue = z.infer<typeof collectSetupValue>;

/** POST /api/collect/states {ids}: the review state of the caller's own records (sent back → reason). */
export const collectStatesBody = z.object({ ids: z.array(z.uuid()).min(1).max(MAX_RECORDS_PER_BATCH) });
export const collectStateItem = z.object({
  id: z.string(),
  state: z.string(),
  reason: z.string().nullable(),
  deleted: z.boolean(),
});
export type CollectStateItem = z.infer<typeof collectStateItem>;
export const collectStatesValue = z.object({ list: z.array(collectStateItem) });

/**
 * POST /api/collect/mine {cursor?, pageSize?}: the caller's own records of the last 30 days in the
 * selected project, newest first (sent from any phone), paged by keyset: `nextCursor` is null on
 * the last page.
 */
export const MINE_DAYS = 30;
export const collectMineBody = z.object({
  cursor: z.string().max(200).optional(),
  pageSize: z.number().int().min(1).max(100).default(50),
});
export const collectMineItem = z.object({
  id: z.string(),
  tableCode: z.string(),
  sectionCode: z.string(),
  timeSubmit: z.string(),
  /** 10 uploaded, 20 approved, 30 sent back, 40 rejected. */
  state: z.string(),
  reason: z.string().nullable(),
});
export type CollectMineItem = z.infer<typeof collectMineItem>;
export const collectMineValue = z.object({
  list: z.array(collectMineItem),
  nextCursor: z.string().nullable(),
});
export type CollectMineValue = z.infer<typeof collectMineValue>;
