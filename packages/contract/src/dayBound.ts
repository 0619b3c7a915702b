import { z } from 'zod';

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * One end of a list's date range (yyyy-MM-dd, China day, inclusive). An empty string
 * means "no bound", as every list of the original client sends it when the picker is cleared
 * (issue 29): lwryList, qrInfo/list, queryDataList and the rest answer alike.
 */
export const dayBound = z
  .union([z.literal(''), day])
  .transform((v) => v || undefined)
  .optional();
