import { z } from 'zod';
import type { Text } from './i18n.ts';
import { dayText, reconcileTables } from './reconciliation.ts';

/**
 * 检查验收 (issue 30): a supervisor or government inspector draws a reproducible, section-
 * stratified sample of approved felling (and optionally burning) records, checks each sampled
 * record on site, and reads pass rates per section. docs/acceptance.md says how the draw works.
 *
 * The draw: in each section (stratum) the population is the approved (state 20), live records of
 * the chosen tables whose China day lies in [begin, end]; they are ordered by PostgreSQL's
 * uuid_hash_extended(record id, hashtextextended(seed, 0)) (then by id) and the first
 * ceil(share × stratum size) are taken.
 */

const emptyAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsUndefined, schema.optional());
const prjCode = optional(z.string().trim().min(1).max(64));

export const ACCEPTANCE_DEFAULT_SHARE_PCT = 10;
/** Most sections one sample names, most items one page or the field app's list carries. */
export const MAX_ACCEPTANCE_SECTIONS = 200;
export const MAX_ACCEPTANCE_PAGE = 500;
export const MAX_ACCEPTANCE_PHOTOS = 9;
export const ACCEPTANCE_REMARK_MAX = 500;
/** A stump taller than this (cm) fails the check (the same limit as the stump_high anomaly). */
export { STUMP_LIMIT_CM as ACCEPTANCE_STUMP_LIMIT_CM } from './units.ts';

export const acceptanceTables = [reconcileTables.felling, reconcileTables.burning] as const;

/** POST /api/acceptance/draw. The seed is made by the server (random) when not given. */
export const acceptanceDrawBody = z.object({
  prjCode,
  /** Sections to draw from; empty or absent: every section of the project (the caller's). */
  sectionCodes: z.array(z.string().trim().min(1).max(64)).max(MAX_ACCEPTANCE_SECTIONS).default([]),
  begin: dayText,
  end: dayText,
  /** Percent of each stratum, 0 < share ≤ 100 (checked by the service, naming the field). */
  sharePct: z.coerce.number().default(ACCEPTANCE_DEFAULT_SHARE_PCT),
  includeBurning: z.boolean().default(false),
  seed: optional(
    z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[\w.-]+$/),
  ),
  name: optional(z.string().trim().max(100)),
});
export type AcceptanceDrawInput = z.input<typeof acceptanceDrawBody>;

/** One stratum's figures: population at the draw, drawn, checked, passed, failed. */
export const acceptanceStratum = z.object({
  sectionCode: z.string(),
  sectionName: z.string(),
  population: z.number().int(),
  drawn: z.number().int(),
  checked: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  /** passed / checked (0–1), null before any check. */
  passRate: z.number().nullable(),
});
export type AcceptanceStratum = z.infer<typeof acceptanceStratum>;

export const acceptanceSample = z.object({
  id: z.string(),
  projectCode: z.string(),
  name: z.string(),
  seed: z.string(),
  sharePct: z.number(),
  begin: z.string(),
  end: z.string(),
  tableCodes: z.array(z.string()),
  sectionCodes: z.array(z.string()),
  createdBy: z.string(),
  /** China time "YYYY-MM-DD HH:mm:ss". */
  createdAt: z.string(),
  population: z.number().int(),
  drawn: z.number().int(),
  checked: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  passRate: z.number().nullable(),
});
export type AcceptanceSample = z.infer<typeof acceptanceSample>;

export const acceptanceSampleDetail = acceptanceSample.extend({ strata: z.array(acceptanceStratum) });
export type AcceptanceSampleDetail = z.infer<typeof acceptanceSampleDetail>;

