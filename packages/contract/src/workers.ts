import { z } from 'zod';
import { pageOf, pageQuery } from './envelope.ts';
import { chinaToday } from './chinaTime.ts';
import { MOBILE_PATTERN, parseIdNumber } from './idNumber.ts';

/**
 * Labour workers (劳务人员, the spec's lwry). Wire names are the spec's and the original client's
 * (examineStatus, ifFace, ifToubao, allowCard, bxLimit); inside the code they are reviewStatus,
 * hasFace, insured, clockIn and insuranceEndingWithin.
 */

/** Review (审核) status on the wire: 0 pending, 1 approved, 2 rejected. */
export const ExamineStatus = { pending: 0, approved: 1, rejected: 2 } as const;
export type ExamineStatusValue = (typeof ExamineStatus)[keyof typeof ExamineStatus];
export const examineStatus = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** Teams (班组) and jobs (工种) a worker can be put in: the crews of a felling-and-burning campaign. */
export const workerTeams = ['伐除组', '清理组', '运输组', '焚烧组', '监测组', '后勤组'] as const;
export const workerJobs = [
  '伐木工',
  '油锯手',
  '装运工',
  '焚烧员',
  '安全员',
  '调查员',
  '司机',
  '普工',
] as const;

const flag = z.union([z.literal(0), z.literal(1)]);
const date = z.iso.date();
/** '' from a cleared select is "no filter". */
const emptyAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const idNumberField = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const parsed = parseIdNumber(value, chinaToday());
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.problem });
  })
  .transform((v) => v.toUpperCase());

export const mobileField = z
  .string()
  .trim()
  .refine((v) => MOBILE_PATTERN.test(v), { message: 'phoneInvalid' });

/** §3 worker list filter payload. */
export const lwryListBody = pageQuery.extend({
  addTimeBegin: z.preprocess(emptyAsUndefined, date.optional()),
  addTimeEnd: z.preprocess(emptyAsUndefined, date.optional()),
  examineStatus: z.preprocess(emptyAsUndefined, z.coerce.number().pipe(examineStatus).optional()),
  /**
   * Insurance filter (baoxianStaus): N > 0 = insured and the policy ends within the next N days
   * (today included); 0 = the policy has ended (or was never taken out: not insured today).
   */
  bxLimit: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(3650).optional()),
  ifFace: z.preprocess(emptyAsUndefined, z.coerce.number().pipe(flag).optional()),
  ifToubao: z.preprocess(emptyAsUndefined, z.coerce.number().pipe(flag).optional()),
  keyword: z.preprocess(emptyAsUndefined, z.string().trim().max(50).optional()),
  sectionCode: z.preprocess(emptyAsUndefined, z.string().max(50).optional()),
  /**
   * Keyset cursor: `nextCursor` of the previous page's answer, to read the page after it by the
   * (created, id) index instead of OFFSET. With a cursor, pageNum is only the page's number.
   */
  cursor: z.preprocess(emptyAsUndefined, z.string().max(200).optional()),
});
export type LwryListBody = z.infer<typeof lwryListBody>;
export type LwryListInput = z.input<typeof lwryListBody>;

/** One row of the list: the ID number masked. */
export const lwryItem = z.object({
  id: z.string(),
  name: z.string(),
  idNumber: z.string(),
  phone: z.string(),
  sex: flag,
  birthday: z.string(),
  age: z.number().int(),
  sectionCode: z.string(),
  sectionName: z.string(),
  team: z.string(),
  job: z.string(),
  ifFace: flag,
  faceUrl: z.string().nullable(),
  ifToubao: flag,
  bxStart: z.string().nullable(),
  bxEnd: z.string().nullable(),
  /** Insurance valid today. */
  bxValid: flag,
  examineStatus,
  examineReason: z.string(),
  allowCard: flag,
  /** Registered with the minimum and still missing photos or a face: cannot be approved yet. */
  complete: flag,
  addTime: z.string(),
  addUser: z.string(),
});
export type LwryItem = z.infer<typeof lwryItem>;

/** The list's answer: a page, its total (the planner's estimate past 10,000: totalExact false), and
 * the cursor of the next page (null on the last page). */
export const lwryListValue = pageOf(lwryItem).extend({ nextCursor: z.string().nullable() });
export type LwryListValue = z.infer<typeof lwryListValue>;

