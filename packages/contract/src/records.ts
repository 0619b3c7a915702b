import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { columnDescriptor, standardTableItem, tableCode } from './standards.ts';

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

/** Most records one ingestion call may carry. */
export const MAX_RECORDS_PER_BATCH = 500;
/** Largest serialized `fields` object of one record (bytes of JSON). */
export const MAX_FIELDS_BYTES = 64 * 1024;
/** Deepest page a list serves by page number alone (OFFSET); deeper pages need a cursor. */
export const MAX_RECORD_PAGE = 100_000;

const code = z.string().trim().max(64);
const dateOnly = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/);
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
  /** time_submit from this day (inclusive, YYYY-MM-DD, China time). */
  begin: dateOnly.optional(),
  /** time_submit up to this day (inclusive). */
  end: dateOnly.optional(),
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
  })
  .catchall(z.unknown());
export type RecordRow = z.infer<typeof recordRow>;

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

export const recordIdBody = z.object({ id: z.uuid() });
export const recordIdQuery = z.object({ id: z.uuid() });

/** A photo or video of a record: short-lived signed URLs for <img>/<video>. */
export const recordMedia = z.object({
  fileId: z.string(),
  field: z.string(),
  kind: z.enum(['photo', 'video']),
  name: z.string(),
  contentType: z.string(),
  url: z.string(),
  thumbUrl: z.string().nullable(),
  expiresAt: z.string(),
  /** From the photo's EXIF when it had one. */
  takenAt: z.string().nullable(),
  exifLong: z.number().nullable(),
  exifLat: z.number().nullable(),
  /** EXIF Make + Model. */
  camera: z.string().nullable(),
});
export type RecordMedia = z.infer<typeof recordMedia>;

export const historyActions = [
  'created',
  'corrected',
  'approved',
  'returned',
  'rejected',
  'comment',
  'deleted',
  'restored',
] as const;
export const historyAction = z.enum(historyActions);
export type HistoryAction = z.infer<typeof historyAction>;

export const fieldChange = z.object({
  field: z.string(),
  label: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type FieldChange = z.infer<typeof fieldChange>;

export const historyEntry = z.object({
  id: z.number().int(),
  action: historyAction,
  at: z.string(),
  actorName: z.string(),
  reason: z.string().nullable().optional(),
  changes: z.array(fieldChange).optional(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

/** POST /api/sync/queryDataDetail → value.data */
export const recordDetail = recordRow.and(
  z.object({
    media: z.array(recordMedia),
    record: z.array(historyEntry),
    columnList: z.array(columnDescriptor),
    descriptor_version: z.number().int(),
  }),
);
export type RecordDetail = z.infer<typeof recordDetail>;
/** POST /api/sync/queryDataDetail → value */
export const recordDetailValue = z.object({ data: recordDetail });
/** POST /api/data/columnList → value */
export const columnListValue = z.array(columnDescriptor);

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

/** POST /api/data/columnList: the descriptors of one standard table (for list, upload, correction). */
export const columnListBody = z.object({
  prjStandCode: tableCode,
  prjCode: code.optional(),
  /** Retired columns too (the list shows their old values). */
  withRetired: z.boolean().optional(),
});

/** POST /api/data/update — the approval save: a correction of dynamic fields (history keeps before/after). */
export const updateRecordBody = z.object({
  id: z.uuid(),
  /** Field code → new value; fixed, pic_ and vdo_ columns are not editable here. */
  fields: z.record(z.string(), z.unknown()),
  reason: z.string().trim().max(200).optional(),
});

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

/* ---- Tree quantity (亩数 / ymfs): records of the burning table gbymfs0101 with a quantity ---- */

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
/** POST /api/sync/examineUserList → value: users who may examine in the selected project. */
export const examineUser = z.object({ id: z.string(), account: z.string(), name: z.string() });
/** POST /api/sync/examineUserList → value */
export const examineUserListValue = z.array(examineUser);
export const examineUserListBody = z.object({ prjCode: code.optional() }).optional();

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
/* ---- The field app's other doors (not in the spec; docs/decisions/0116-offline-queue.md, 0124-my-records.md) ---- */

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
