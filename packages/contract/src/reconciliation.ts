import { z } from 'zod';
import type { Text } from './i18n.ts';

/**
 * 核对 (issue 26): felled → tagged → burned per project, section and China day, from the per-day
 * rollup (record_counts, states 10/20/30: a rejected record never counts). Trees, tons and m³
 * are kept apart: no figure adds two units.
 */

/** A China day, YYYY-MM-DD. */
export const dayText = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);

/** The standard tables the figures come from. */
export const reconcileTables = { felling: 'gbcfcz0101', burning: 'gbymfs0101' } as const;
/** The longest range one answer covers (a season). */
export const MAX_RECONCILE_DAYS = 366;

const emptyAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsUndefined, schema.optional());

/**
 * GET /api/reconcile/summary and GET /api/reconcile/export (the same figures as .xlsx). Without
 * `begin`, the season: the project's start date (else 1 January of its year, else a year ago)
 * until `end`, which is today (China) without one.
 */
export const reconcileQuery = z.object({
  prjCode: optional(z.string().trim().min(1).max(64)),
  sectionCode: optional(z.string().trim().min(1).max(64)),
  begin: optional(dayText),
  end: optional(dayText),
  /**
   * The section-days too (`true`): the screen asks for them when a section is expanded, so the
   * season's call stays a few KB whatever the number of days (the export always has them).
   */
  withDays: optional(z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')),
});
export type ReconcileInput = z.input<typeof reconcileQuery>;

/** The figures of a section-day, a section over the range, or the whole project. */
export const reconcileFigures = z.object({
  /** Felling records (one per tree). */
  felled: z.number().int(),
  /** Felling records whose stump is treated and ≤ 5 cm (伐桩合格). */
  treated: z.number().int(),
  /** QR tags named by felling records. */
  tagsFelled: z.number().int(),
  /** Trees burned by count: 疫木数量 of burn records in 株. */
  burnedTrees: z.number().int(),
  /** QR tags listed by burn records (trees burned by tag). */
  tagsBurned: z.number().int(),
  /** Burnt wood recorded by weight and by volume (never added to trees). */
  tons: z.number(),
  m3: z.number(),
  /** Burn records (whatever their unit). */
  burnRecords: z.number().int(),
  /** felled − burnedTrees. */
  gapTrees: z.number().int(),
  /** tagsFelled − tagsBurned. */
  gapTags: z.number().int(),
});
export type ReconcileFigures = z.infer<typeof reconcileFigures>;
/** Every figure zero (a section or day with no records). */
export const emptyReconcileFigures = (): ReconcileFigures => ({
  felled: 0,
  treated: 0,
  tagsFelled: 0,
  burnedTrees: 0,
  tagsBurned: 0,
  tons: 0,
  m3: 0,
  burnRecords: 0,
  gapTrees: 0,
  gapTags: 0,
});

/**
 * Why a row is red (docs/decisions/0192-reconciliation-tolerance.md):
 * `overdue` — trees felled more than the project's burn window before the day are not all burned
 * by count (first felled, first burned); `overBurned` — more trees burned than felled so far.
 */
export const reconcileReasons = ['overdue', 'overBurned'] as const;
export type ReconcileReason = (typeof reconcileReasons)[number];

/**
 * The records list's filter behind a figure (数据中心 → the table's list): table, section and
 * days. The list shows rejected records too, each with its state; the figures leave them out.
 */
export const reconcileDrill = z.object({
  prjCode: z.string(),
  prjStandCode: z.string(),
  biaoduan: z.string().optional(),
  begin: z.string(),
  end: z.string(),
});
export type ReconcileDrill = z.infer<typeof reconcileDrill>;

const balanceParts = {
  /** Felled but not yet burned (by count), cumulative since the project's first record. */
  balance: z.number().int(),
  /** Of the balance, trees felled more than the burn window ago. */
  overdue: z.number().int(),
  red: z.boolean(),
  reasons: z.array(z.enum(reconcileReasons)),
};

/** One section on one day with activity. */
export const reconcileDay = z.object({
  sectionCode: z.string(),
  day: z.string(),
  figures: reconcileFigures,
  ...balanceParts,
});
export type ReconcileDay = z.infer<typeof reconcileDay>;

/** One section over the range: opening balance, the range's figures, closing balance (= `balance`). */
export const reconcileSection = z.object({
  sectionCode: z.string(),
  sectionName: z.string(),
  opening: z.number().int(),
  figures: reconcileFigures,
  ...balanceParts,
  /** Section-days with any figure in the range (the rows `days` lists when asked `withDays`). */
  dayCount: z.number().int(),
  /** Open anomalies of the section (all days), per kind. */
  openAnomalies: z.number().int(),
  anomaliesByKind: z.record(z.string(), z.number().int()),
  drill: z.object({ felling: reconcileDrill, burning: reconcileDrill }),
});
export type ReconcileSection = z.infer<typeof reconcileSection>;

export const reconcileValue = z.object({
  projectCode: z.string(),
  begin: z.string(),
  end: z.string(),
  /** The project's burn window (days from felling to burning). */
  windowDays: z.number().int(),
  tables: z.object({ felling: z.string(), burning: z.string() }),
  sections: z.array(reconcileSection),
  /** Section-days with any figure, by section then day: only when asked `withDays`, else empty. */
  days: z.array(reconcileDay),
  totals: reconcileSection.omit({ sectionCode: true, sectionName: true, drill: true, dayCount: true }),
});
export type ReconcileValue = z.infer<typeof reconcileValue>;

export type ReconcileFigureKey = Exclude<keyof ReconcileFigures, 'gapTrees' | 'gapTags'>;
/** Which table's records stand behind each figure. */
export const reconcileFigureTable: Record<ReconcileFigureKey, keyof typeof reconcileTables> = {
  felled: 'felling',
  treated: 'felling',
  tagsFelled: 'felling',
  burnedTrees: 'burning',
  tagsBurned: 'burning',
  tons: 'burning',
  m3: 'burning',
  burnRecords: 'burning',
};

/** The records list's filter behind `figure` of a section (all sections when left out) and days. */
export function reconcileDrillFilter(
  figure: ReconcileFigureKey,
  at: { prjCode: string; sectionCode?: string | undefined; begin: string; end: string },
): ReconcileDrill {
  return {
    prjCode: at.prjCode,
    prjStandCode: reconcileTables[reconcileFigureTable[figure]],
    ...(at.sectionCode ? { biaoduan: at.sectionCode } : {}),
    begin: at.begin,
    end: at.end,
  };
}

export const reconcileFigureLabels: Record<keyof ReconcileFigures, Text> = {
  felled: { 'zh-CN': '采伐（株）', en: 'Felled (trees)' },
  treated: { 'zh-CN': '伐桩合格（株）', en: 'Stumps treated (trees)' },
  tagsFelled: { 'zh-CN': '采伐挂码（个）', en: 'Tags on felled trees' },
  burnedTrees: { 'zh-CN': '焚烧（株）', en: 'Burned (trees)' },
  tagsBurned: { 'zh-CN': '焚烧扫码（个）', en: 'Tags burned' },
  tons: { 'zh-CN': '焚烧（吨）', en: 'Burned (t)' },
  m3: { 'zh-CN': '焚烧（立方米）', en: 'Burned (m³)' },
  burnRecords: { 'zh-CN': '焚烧记录（条）', en: 'Burn records' },
  gapTrees: { 'zh-CN': '采伐−焚烧（株）', en: 'Felled − burned (trees)' },
  gapTags: { 'zh-CN': '挂码−焚烧扫码（个）', en: 'Tags felled − burned' },
};

export const reconcileBalanceLabels: Record<'opening' | 'balance' | 'overdue' | 'openAnomalies', Text> = {
  opening: { 'zh-CN': '期初未焚烧（株）', en: 'Unburned at start (trees)' },
  balance: { 'zh-CN': '累计未焚烧（株）', en: 'Felled, not yet burned (trees)' },
  overdue: { 'zh-CN': '超期未焚烧（株）', en: 'Overdue, not burned (trees)' },
  openAnomalies: { 'zh-CN': '待核查疑点', en: 'Open anomalies' },
};

export const reconcileReasonLabels: Record<ReconcileReason, Text> = {
  overdue: {
    'zh-CN': '有超过焚烧时限仍未焚烧的疫木',
    en: 'Trees felled beyond the burn window are not burned',
  },
  overBurned: { 'zh-CN': '焚烧株数多于采伐株数', en: 'More trees burned than felled' },
};

/** This feature's calls, spread by endpoints/burning.ts (the export answers a file). */
export const reconcileEndpoints = {
  'GET /api/reconcile/summary': { query: reconcileQuery, value: reconcileValue },
} as const;
