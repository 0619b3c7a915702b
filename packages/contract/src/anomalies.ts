import { z } from 'zod';
import type { Lang, Text } from './i18n.ts';
import { qrScanQuery, qrScanValue } from './qrTags.ts';
import { dayText } from './reconciliation.ts';

/**
 * 疑点 kinds (issue 26). Each is raised by the server on a write (or by migration 0022 for
 * fractional counts already stored); the record is always kept. Evidence keys per kind are
 * listed beside it; the screens show them.
 */
export const anomalyKinds = [
  /** A felling record's stump above STUMP_LIMIT_CM. evidence: { stumpCm, limitCm } */
  'stump_high',
  /** A tree count with decimals stored before integers were enforced. evidence: { field, value } */
  'count_fractional',
  /** A tag code never issued. evidence: { code } */
  'tag_unknown',
  /** A tag issued to another project. evidence: { code, issuedTo } */
  'tag_other_project',
  /** A tag named by a second felling record. evidence: { code, firstRecordId, firstAt } (otherRecordId) */
  'tag_felled_twice',
  /** A tag listed by a second burn record. evidence: { code, firstRecordId, firstAt } (otherRecordId) */
  'tag_burned_twice',
  /** A burn record lists a tag no felling names (yet). evidence: { code } — cleared when it arrives */
  'burn_without_felling',
  /** A tag burnt in another section than felled. evidence: { code, felledSection, burnedSection } */
  'burn_other_section',
  /** A tag burnt later than the project's window after felling. evidence: { code, felledAt, burnedAt, days, windowDays } */
  'burn_late',
  /** A 检查验收 check found the record wrong on site (issue 30). evidence: { sampleId, reasons, checkedBy, checkedAt, remark } */
  'acceptance_failed',
  /* Evidence (issue 30, server features/evidence: a background job after each write). */
  /** A photo taken after the record or too long before. evidence: { photoId, photoAt, recordAt, hours, limitHours } */
  'photo_time',
  /** A photo's EXIF GPS far from the record. evidence: { photoId, distanceM, limitM, photoLat, photoLng } */
  'photo_place',
  /** A photo (near-)identical to another record's. evidence: { photoId, otherPhotoId, bits, maxBits } (otherRecordId) */
  'photo_duplicate',
  /** The record's point outside its section's outline. evidence: { distanceM, toleranceM, lat, lng } */
  'outside_section',
  /** The record's point outside the project's county. evidence: { county, distanceM, toleranceM, lat, lng } */
  'outside_county',
] as const;
export type AnomalyKind = (typeof anomalyKinds)[number];
export const anomalyKind = z.enum(anomalyKinds);

export const anomalyStates = ['open', 'explained', 'confirmed', 'cleared'] as const;
export type AnomalyState = (typeof anomalyStates)[number];
export const anomalyState = z.enum(anomalyStates);

/** Chain kinds are about a QR tag; the others about the record's own values. */
export const chainKinds: readonly AnomalyKind[] = [
  'tag_unknown',
  'tag_other_project',
  'tag_felled_twice',
  'tag_burned_twice',
  'burn_without_felling',
  'burn_other_section',
  'burn_late',
];

export const anomalyKindLabels: Record<AnomalyKind, Text> = {
  stump_high: { 'zh-CN': '伐桩过高', en: 'Stump too high' },
  count_fractional: { 'zh-CN': '株数含小数', en: 'Tree count with decimals' },
  tag_unknown: { 'zh-CN': '二维码未发放', en: 'Tag never issued' },
  tag_other_project: { 'zh-CN': '二维码属其他项目', en: 'Tag of another project' },
  tag_felled_twice: { 'zh-CN': '二维码重复采伐', en: 'Tag felled twice' },
  tag_burned_twice: { 'zh-CN': '二维码重复焚烧', en: 'Tag burned twice' },
  burn_without_felling: { 'zh-CN': '焚烧无采伐记录', en: 'Burned without a felling' },
  burn_other_section: { 'zh-CN': '跨标段焚烧', en: 'Burned in another section' },
  burn_late: { 'zh-CN': '超期焚烧', en: 'Burned after the window' },
  acceptance_failed: { 'zh-CN': '检查验收不合格', en: 'Failed acceptance check' },
  photo_time: { 'zh-CN': '照片时间不符', en: 'Photo time mismatch' },
  photo_place: { 'zh-CN': '照片位置不符', en: 'Photo place mismatch' },
  photo_duplicate: { 'zh-CN': '照片重复使用', en: 'Photo reused' },
  outside_section: { 'zh-CN': '位于标段范围外', en: 'Outside its section' },
  outside_county: { 'zh-CN': '位于县界外', en: 'Outside the county' },
};

