import { z } from 'zod';

/**
 * Field records (spec §2, §3, §7 "Sync and data", §9): one row of a project's standard table.
 * Wire names follow the spec (fixed columns keep their snake_case codes, dynamic fields are
 * flattened into the row under their column code).
 */

/** Review states: 10 uploaded, 20 approved, 30 sent back for correction, 40 rejected. */
export const recordStates = ['10', '20', '30', '40'] as const;
export const recordState = z.enum(recordStates);
export type RecordState = z.infer<typeof recordState>;
export const recordStateLabels: Record<RecordState, { 'zh-CN': string; en: string }> = {
  '10': { 'zh-CN': '已上传', en: 'Uploaded' },
  '20': { 'zh-CN': '已通过', en: 'Approved' },
  '30': { 'zh-CN': '已退回', en: 'Sent back' },
  '40': { 'zh-CN': '已驳回', en: 'Rejected' },
};

/** Columns every record has, whatever its table (spec fixed fields). Not editable in a correction. */
export const fixedColumnCodes = [
  'id',
  'xmdq',
  'code_project1',
  'code_project2',
  'code_project3',
  'code_project4',
  'code_usr_account',
  'userName',
  'time_submit',
  'time_update',
  'time_edit',
  'user_edit',
  'gps_long',
  'gps_lat',
  'gps_alt',
  'gps_range',
  'gps_xian',
  'gps_xiang',
  'gps_xzcun',
  'gps_xiaoban',
  'code_state',
] as const;
export type FixedColumnCode = (typeof fixedColumnCodes)[number];
/** Fixed columns a list may be sorted by (each served by an index or cheap enough within a filter). */
export const sortableFixedColumns = ['time_submit', 'time_update', 'code_state', 'id'] as const;

/** Largest serialized `fields` object of one record (bytes of JSON). */
export const MAX_FIELDS_BYTES = 64 * 1024;

/** One row of the list: the fixed columns with spec names plus each dynamic field under its code. */
export const recordRow = z
  .object({
    id: z.string(),
    xmdq: z.string(),
    code_project1: z.string(),
    code_project2: z.string(),
    code_project3: z.string(),
    code_project4: z.string(),
    code_usr_account: z.string(),
    userName: z.string(),
    time_submit: z.string(),
    time_update: z.string(),
    time_edit: z.string().nullable(),
    user_edit: z.string().nullable(),
    gps_long: z.string(),
    gps_lat: z.string(),
    gps_alt: z.string(),
    gps_range: z.string(),
    gps_xian: z.string(),
    gps_xiang: z.string(),
    gps_xzcun: z.string(),
    gps_xiaoban: z.string(),
    code_state: z.string(),
    /** Reason of the last send-back / rejection, shown to the collector. */
    state_reason: z.string().nullable(),
    table_code: z.string(),
    deleted: z.boolean(),
    /** A burn record naming a suspended or unregistered burn point (issue 15); absent otherwise. */
    fsd_flag: z.enum(['suspended', 'unknown']).optional(),
    /** The first photo's signed links (lists only; a few minutes valid): the row's thumbnail. */
    thumbUrl: z.string().nullable().optional(),
    photoUrl: z.string().nullable().optional(),
  })
  .catchall(z.unknown());
export type RecordRow = z.infer<typeof recordRow>;
