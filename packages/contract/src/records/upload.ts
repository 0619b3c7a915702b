import { z } from 'zod';
import { columnDescriptor, tableCode } from '../standards.ts';
import { code } from './text.ts';

/** A record entered on a PC (the upload dialog), beside the field app's door in fieldApp.ts. */

/** POST /api/sync/uploadData4PC — one record entered on a PC. */
export const uploadData4PCBody = z.object({
  tbName: tableCode,
  data: z.record(z.string(), z.unknown()),
});
export const createdValue = z.object({ id: z.string() });

/** POST /api/data/uploadColumns — the upload dialog's columns and the project's prevention sites. */
export const uploadColumnsBody = z.object({
  prjCode: code.optional(),
  tbName: tableCode.optional(),
  /** Prevention site (防治措施) code: its standard table's columns. */
  fzcs: code.optional(),
});
export const uploadColumnsValue = z.object({
  tbName: z.string(),
  columnList: z.array(columnDescriptor),
  sections: z.array(z.object({ code: z.string(), name: z.string() })),
});