export const lwryFace = z.object({
  id: z.string(),
  fileId: z.string(),
  url: z.string(),
  current: flag,
  addTime: z.string(),
});
export type LwryFace = z.infer<typeof lwryFace>;
/** The faces of a worker (lwryAqbbList, and faceUpdate's answer). */
export const lwryFaceList = z.array(lwryFace);

export const lwryDetail = lwryItem.extend({
  projectcode: z.string(),
  regionCode: z.string(),
  regionName: z.string(),
  /** Full only with the workers.idNumber permission. */
  idNumberMasked: z.boolean(),
  insurer: z.string(),
  policyNo: z.string(),
  idCardFront: z.string().nullable(),
  idCardBack: z.string().nullable(),
  idCardFrontUrl: z.string().nullable(),
  idCardBackUrl: z.string().nullable(),
  faces: z.array(lwryFace),
  history: z.array(
    z.object({ at: z.string(), action: z.string(), text: z.string(), actor: z.string().nullable() }),
  ),
});
export type LwryDetail = z.infer<typeof lwryDetail>;

const optionalText = (max: number) => z.string().trim().max(max).default('');
const optionalDate = z.preprocess(emptyAsUndefined, date.nullable().default(null));
const optionalFile = z.preprocess(emptyAsUndefined, z.uuid().nullable().default(null));

/** Fields a worker is saved with; name, ID number, phone and section are enough to register. */
const workerFields = z.object({
  name: z.string().trim().min(1).max(30),
  idNumber: idNumberField,
  phone: mobileField,
  sectionCode: z.string().trim().min(1).max(50),
  team: optionalText(30),
  job: optionalText(30),
  ifToubao: z.coerce.number().pipe(flag).default(0),
  insurer: optionalText(100),
  policyNo: optionalText(100),
  bxStart: optionalDate,
  bxEnd: optionalDate,
  idCardFront: optionalFile,
  idCardBack: optionalFile,
  /** Face photos (uploaded files of kind face) added on save; the first becomes current if none is. */
  faceFileIds: z.array(z.uuid()).max(10).default([]),
});

function checkInsurance(
  v: { ifToubao: number; bxStart: string | null; bxEnd: string | null },
  ctx: z.RefinementCtx,
) {
  if (v.bxStart && v.bxEnd && v.bxEnd < v.bxStart) {
    ctx.addIssue({ code: 'custom', path: ['bxEnd'], message: 'insuranceEndBeforeStart' });
  }
  if (v.ifToubao === 1 && (!v.bxStart || !v.bxEnd)) {
    ctx.addIssue({
      code: 'custom',
      path: [v.bxStart ? 'bxEnd' : 'bxStart'],
      message: 'insuranceDatesRequired',
    });
  }
}

export const lwryInsertBody = workerFields
  .extend({ projectcode: z.string().optional() })
  .superRefine(checkInsurance);
export type LwryInsertBody = z.infer<typeof lwryInsertBody>;
export const lwryInsertValue = z.object({ id: z.string() });

export const lwryUpdateBody = workerFields.extend({ id: z.uuid() }).superRefine(checkInsurance);
export type LwryUpdateBody = z.infer<typeof lwryUpdateBody>;
export type LwryInsertInput = z.input<typeof lwryInsertBody>;
export type LwryUpdateInput = z.input<typeof lwryUpdateBody>;

export const lwryIdQuery = z.object({ id: z.uuid() });

export const updateAllowCardBody = z.object({ id: z.uuid(), allowCard: z.coerce.number().pipe(flag) });

export const loadIdCardQuery = z.object({ idNumber: z.string().trim().min(1).max(30) });
export const loadIdCardValue = z.object({
  idNumber: z.string(),
  birthday: z.string(),
  sex: flag,
  age: z.number().int(),
  regionCode: z.string(),
  regionName: z.string(),
  /** A worker of the current project with this number, if any. */
  existing: z.object({ id: z.string(), name: z.string() }).nullable(),
});

/** Adds an uploaded face (fileId) or makes an existing face (faceId) the current one. */
export const faceUpdateBody = z
  .object({
    id: z.uuid(),
    fileId: z.uuid().optional(),
    faceId: z.uuid().optional(),
    current: z.boolean().default(true),
  })
  .refine((v) => Boolean(v.fileId) !== Boolean(v.faceId), { message: 'faceOneOf', path: ['fileId'] });

