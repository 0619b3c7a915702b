import { z } from 'zod';

/** GET /api/data/tableSummary — the data centre's overview of a project's standard tables (#17). */
export const tableSummaryQuery = z.object({ prjCode: z.string().min(1).max(64) });
export const tableSummaryValue = z.array(
  z.object({
    tableCode: z.string(),
    tableName: z.string(),
    /** Live records per state: 10 uploaded, 20 approved, 30 sent back, 40 rejected. */
    states: z.object({ '10': z.number(), '20': z.number(), '30': z.number(), '40': z.number() }),
    total: z.number(),
    /** The last China day with a record (by its collection time), null when none. */
    lastDay: z.string().nullable(),
  }),
);
export type TableSummary = z.infer<typeof tableSummaryValue>;