/** GET /api/acceptance/list: the project's samples, newest first. */
export const acceptanceListQuery = z.object({
  prjCode,
  pageNum: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export const acceptanceListValue = z.object({ list: z.array(acceptanceSample), total: z.number().int() });
export type AcceptanceListValue = z.infer<typeof acceptanceListValue>;

/** GET /api/acceptance/sample: one sample with its strata. */
export const acceptanceSampleQuery = z.object({ prjCode, id: z.uuid() });

const gps = z.object({
  long: z.number().min(-180).max(180),
  lat: z.number().min(-90).max(90),
  range: z.number().min(0).max(100_000).default(0),
});

/** One check as recorded (the latest of a sampled record). */
export const acceptanceCheck = z.object({
  found: z.boolean(),
  stumpCm: z.number().nullable(),
  covered: z.boolean().nullable(),
  branches: z.boolean().nullable(),
  disposal: z.boolean().nullable(),
  photos: z.array(z.string()),
  gps: gps.nullable(),
  remark: z.string(),
  passed: z.boolean(),
  /** Why it failed (keys of `acceptanceReasonLabels`). */
  reasons: z.array(z.string()),
  checkedBy: z.string(),
  checkedAt: z.string(),
});
export type AcceptanceCheck = z.infer<typeof acceptanceCheck>;

export const acceptanceItemStates = ['unchecked', 'passed', 'failed'] as const;
export type AcceptanceItemState = (typeof acceptanceItemStates)[number];

/** A sampled record with what the inspector needs to find it, and its check. */
export const acceptanceItem = z.object({
  recordId: z.string(),
  tableCode: z.string(),
  sectionCode: z.string(),
  /** The record's collection time, China time. */
  recordAt: z.string(),
  long: z.number(),
  lat: z.number(),
  place: z.string(),
  qrcode: z.string(),
  /** The stump height the record claims (cm), when a felling. */
  recordStumpCm: z.number().nullable(),
  /** Photos of the record (URLs): the evidence beside the check's. */
  recordPhotos: z.array(z.string()),
  state: z.enum(acceptanceItemStates),
  check: acceptanceCheck.nullable(),
});
export type AcceptanceItem = z.infer<typeof acceptanceItem>;

/** POST /api/acceptance/items: a sample's records, by section and state, in sample order. */
export const acceptanceItemsBody = z.object({
  prjCode,
  id: z.uuid(),
  sectionCode: optional(z.string().trim().min(1).max(64)),
  state: optional(z.enum(acceptanceItemStates)),
  pageNum: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_ACCEPTANCE_PAGE).default(20),
});
export type AcceptanceItemsInput = z.input<typeof acceptanceItemsBody>;
export const acceptanceItemsValue = z.object({ list: z.array(acceptanceItem), total: z.number().int() });
export type AcceptanceItemsValue = z.infer<typeof acceptanceItemsValue>;

/**
 * POST /api/acceptance/check: the check of one sampled record. `clientId` (the phone's uuid of
 * this check) makes a resend from the offline queue store it once. Stump, cover and branches are
 * asked of a felling; a burn record answers found and disposal only.
 */
export const acceptanceCheckBody = z.object({
  prjCode,
  sampleId: z.uuid(),
  recordId: z.uuid(),
  clientId: z.uuid(),
  found: z.boolean(),
  stumpCm: optional(z.number().min(0).max(500)),
  covered: optional(z.boolean()),
  branches: optional(z.boolean()),
  disposal: optional(z.boolean()),
  photos: z.array(z.string().trim().min(1).max(500)).max(MAX_ACCEPTANCE_PHOTOS).default([]),
  gps: optional(gps),
  remark: z.string().trim().max(ACCEPTANCE_REMARK_MAX).default(''),
  /** When the phone recorded it (ISO); the server's time without one. */
  checkedAt: optional(z.iso.datetime({ offset: true })),
});
export type AcceptanceCheckInput = z.input<typeof acceptanceCheckBody>;
export const acceptanceCheckValue = z.object({ item: acceptanceItem, duplicate: z.boolean() });
export type AcceptanceCheckValue = z.infer<typeof acceptanceCheckValue>;

/** GET /api/acceptance/export: the county's acceptance table (.xlsx). */
export const acceptanceExportQuery = acceptanceSampleQuery;

/* ------------------------------------------------------------------ words */

export const acceptanceReasonLabels: Record<string, Text> = {
  notFound: { 'zh-CN': '现场未找到', en: 'Not found on site' },
  stumpMissing: { 'zh-CN': '未测伐桩高度', en: 'Stump height not measured' },
  stumpHigh: { 'zh-CN': '伐桩过高', en: 'Stump too high' },
  notCovered: { 'zh-CN': '伐桩未覆盖/除害处理', en: 'Stump not covered or treated' },
  branches: { 'zh-CN': '枝桠未处理', en: 'Branches not treated' },
  disposal: { 'zh-CN': '除害处置未核实', en: 'Disposal not verified' },
};

export const acceptanceMessages = {
  shareRange: {
    'zh-CN': '抽样比例须大于 0 且不超过 100%',
    en: 'The share must be more than 0 and at most 100 %',
  },
  rangeReversed: { 'zh-CN': '结束日期不能早于开始日期', en: 'The end date cannot be before the start' },
  sectionUnknown: { 'zh-CN': '标段不存在或不可见：{codes}', en: 'Unknown or hidden section: {codes}' },
  populationEmpty: {
    'zh-CN': '所选标段和日期内没有已通过的记录，无法抽样',
    en: 'No approved records in these sections and dates: nothing to draw',
  },
  sampleNotFound: { 'zh-CN': '抽样不存在', en: 'Sample not found' },
  itemNotFound: { 'zh-CN': '该记录不在此抽样中', en: 'The record is not in this sample' },
  stumpRequired: {
    'zh-CN': '采伐记录须填写实测伐桩高度',
    en: 'A felling check needs the measured stump height',
  },
} satisfies Record<string, Text>;

/**
 * This feature's calls (endpoints/burning.ts spreads them; the server's routes declare the same
 * schemas). The export is a download, outside the JSON map.
 */
export const acceptanceEndpoints = {
  'POST /api/acceptance/draw': { body: acceptanceDrawBody, value: acceptanceSampleDetail },
  'GET /api/acceptance/list': { query: acceptanceListQuery, value: acceptanceListValue },
  'GET /api/acceptance/sample': { query: acceptanceSampleQuery, value: acceptanceSampleDetail },
  'POST /api/acceptance/items': { body: acceptanceItemsBody, value: acceptanceItemsValue },
  'POST /api/acceptance/check': { body: acceptanceCheckBody, value: acceptanceCheckValue },
} as const;
