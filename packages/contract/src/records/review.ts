import { z } from 'zod';
import { queryDataListBody } from './list.ts';
import { code } from './text.ts';

/**
 * Reviewing records: approve, send back or reject (one, many, or every record of a filter),
 * delete and restore, and the reviewer's correction of a record's fields.
 */

/** Most records one "every record of the filter" review may move (narrow the filter beyond it). */
export const MAX_EXAMINE_BY_FILTER = 5000;
/** The list's filters, naming "every record of the filter" for a batch review. */
export const recordFilter = queryDataListBody.pick({
  biaoduan: true,
  begin: true,
  end: true,
  keyWords: true,
  prjCode: true,
  prjStandCode: true,
  codeState: true,
});
export type RecordFilter = z.input<typeof recordFilter>;

/**
 * POST /api/data/examine: one id or many (`ids`), or every record of a list filter (`filter`
 * with `expected`, the count the reviewer confirmed: a filter that now matches another count is
 * refused with the new count, so nobody approves records they did not see counted).
 */
export const examineActions = ['approve', 'return', 'reject'] as const;
export const examineBody = z
  .object({
    ids: z.array(z.uuid()).min(1).max(500).optional(),
    filter: recordFilter.optional(),
    expected: z.number().int().min(1).max(MAX_EXAMINE_BY_FILTER).optional(),
    action: z.enum(examineActions),
    reason: z.string().trim().max(200).optional(),
  })
  .refine((b) => b.action === 'approve' || (b.reason?.length ?? 0) > 0, {
    path: ['reason'],
    message: 'recordReasonRequired',
  })
  .refine((b) => (b.ids ? !b.filter : Boolean(b.filter && b.expected)), {
    path: ['ids'],
    message: 'examineIdsOrFilter',
  });
export type ExamineBody = z.infer<typeof examineBody>;
/** Answer of examine / del / restore: how many records changed (others were already there or not visible). */
export const changedValue = z.object({ changed: z.number().int(), ids: z.array(z.string()) });

/** POST /api/data/del and POST /api/data/restore (soft delete / undo). */
export const recordIdsBody = z.object({
  ids: z.array(z.uuid()).min(1).max(500),
  reason: z.string().trim().max(200).optional(),
});

/** POST /api/data/update — the approval save: a correction of dynamic fields (history keeps before/after). */
export const updateRecordBody = z.object({
  id: z.uuid(),
  /** Field code → new value; fixed, pic_ and vdo_ columns are not editable here. */
  fields: z.record(z.string(), z.unknown()),
  reason: z.string().trim().max(200).optional(),
});

/** POST /api/sync/examineUserList → value: users who may examine in the selected project. */
export const examineUser = z.object({ id: z.string(), account: z.string(), name: z.string() });
/** POST /api/sync/examineUserList → value */
export const examineUserListValue = z.array(examineUser);
/** Optional: a POST with no body at all (Fastify hands the schema null) names the selected project. */
export const examineUserListBody = z.object({ prjCode: code.optional() }).nullish();
