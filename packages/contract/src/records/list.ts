import { z } from 'zod';
import { dayBound } from '../dayBound.ts';
import { pageQuery } from '../envelope.ts';
import { columnDescriptor, tableCode } from '../standards.ts';
import { recordRow, recordState } from './row.ts';
import { code } from './text.ts';

/**
 * The records list (数据中心): its filters, pages (by number, then by keyset cursor) and answer,
 * and the column descriptors a list, an upload form or a correction shows.
 */

/** Deepest page a list serves by page number alone (OFFSET); deeper pages need a cursor. */
export const MAX_RECORD_PAGE = 100_000;

/** Free-form sort: "<column code> asc|desc"; checked against the table's columns on the server. */
const sortText = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,39}( (asc|desc))?$/i);

/** POST /api/sync/queryDataList — filters as top-level fields, as the client sends them. */
export const queryDataListBody = pageQuery.extend({
  pageNum: z.coerce.number().int().min(1).max(MAX_RECORD_PAGE).default(1),
  /** Section code (标段). */
  biaoduan: code.optional(),
  /** time_submit from this day (inclusive, YYYY-MM-DD, China time); "" is no bound. */
  begin: dayBound,
  /** time_submit up to this day (inclusive); "" is no bound. */
  end: dayBound,
  keyWords: z.string().trim().max(50).optional(),
  prjCode: code.optional(),
  /** Standard table code (tbName), e.g. gbcfcz0101. */
  prjStandCode: tableCode,
  codeState: recordState.optional(),
  sort: sortText.default('time_submit desc'),
  /**
   * Keyset cursor from the previous answer (`nextCursor` to go forward one page, `prevCursor` to
   * go back one). With a cursor, pageNum is only the page's number for display.
   */
  cursor: z.string().max(500).optional(),
  /** Include soft-deleted records (the recycle view); needs records.delete. */
  deleted: z.boolean().optional(),
});
export type QueryDataListBody = z.infer<typeof queryDataListBody>;

export const recordListResult = z.object({
  list: z.array(recordRow),
  total: z.number().int(),
  totalExact: z.boolean(),
  nextCursor: z.string().optional(),
  prevCursor: z.string().optional(),
});

export const queryDataListValue = z.object({
  columnList: z.array(columnDescriptor),
  result: recordListResult,
});
export type QueryDataListValue = z.infer<typeof queryDataListValue>;

/** POST /api/data/columnList: the descriptors of one standard table (for list, upload, correction). */
export const columnListBody = z.object({
  prjStandCode: tableCode,
  prjCode: code.optional(),
  /** Retired columns too (the list shows their old values). */
  withRetired: z.boolean().optional(),
});
/** POST /api/data/columnList → value */
export const columnListValue = z.array(columnDescriptor);