export const anomalyStateLabels: Record<AnomalyState, Text> = {
  open: { 'zh-CN': '待核查', en: 'Open' },
  explained: { 'zh-CN': '已说明', en: 'Explained' },
  confirmed: { 'zh-CN': '已确认', en: 'Confirmed' },
  cleared: { 'zh-CN': '已消除', en: 'Cleared' },
};

/* ------------------------------------------------------------------ API (issue 26) */

const emptyAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsUndefined, schema.optional());
const sectionCode = z.string().trim().min(1).max(64);

/** Most anomalies one page carries, and most one resolution moves. */
export const MAX_ANOMALY_PAGE = 100;
export const MAX_ANOMALY_RESOLVE = 100;
export const ANOMALY_NOTE_MAX = 500;

/** One 疑点 as the list, the record drawer and the scan page show it. */
export const anomalyItem = z.object({
  id: z.string(),
  recordId: z.string(),
  tableCode: z.string(),
  sectionCode: z.string(),
  /** The record's China day. */
  day: z.string(),
  kind: anomalyKind,
  /** The QR tag concerned ('' for kinds about the record's own values). */
  tagCode: z.string(),
  /** The other record of the evidence (the first felling of a tag felled twice…). */
  otherRecordId: z.string().nullable(),
  /** Keys per kind: see `anomalyKinds`; labels in `anomalyEvidenceLabels`. */
  evidence: z.record(z.string(), z.unknown()),
  state: anomalyState,
  note: z.string(),
  /** Who explained, confirmed or reopened it last (name), and when (China time). */
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** When it was raised (or raised again), China time "YYYY-MM-DD HH:mm:ss". */
  createdAt: z.string(),
});
export type AnomalyItem = z.infer<typeof anomalyItem>;

/**
 * POST /api/anomaly/list: a project's 疑点, newest first, one keyset page at a time (`cursor`
 * from the previous answer's `nextCursor`). Section managers see their sections only.
 */
