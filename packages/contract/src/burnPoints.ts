import { z } from 'zod';
import { pageQuery } from './envelope.ts';

/** 焚烧点类型: fixed incinerator, open burning site, chipping site (粉碎 to ≤ 1 cm). */
export const burnPointKinds = ['incinerator', 'open', 'chipping'] as const;
export const burnPointKind = z.enum(burnPointKinds);
export type BurnPointKind = z.infer<typeof burnPointKind>;
/** approved: burning allowed; suspended: records naming it are flagged. */
export const burnPointStates = ['approved', 'suspended'] as const;
export const burnPointState = z.enum(burnPointStates);
export type BurnPointState = z.infer<typeof burnPointState>;
/**
 * Why a burn record is flagged (`fsd_flag` on a records-list row and the detail): the point it
 * names is suspended, or no registered point of the project has that name.
 */
export const burnPointFlag = z.enum(['suspended', 'unknown']);
export type BurnPointFlag = z.infer<typeof burnPointFlag>;

/** The default burn-record table (spec §9). */
export const defaultBurnTable = 'gbymfs0101';

const trimmed = (max: number) => z.string().trim().max(max);

/** Photos a burn point may carry. */
export const BURN_POINT_MAX_PHOTOS = 6;

/** A burn point's photo: short-lived signed URLs for <img> (no session token in them), as records' media. */
export const burnPointPhoto = z.object({
  fileId: z.string(),
  name: z.string(),
  url: z.string(),
  /** The thumbnail (the photo itself when none could be made). */
  thumbUrl: z.string(),
  expiresAt: z.string(),
});
export type BurnPointPhoto = z.infer<typeof burnPointPhoto>;

export const burnPointItem = z.object({
  id: z.string(),
  projectCode: z.string(),
  sectionCode: z.string().nullable(),
  sectionName: z.string().nullable(),
  name: z.string(),
  type: burnPointKind,
  gpsLong: z.number(),
  gpsLat: z.number(),
  townshipCode: z.string(),
  townshipName: z.string(),
  capacity: z.number().nullable(),
  personInCharge: z.string(),
  phone: z.string(),
  state: burnPointState,
  /** File ids of its photos (what save takes back). */
  photos: z.array(z.string()),
  /** The same photos, signed for display, in order (a file gone from storage is left out). */
  photoList: z.array(burnPointPhoto),
  remarks: z.string(),
  createdAt: z.string(),
});
export type BurnPointItem = z.infer<typeof burnPointItem>;

export const burnPointListBody = pageQuery.extend({
  projectCode: z.string().optional(),
  keyWords: trimmed(50).optional(),
  type: burnPointKind.optional(),
  state: burnPointState.optional(),
});
export type BurnPointListBody = z.input<typeof burnPointListBody>;

export const burnPointSaveBody = z.object({
  /** Absent: a new burn point. */
  id: z.uuid().optional(),
  projectCode: z.string().optional(),
  sectionCode: z.string().max(50).nullable().optional(),
  name: trimmed(50).min(1),
  type: burnPointKind,
  gpsLong: z.number().min(-180).max(180),
  gpsLat: z.number().min(-90).max(90),
  townshipCode: z
    .string()
    .regex(/^(\d{9})?$/)
    .default(''),
  capacity: z.number().min(0).max(100000).nullable().optional(),
  personInCharge: trimmed(20).default(''),
  phone: z
    .string()
    .trim()
    .regex(/^(\d[\d-]{4,19})?$/)
    .default(''),
  state: burnPointState.default('approved'),
  /** File ids of photos uploaded in the same project (POST /api/file/upload?kind=photo). */
  photos: z.array(z.uuid()).max(BURN_POINT_MAX_PHOTOS).default([]),
  remarks: trimmed(200).default(''),
});
export type BurnPointSaveBody = z.input<typeof burnPointSaveBody>;

export const burnPointIdBody = z.object({ id: z.uuid(), projectCode: z.string().optional() });

/** The report calls' common body (names as the spec spells them). */
export const summaryBody = z.object({
  projectCode: z.string().optional(),
  dynaimcTableName: z.string().max(64).default(defaultBurnTable),
});
export type SummaryBody = z.input<typeof summaryBody>;

/** Quantity burned in one unit (株 / 立方米 / 吨). */
export const unitQuantity = z.object({ unit: z.string(), quantity: z.number() });

export const burnCensusItem = z.object({
  id: z.string(),
  name: z.string(),
  type: burnPointKind,
  state: burnPointState,
  burns: z.number().int(),
  quantities: z.array(unitQuantity),
  lastBurn: z.string().nullable(),
  passed: z.number().int(),
});
export type BurnCensusItem = z.infer<typeof burnCensusItem>;
export const burnCensusValue = z.object({ list: z.array(burnCensusItem) });
