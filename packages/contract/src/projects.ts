import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { areaEntry } from './areas.ts';
import type { Text } from './i18n.ts';
import { measureItem } from './standards.ts';
import { DEFAULT_BURN_WINDOW_DAYS } from './units.ts';

export const projectCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{2,32}$/);
/** A county (6 digits) or township (9 digits) of GB/T 2260. */
export const projectAreaCode = z.string().regex(/^\d{6}(\d{3})?$/);
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);

/**
 * 焚烧时限: days a felled tree may wait before it is burnt (the QR chain's window). The plan asks
 * for prompt burning; a project sets its own between these bounds (docs/decisions 0186-burn-window).
 */
export const burnWindowLimits = { min: 1, max: 120, default: DEFAULT_BURN_WINDOW_DAYS } as const;
export const burnWindowDays = z.number().int().min(burnWindowLimits.min).max(burnWindowLimits.max);

export const projectBody = z.object({
  code: projectCode,
  name: z.string().trim().min(2).max(60),
  areaCode: projectAreaCode,
  year: z.number().int().min(2000).max(2100).nullable().default(null),
  ownerUnit: z.string().trim().max(60).default(''),
  description: z.string().trim().max(500).default(''),
  startDate: month.nullable().default(null),
  endDate: month.nullable().default(null),
  /** Absent: a new project gets the default, an edit keeps what the project has. */
  burnWindowDays: burnWindowDays.optional(),
});

export const projectListBody = pageQuery.extend({
  keyword: z.string().trim().max(50).optional(),
  areaCode: z
    .string()
    .regex(/^\d{2,9}$/)
    .optional(),
  /** true: only archived (deleted while empty) projects, for the super administrator to restore. */
  archived: z.boolean().optional(),
});

export const projectItem = z.object({
  code: z.string(),
  name: z.string(),
  areaCode: z.string(),
  areaPath: z.string(),
  year: z.number().nullable(),
  ownerUnit: z.string(),
  description: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  sectionCount: z.number().int(),
  memberCount: z.number().int(),
  measureCodes: z.array(z.string()),
  /** 焚烧时限: days from felling to burning. */
  burnWindowDays: z.number().int(),
  createdAt: z.string(),
  /** When the project was archived (deleted while empty); null for a live project. */
  archivedAt: z.string().nullable(),
});
export type ProjectItem = z.infer<typeof projectItem>;
/** A project body as the server reads it (defaults applied) and as a client may send it. */
export type ProjectBody = z.infer<typeof projectBody>;
export type ProjectBodyInput = z.input<typeof projectBody>;

export const prjCodeQuery = z.object({ prjCode: projectCode });
export const prjCodeBody = z.object({ prjCode: projectCode });

export const setUpTypeBody = z.object({
  prjCode: projectCode,
  measureCodes: z.array(z.string().max(32)).max(50),
});

export const sectionBody = z.object({
  id: z.uuid().optional(),
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,32}$/),
  name: z.string().trim().min(1).max(60),
  contractor: z.string().trim().max(60).default(''),
  managerId: z.uuid().nullable().default(null),
  areaCodes: z
    .array(z.string().regex(/^\d{9}$/))
    .max(100)
    .default([]),
  plannedTrees: z.number().int().min(0).max(10_000_000).nullable().default(null),
  plannedVolume: z.number().min(0).max(10_000_000).nullable().default(null),
});

export const sectionItem = z.object({
  id: z.string(),
  projectCode: z.string(),
  code: z.string(),
  name: z.string(),
  contractor: z.string(),
  managerId: z.string().nullable(),
  managerName: z.string().nullable(),
  areaCodes: z.array(z.string()),
  areaNames: z.array(z.string()),
  plannedTrees: z.number().nullable(),
  plannedVolume: z.number().nullable(),
  /** Positions in the section's imported boundary; null when it has none. */
  boundaryVertices: z.number().int().nullable(),
});
export type SectionItem = z.infer<typeof sectionItem>;
/** A section body as the server reads it (defaults applied) and as a client may send it. */
export type SectionBody = z.infer<typeof sectionBody>;
export type SectionBodyInput = z.input<typeof sectionBody>;

export const storageUsageItem = z.object({ kind: z.string(), files: z.number().int(), bytes: z.number() });
export type StorageUsageItem = z.infer<typeof storageUsageItem>;

/** A member of a project: a user holding one or more roles in it. */
export const projectMember = z.object({
  id: z.string(),
  account: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  roleCodes: z.array(z.string()),
  roleNames: z.array(z.string()),
  /** 标段分配: the sections the member records in as a field worker (codes and names, same order). */
  sectionCodes: z.array(z.string()),
  sectionNames: z.array(z.string()),
});
export type ProjectMember = z.infer<typeof projectMember>;

/** Super administrators may name any project; everyone else gets (or must name) the selected one. */
const namedProject = { prjCode: projectCode.optional() };
export const memberListBody = pageQuery.extend({
  ...namedProject,
  keyword: z.string().trim().max(50).optional(),
});
export const managerListBody = z.object(namedProject).default({});
export const candidateListBody = z.object({
  prjCode: projectCode,
  keyword: z.string().trim().max(50).default(''),
});
export const addMembersBody = z.object({
  prjCode: projectCode,
  userIds: z.array(z.uuid()).min(1).max(50),
  roleId: z.number().int().positive(),
});
export const removeMemberBody = z.object({ prjCode: projectCode, userId: z.uuid() });

export const sectionIdBody = z.object({ id: z.uuid() });

/** Sections a project may have: the main-project store and the section picker load them whole. */
export const maxSectionsPerProject = 200;
/** Members the main-project store carries; the people screens page through the rest. */
export const mainStoreMemberLimit = 200;