export const anomalyListBody = z.object({
  prjCode: optional(z.string().trim().min(1).max(64)),
  anomalyKind: optional(anomalyKind),
  sectionCode: optional(sectionCode),
  state: optional(anomalyState),
  /** The record's China day, from / to (inclusive). */
  begin: optional(dayText),
  end: optional(dayText),
  cursor: optional(z.string().max(300)),
  pageSize: z.coerce.number().int().min(1).max(MAX_ANOMALY_PAGE).default(20),
});
export type AnomalyListInput = z.input<typeof anomalyListBody>;
export const anomalyListValue = z.object({
  list: z.array(anomalyItem),
  /** Every anomaly of the filter (exact). */
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type AnomalyListValue = z.infer<typeof anomalyListValue>;

/** GET /api/anomaly/counts: per section and kind, how many are in each state (the dashboard's card). */
export const anomalyCountsQuery = z.object({ prjCode: optional(z.string().trim().min(1).max(64)) });
export const anomalyCountRow = z.object({
  sectionCode: z.string(),
  kind: anomalyKind,
  open: z.number().int(),
  explained: z.number().int(),
  confirmed: z.number().int(),
  cleared: z.number().int(),
});
export type AnomalyCountRow = z.infer<typeof anomalyCountRow>;
export const anomalyCountsValue = z.object({
  rows: z.array(anomalyCountRow),
  /** Open anomalies of every section the caller sees. */
  open: z.number().int(),
});
export type AnomalyCountsValue = z.infer<typeof anomalyCountsValue>;

/** GET /api/anomaly/record: every anomaly of one record, in any state (the record drawer). */
export const recordAnomaliesQuery = z.object({
  prjCode: optional(z.string().trim().min(1).max(64)),
  id: z.uuid(),
});
export const recordAnomaliesValue = z.object({ list: z.array(anomalyItem) });
export type RecordAnomaliesValue = z.infer<typeof recordAnomaliesValue>;

const anomalyIds = z.array(z.uuid()).min(1).max(MAX_ANOMALY_RESOLVE);

/** POST /api/anomaly/explain: open (or explained) → explained, with the explanation. */
export const anomalyExplainBody = z.object({
  prjCode: optional(z.string().trim().min(1).max(64)),
  ids: anomalyIds,
  note: z.string().trim().min(1).max(ANOMALY_NOTE_MAX),
});
export type AnomalyExplainInput = z.input<typeof anomalyExplainBody>;

/**
 * POST /api/anomaly/confirm: open or explained → confirmed. `rejectRecord` also rejects the
 * records (state 40, as 数据审核 does; needs records.review), `note` then being the reason.
 */
export const anomalyConfirmBody = z
  .object({
    prjCode: optional(z.string().trim().min(1).max(64)),
    ids: anomalyIds,
    note: z.string().trim().max(ANOMALY_NOTE_MAX).default(''),
    rejectRecord: z.boolean().default(false),
  })
  .refine((b) => !b.rejectRecord || b.note.length > 0, { path: ['note'], message: 'reasonRequired' });
export type AnomalyConfirmInput = z.input<typeof anomalyConfirmBody>;

/** POST /api/anomaly/reopen: explained or confirmed → open again (an explanation not accepted). */
export const anomalyReopenBody = z.object({
  prjCode: optional(z.string().trim().min(1).max(64)),
  ids: anomalyIds,
  note: z.string().trim().max(ANOMALY_NOTE_MAX).default(''),
});
export type AnomalyReopenInput = z.input<typeof anomalyReopenBody>;

/** Answer of explain / confirm / reopen: the anomalies moved (others were not in a state to). */
export const anomalyResolveValue = z.object({
  changed: z.number().int(),
  ids: z.array(z.string()),
  /** Records rejected with a confirmation (0 without `rejectRecord`). */
  rejected: z.number().int(),
});
export type AnomalyResolveValue = z.infer<typeof anomalyResolveValue>;

export const anomalyActions = ['explain', 'confirm', 'reopen'] as const;
export type AnomalyAction = (typeof anomalyActions)[number];
/** Which states each resolution moves from, and to. */
export const anomalyTransitions: Record<AnomalyAction, { from: AnomalyState[]; to: AnomalyState }> = {
  explain: { from: ['open', 'explained'], to: 'explained' },
  confirm: { from: ['open', 'explained'], to: 'confirmed' },
  reopen: { from: ['explained', 'confirmed'], to: 'open' },
};

/** GET /api/qrInfo/scan's answer: the scan (qrTags) and, detailed, the tag's anomalies (cleared ones left out). */
export const tagAnomalyItem = anomalyItem.pick({
  id: true,
  recordId: true,
  tableCode: true,
  sectionCode: true,
  kind: true,
  state: true,
  evidence: true,
  note: true,
  createdAt: true,
});
export type TagAnomalyItem = z.infer<typeof tagAnomalyItem>;
export const qrScanAnswer = qrScanValue.extend({ anomalies: z.array(tagAnomalyItem) });
export type QrScanAnswer = z.infer<typeof qrScanAnswer>;

/* ------------------------------------------------------------------ words */

export const anomalyActionLabels: Record<AnomalyAction, Text> = {
  explain: { 'zh-CN': '说明', en: 'Explain' },
  confirm: { 'zh-CN': '确认', en: 'Confirm' },
  reopen: { 'zh-CN': '重新打开', en: 'Reopen' },
};

/** Labels of the evidence keys (the drawer's key–value list). */
export const anomalyEvidenceLabels: Record<string, Text> = {
  code: { 'zh-CN': '二维码', en: 'QR tag' },
  issuedTo: { 'zh-CN': '发放项目', en: 'Issued to' },
  firstRecordId: { 'zh-CN': '首条记录', en: 'First record' },
  firstAt: { 'zh-CN': '首次时间', en: 'First at' },
  felledSection: { 'zh-CN': '采伐标段', en: 'Felled in' },
  burnedSection: { 'zh-CN': '焚烧标段', en: 'Burned in' },
  felledAt: { 'zh-CN': '采伐时间', en: 'Felled at' },
  burnedAt: { 'zh-CN': '焚烧日期', en: 'Burned on' },
  days: { 'zh-CN': '间隔天数', en: 'Days between' },
  windowDays: { 'zh-CN': '焚烧时限（天）', en: 'Burn window (days)' },
  stumpCm: { 'zh-CN': '伐桩高度（cm）', en: 'Stump (cm)' },
  limitCm: { 'zh-CN': '限值（cm）', en: 'Limit (cm)' },
  field: { 'zh-CN': '字段', en: 'Field' },
  value: { 'zh-CN': '数值', en: 'Value' },
  reasons: { 'zh-CN': '不合格项', en: 'Failed items' },
  checkedBy: { 'zh-CN': '检查人', en: 'Inspector' },
  checkedAt: { 'zh-CN': '检查时间', en: 'Checked at' },
  photoId: { 'zh-CN': '照片', en: 'Photo' },
  otherPhotoId: { 'zh-CN': '另一张照片', en: 'Other photo' },
  photoAt: { 'zh-CN': '拍摄时间', en: 'Taken at' },
  recordAt: { 'zh-CN': '记录时间', en: 'Recorded at' },
  hours: { 'zh-CN': '早于记录（小时）', en: 'Hours before the record' },
  limitHours: { 'zh-CN': '时限（小时）', en: 'Limit (hours)' },
  distanceM: { 'zh-CN': '距离（米）', en: 'Distance (m)' },
  limitM: { 'zh-CN': '限值（米）', en: 'Limit (m)' },
  toleranceM: { 'zh-CN': '容差（米）', en: 'Tolerance (m)' },
  bits: { 'zh-CN': '差异位数', en: 'Bits differing' },
  maxBits: { 'zh-CN': '阈值（位）', en: 'Threshold (bits)' },
  county: { 'zh-CN': '县', en: 'County' },
};

const fill = (template: string, evidence: Record<string, unknown>) =>
  template.replace(/\{(\w+)\}/g, (m, k: string) => (evidence[k] === undefined ? m : String(evidence[k])));

const sentences: Record<AnomalyKind, Text> = {
  stump_high: {
    'zh-CN': '伐桩高度 {stumpCm} cm，超过 {limitCm} cm 的限值',
    en: 'Stump {stumpCm} cm high, above the {limitCm} cm limit',
  },
  count_fractional: {
    'zh-CN': '{field} 为 {value}，株数应为整数',
    en: '{field} is {value}: a tree count must be a whole number',
  },
  tag_unknown: { 'zh-CN': '二维码 {code} 从未发放', en: 'Tag {code} was never issued' },
  tag_other_project: {
    'zh-CN': '二维码 {code} 发放给了项目 {issuedTo}',
    en: 'Tag {code} was issued to project {issuedTo}',
  },
  tag_felled_twice: {
    'zh-CN': '二维码 {code} 已于 {firstAt} 被另一条采伐记录使用',
    en: 'Tag {code} was already felled at {firstAt} by another record',
  },
  tag_burned_twice: {
    'zh-CN': '二维码 {code} 已于 {firstAt} 被另一条焚烧记录使用',
    en: 'Tag {code} was already burned at {firstAt} by another record',
  },
  burn_without_felling: {
    'zh-CN': '二维码 {code} 没有采伐记录',
    en: 'Tag {code} has no felling record',
  },
  burn_other_section: {
    'zh-CN': '二维码 {code} 在 {felledSection} 采伐，却在 {burnedSection} 焚烧',
    en: 'Tag {code} was felled in {felledSection} but burned in {burnedSection}',
  },
  burn_late: {
    'zh-CN': '二维码 {code} 采伐后 {days} 天才焚烧，超过 {windowDays} 天的时限',
    en: 'Tag {code} was burned {days} days after felling, beyond the {windowDays}-day window',
  },
  acceptance_failed: {
    'zh-CN': '检查验收不合格：{reasons}（{checkedBy}，{checkedAt}）',
    en: 'Failed the acceptance check: {reasons} ({checkedBy}, {checkedAt})',
  },
  photo_time: {
    'zh-CN': '照片拍摄于 {photoAt}，记录时间 {recordAt}',
    en: 'Photo taken at {photoAt}, record made at {recordAt}',
  },
  photo_place: {
    'zh-CN': '照片拍摄地距记录位置 {distanceM} 米（限 {limitM} 米）',
    en: 'Photo taken {distanceM} m from the record (limit {limitM} m)',
  },
  photo_duplicate: { 'zh-CN': '照片与另一条记录的照片相同', en: "Photo same as another record's" },
  outside_section: {
    'zh-CN': '记录位于标段范围外 {distanceM} 米',
    en: 'Record {distanceM} m outside its section',
  },
  outside_county: {
    'zh-CN': '记录位于 {county} 县界外 {distanceM} 米',
    en: 'Record {distanceM} m outside {county}',
  },
};

/** One sentence saying what an anomaly is about, from its evidence. */
export function anomalyText(kind: AnomalyKind, evidence: Record<string, unknown>, lang: Lang): string {
  return fill(sentences[kind][lang], evidence);
}

/** Messages of this feature's refusals (answered through the catalogue's `fieldErrors`). */
export const anomalyMessages = {
  notFound: { 'zh-CN': '疑点不存在', en: 'Anomaly not found' },
  stateInvalid: {
    'zh-CN': '所选疑点当前状态不能执行此操作',
    en: 'None of the chosen anomalies can be moved that way from its state',
  },
  rejectNeedsReview: {
    'zh-CN': '驳回记录需要“审核采集数据”权限',
    en: 'Rejecting a record needs the permission to review collected data',
  },
  recordNotRejectable: {
    'zh-CN': '记录已通过、已驳回或已删除，不能驳回',
    en: 'The record is approved, rejected or deleted: it cannot be rejected',
  },
  rangeReversed: { 'zh-CN': '结束日期不能早于开始日期', en: 'The end date cannot be before the start' },
  rangeTooLong: {
    'zh-CN': '日期范围不能超过 {max} 天',
    en: 'The date range cannot exceed {max} days',
  },
  cursorInvalid: { 'zh-CN': '分页游标无效，请从第一页开始', en: 'Invalid page cursor: start from page 1' },
} satisfies Record<string, Text>;

/**
 * The notice a section's manager gets when a write raised anomalies in their section (one per
 * write, however many): notices.ts lists the kind and messages/notices.ts the wording (sent by
 * the server's features/anomalies/check.ts).
 */
export const ANOMALY_NOTICE_KIND = 'anomaliesFound' as const;
export const ANOMALY_NOTICE_KEY = 'noticeAnomalies' as const;
/** The evidence check's notice (one per section and run, features/evidence/notify.ts). */
export const EVIDENCE_NOTICE_KEY = 'noticeEvidenceAnomalies' as const;

/**
 * This feature's calls, spread by endpoints/burning.ts after the qrTags entries (the scan answer
 * gains the tag's anomalies).
 */
export const anomalyEndpoints = {
  'POST /api/anomaly/list': { body: anomalyListBody, value: anomalyListValue },
  'GET /api/anomaly/counts': { query: anomalyCountsQuery, value: anomalyCountsValue },
  'GET /api/anomaly/record': { query: recordAnomaliesQuery, value: recordAnomaliesValue },
  'POST /api/anomaly/explain': { body: anomalyExplainBody, value: anomalyResolveValue },
  'POST /api/anomaly/confirm': { body: anomalyConfirmBody, value: anomalyResolveValue },
  'POST /api/anomaly/reopen': { body: anomalyReopenBody, value: anomalyResolveValue },
  'GET /api/qrInfo/scan': { query: qrScanQuery, value: qrScanAnswer },
} as const;
