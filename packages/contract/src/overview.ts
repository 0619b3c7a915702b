import { z } from 'zod';

/**
 * Overview (issue #17): the dashboard's figures (GET /api/home/data) and the progress drill-down
 * (GET /api/process/list). Figures come from the per-day rollup, never from scanning records.
 *
 * The measures (docs/decisions/0152-overview-measures.md): found = 枯死株数 of the dead-pine survey,
 * felled = felling records (one per tree), stumps treated = approved felling records,
 * burned = 疫木数量 (株) of burning records; rejected records never count. Trees are whole
 * numbers. Wood burned by weight or volume (疫木数量 in 吨 / 立方米) is kept apart in burnedTons and
 * burnedM3: never added to trees (decision 0194-units-and-limits).
 */
export const progressMeasures = ['cfcz', 'ymfs', 'ksdc'] as const;
export type ProgressMeasure = (typeof progressMeasures)[number];
export const progressLevels = ['county', 'section', 'township'] as const;
export type ProgressLevel = (typeof progressLevels)[number];

export const homeDataQuery = z.object({
  /** `project` (default): the selected project; `all`: every project the caller may see. */
  scope: z.enum(['project', 'all']).default('project'),
});

/** Burnt wood by weight and volume, beside the trees burned (never added to them). */
const burnedWood = { burnedTons: z.number(), burnedM3: z.number() };
const figures = z.object({
  found: z.number().int(),
  felled: z.number().int(),
  burned: z.number().int(),
  ...burnedWood,
});
export type PeriodFigures = z.infer<typeof figures>;

export const homeDataValue = z.object({
  scope: z.enum(['project', 'all']),
  projects: z.array(z.object({ prjCode: z.string(), name: z.string() })),
  /** China day the figures are for (today). */
  day: z.string(),
  cards: z.object({
    found: z.number().int(),
    felled: z.number().int(),
    burned: z.number().int(),
    ...burnedWood,
    stumpsTreated: z.number(),
    /** Sum of the sections' planned trees (project settings); 0 when none is set. */
    planned: z.number(),
    /** felled / planned in percent (one decimal), null without a plan. */
    progress: z.number().nullable(),
    workersApproved: z.number(),
    /** Workers clocked in today; null while clock-ins are not recorded by this installation. */
    workersOnDuty: z.number().nullable(),
    pendingReview: z.number(),
  }),
  periods: z.object({ today: figures, week: figures, season: figures }),
  /** 60 China days, oldest first. */
  trend: z.array(
    z.object({ day: z.string(), felled: z.number().int(), burned: z.number().int(), ...burnedWood }),
  ),
  /** Sections by progress (felled / planned), best first. */
  sections: z.array(
    z.object({
      prjCode: z.string(),
      sectionCode: z.string(),
      sectionName: z.string(),
      planned: z.number(),
      found: z.number().int(),
      felled: z.number().int(),
      burned: z.number().int(),
      ...burnedWood,
      percent: z.number().nullable(),
    }),
  ),
  /** The last day with any record (within 60 days), by section. */
  lastDay: z.object({
    day: z.string().nullable(),
    sections: z.array(
      z.object({
        prjCode: z.string(),
        sectionCode: z.string(),
        sectionName: z.string(),
        found: z.number().int(),
        felled: z.number().int(),
        burned: z.number().int(),
        ...burnedWood,
        records: z.number(),
      }),
    ),
  }),
  /** Records waiting for review (state 10) per project and standard table. */
  backlog: z.array(
    z.object({ prjCode: z.string(), tableCode: z.string(), tableName: z.string(), waiting: z.number() }),
  ),
  /** Open 疑点 (anomalies) of the sections the caller sees, in all and per section (most first). */
  anomalies: z.object({
    open: z.number().int(),
    sections: z.array(
      z.object({
        prjCode: z.string(),
        sectionCode: z.string(),
        sectionName: z.string(),
        open: z.number().int(),
      }),
    ),
  }),
});
export type HomeData = z.infer<typeof homeDataValue>;

export const processListQuery = z.object({
  level: z.enum(progressLevels),
  /**
   * county: one project, or every project the caller may see when left out; section and
   * township: the project (the selected one when left out).
   */
  prjCode: z.string().min(1).max(64).optional(),
  /** township: the section whose townships are listed. */
  sectionCode: z.string().min(1).max(64).optional(),
  type: z.enum(progressMeasures).default('cfcz'),
});

export const processRow = z.object({
  /** The project the row belongs to (what the next level down names). */
  prjCode: z.string(),
  code: z.string(),
  name: z.string(),
  planned: z.number().nullable(),
  found: z.number().int(),
  felled: z.number().int(),
  /** Trees burned (株); wood burned by weight and volume apart. */
  burned: z.number().int(),
  ...burnedWood,
  /** The chosen measure's figure and its percentage (see the decision), null without a base. */
  value: z.number(),
  percent: z.number().nullable(),
});
export type ProcessRow = z.infer<typeof processRow>;

export const processListValue = z.object({
  level: z.enum(progressLevels),
  type: z.enum(progressMeasures),
  title: z.string(),
  /** The project and section the table is of (the section on the township level only). */
  prjCode: z.string().nullable(),
  sectionCode: z.string().nullable(),
  rows: z.array(processRow),
  total: processRow,
});
export type ProcessList = z.infer<typeof processListValue>;
