import { z } from 'zod';
import { tableCode } from '../standards.ts';
import { recordDetail } from './detail.ts';
import { queryDataListBody } from './list.ts';
import { code } from './text.ts';

/** Tree quantity (亩数 / ymfs): records of the burning table gbymfs0101 with a quantity. */

/** The table tree-quantity calls work on by default (spec: default table gbymfs0101). */
export const YMFS_TABLE = 'gbymfs0101';

export const queryYmfsListBody = queryDataListBody.extend({
  prjStandCode: tableCode.default(YMFS_TABLE),
});
export const ymfsDetailValue = z.object({
  data: recordDetail,
  yimushuliang: z.unknown(),
  table_code: z.string(),
  beizhu: z.string().nullable(),
});
/** POST /api/data/examineYmfs {code_result: 20, pid, extras}: approve (20) or send back (30) with a reason in extras. */
export const examineYmfsBody = z
  .object({
    code_result: z.coerce
      .number()
      .int()
      .refine((n) => [20, 30, 40].includes(n)),
    pid: z.uuid(),
    extras: z.string().trim().max(200).optional(),
  })
  .refine((b) => b.code_result === 20 || (b.extras?.length ?? 0) > 0, {
    path: ['extras'],
    message: 'recordReasonRequired',
  });
/** POST /api/data/updateYmfs: rectification of the quantity and its note. */
export const updateYmfsBody = z.object({
  id: z.uuid(),
  projectCode: code.optional(),
  yimushuliang: z.union([z.number(), z.string().trim().max(20)]),
  tableCode: tableCode.default(YMFS_TABLE),
  beizhu: z.string().trim().max(500).optional(),
  extras: z.string().trim().max(200).optional(),
});
/** DELETE /api/data/delYmfs?id= */
export const delYmfsQuery = z.object({ id: z.uuid() });