// ---------------------------------------------------------------- section assignment (issue 26)

/**
 * POST /api/project/memberSections: the sections assigned to members of a project (the page of
 * members a screen shows). Members with none answer empty lists.
 */
export const memberSectionsBody = z.object({
  ...namedProject,
  userIds: z.array(z.uuid()).min(1).max(200),
});
export const memberSectionsItem = z.object({
  userId: z.string(),
  sectionCodes: z.array(z.string()),
  sectionNames: z.array(z.string()),
});
export type MemberSectionsItem = z.infer<typeof memberSectionsItem>;
export const memberSectionsValue = z.array(memberSectionsItem);

/**
 * POST /api/project/setMemberSections: replaces the sections a member records in (标段分配).
 * Only sections of that project; an empty list takes every section away.
 */
export const setMemberSectionsBody = z.object({
  ...namedProject,
  userId: z.uuid(),
  sectionCodes: z.array(z.string().trim().min(1).max(32)).max(maxSectionsPerProject),
});
export type SetMemberSectionsBody = z.input<typeof setMemberSectionsBody>;

/** What the assignment calls and the field ingestion say, Chinese first. */
export const sectionAccessTexts = {
  sectionsNotInProject: {
    'zh-CN': '标段不属于本项目：{codes}',
    en: 'These sections are not sections of this project: {codes}',
  },
  memberNotInProject: {
    'zh-CN': '该用户不是本项目的成员，不能分配标段',
    en: 'This user is not a member of the project; sections cannot be assigned',
  },
  /** A field worker's record in a section they are not assigned to (the field: sectionCode). */
  sectionNotAssigned: {
    'zh-CN': '您未被分配到标段「{name}」，不能在该标段采集；您可采集的标段：{allowed}',
    en: 'You are not assigned to the section "{name}" and cannot record there; your sections: {allowed}',
  },
  noSectionAssigned: {
    'zh-CN': '您还没有被分配标段，暂不能采集数据，请联系项目管理员为您分配标段',
    en: 'You have not been assigned a section yet and cannot record; ask the project administrator to assign you one',
  },
  burnWindowHelp: {
    'zh-CN': '采伐后须在多少天内焚烧（{min}–{max} 天，默认 {default} 天）',
    en: 'Days within which a felled tree must be burnt ({min}–{max}, default {default})',
  },
} satisfies Record<string, Text>;

/**
 * GET /api/project/mainStore: what the project screens need of the selected project in one call
 * (spec §3 "Main-project store"). `users` holds at most `mainStoreMemberLimit` members;
 * `userTotal` says how many there are.
 */
export const mainStoreValue = z.object({
  data: projectItem,
  admins: z.array(projectMember),
  users: z.array(projectMember),
  userTotal: z.number().int(),
  sections: z.array(sectionItem),
  storageUsage: z.array(storageUsageItem),
  areaTree: z.array(areaEntry),
  managers: z.array(projectMember),
  measures: z.array(measureItem),
  checkedMeasures: z.array(z.string()),
});
export type MainStore = z.infer<typeof mainStoreValue>;

/** How many members addPrj1User added. */
export const addMembersValue = z.object({ count: z.number().int() });

// ---------------------------------------------------------------- section boundaries (issue 15)

/** What a boundary file may hold (docs/decisions/0164-boundary-reading.md). */
export const boundaryLimits = {
  /** The uploaded file (a shapefile ZIP or GeoJSON). */
  maxBytes: 10 * 1024 ** 2,
  /** Unpacked bytes of the ZIP's .shp/.dbf/.prj/.cpg together. */
  maxUnpackedBytes: 100 * 1024 ** 2,
  maxFeatures: 1000,
  /** Positions in the whole file, and so in any one section. */
  maxVertices: 50_000,
} as const;

/**
 * POST /api/project/importBdBoundary (multipart, field `file`): `preview` reads and checks the
 * file and says which feature goes to which section; `apply` stores the boundaries. Features go
 * to sections by `matchField` (an attribute whose value is a section's code or name) or all to
 * the one section `sectionId`.
 */
export const boundaryImportQuery = z.object({
  mode: z.enum(['preview', 'apply']).default('preview'),
  matchField: z.string().trim().min(1).max(64).optional(),
  sectionId: z.uuid().optional(),
});
export type BoundaryImportQuery = z.input<typeof boundaryImportQuery>;

export const boundaryFeature = z.object({
  /** 1-based, as the file's feature order. */
  index: z.number().int(),
  /** Attribute values as text (at most 20 attributes). */
  properties: z.record(z.string(), z.string()),
  vertices: z.number().int(),
  /** The section it goes to, if any. */
  sectionCode: z.string().nullable(),
});
export const boundaryImportValue = z.object({
  fileName: z.string(),
  format: z.enum(['shapefile', 'geojson']),
  /** The coordinate system the file was read in (converted to WGS 84). */
  crs: z.string(),
  fields: z.array(z.string()),
  /** The attribute used to match (the one asked for, or the best guess in a preview). */
  matchField: z.string().nullable(),
  features: z.array(boundaryFeature),
  /** [west, south, east, north] of the whole file in WGS 84. */
  bbox: z.array(z.number()),
  sections: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      name: z.string(),
      features: z.number().int(),
      vertices: z.number().int(),
    }),
  ),
  applied: z.boolean(),
});
export type BoundaryImportValue = z.infer<typeof boundaryImportValue>;

/** GET /api/project/bdBoundaries: every section of the selected project with its boundary (or null). */
export const sectionBoundaryItem = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  /** MultiPolygon coordinates, WGS 84 [lng, lat]. */
  boundary: z.array(z.array(z.array(z.array(z.number())))).nullable(),
});
export type SectionBoundaryItem = z.infer<typeof sectionBoundaryItem>;