export const lwryFaceAddQuery = z.object({ projectcode: z.string().optional(), lwryId: z.uuid() });
export const lwryFaceAddValue = z.object({
  lwryId: z.string(),
  uploadUrl: z.string(),
  bindUrl: z.string(),
  maxBytes: z.number(),
  types: z.array(z.string()),
});

export const lwryAqbbQuery = z.object({ lwryId: z.uuid() });

/** Approve (1) or reject (2, reason required) one worker or many. */
export const workerExamineBody = z
  .object({
    userId: z.union([z.uuid(), z.array(z.uuid()).min(1).max(500)]),
    examineStatus: z.union([z.literal(1), z.literal(2)]),
    reason: z.string().trim().max(200).default(''),
  })
  .refine((v) => v.examineStatus === 1 || v.reason.length > 0, {
    message: 'reasonRequired',
    path: ['reason'],
  });
export const examineValue = z.object({
  approved: z.number().int(),
  rejected: z.number().int(),
  /** Workers left as they were, with why (not pending, incomplete). */
  skipped: z.array(z.object({ id: z.string(), name: z.string(), reason: z.string() })),
});

/**
 * POST /api/lwryUser/unexamine (issue 29): a reviewer undoes reviews, one or many: approved or
 * rejected workers go back to pending (待审核), the history and the audit log keep both steps.
 */
export const workerUnexamineBody = z.object({
  userId: z.union([z.uuid(), z.array(z.uuid()).min(1).max(500)]),
});
export const unexamineValue = z.object({
  revoked: z.number().int(),
  /** Workers left as they were (still pending), with why. */
  skipped: z.array(z.object({ id: z.string(), name: z.string(), reason: z.string() })),
});

export const lwryExportBody = lwryListBody.omit({ pageNum: true, pageSize: true, cursor: true });

/** Statistics of /lwrymanager/laowucensus. */
export const lwryCensusValue = z.object({
  total: z.number().int(),
  bySection: z.array(z.object({ sectionCode: z.string(), sectionName: z.string(), count: z.number().int() })),
  byStatus: z.array(z.object({ examineStatus, count: z.number().int() })),
  allowCard: z.number().int(),
  insuranceEnding: z.array(
    z.object({ id: z.string(), name: z.string(), sectionName: z.string(), bxEnd: z.string() }),
  ),
  insuranceEndingCount: z.number().int(),
  perWeek: z.array(z.object({ week: z.string(), count: z.number().int() })),
});
export type LwryCensus = z.infer<typeof lwryCensusValue>;

/* ---- Clock-in (打卡) from the field app (not in the spec; docs/decisions/0119-field-clock-in.md) ---- */

/** POST /api/collect/clockIn: the signed-in account's worker clocks in (idempotent by uuid). */
export const clockInBody = z.object({
  uuid: z.uuid(),
  sectionCode: z.string().trim().min(1).max(32),
  /** When the device took it (ISO 8601 with offset). */
  time: z.iso.datetime({ offset: true }),
  gps: z.object({
    long: z.number().min(-180).max(180),
    lat: z.number().min(-90).max(90),
    range: z.number().min(0).max(100000).default(0),
  }),
  /** The face photo, uploaded first through /api/file/upload?kind=face (or photo). */
  faceFileId: z.uuid(),
});
export type ClockInBody = z.input<typeof clockInBody>;
export const clockInValue = z.object({
  id: z.string(),
  status: z.enum(['created', 'duplicate']),
  workerId: z.string(),
  workerName: z.string(),
});
export type ClockInValue = z.infer<typeof clockInValue>;

/** GET /api/lwryUser/clockInList {lwryId, pageNum, pageSize}: a worker's clock-ins, newest first. */
export const clockInListQuery = pageQuery.extend({ lwryId: z.uuid() });
export const clockInItem = z.object({
  id: z.string(),
  time: z.string(),
  receivedAt: z.string(),
  sectionCode: z.string(),
  sectionName: z.string(),
  gpsLong: z.number(),
  gpsLat: z.number(),
  gpsRange: z.number(),
  faceUrl: z.string().nullable(),
  account: z.string(),
});
export type ClockInItem = z.infer<typeof clockInItem>;
export const clockInListValue = pageOf(clockInItem);
