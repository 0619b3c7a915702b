import { z } from 'zod';

/** Drone orthophotos, dead-crown candidates and their verification tasks (issue 32). */

export const droneOrthoState = z.enum(['uploading', 'ready']);
export const droneDetectState = z.enum(['none', 'queued', 'running', 'done', 'failed']);
export const droneTaskStates = ['open', 'confirmed', 'not_pine', 'not_found', 'felled'] as const;
export const droneTaskState = z.enum(droneTaskStates);
export const droneCandidateState = z.enum(['candidate', 'dropped', ...droneTaskStates]);

export const droneTaskStateLabels: Record<
  z.infer<typeof droneCandidateState>,
  { 'zh-CN': string; en: string }
> = {
  candidate: { 'zh-CN': '候选', en: 'Candidate' },
  dropped: { 'zh-CN': '已剔除', en: 'Dropped' },
  open: { 'zh-CN': '待核查', en: 'Open' },
  confirmed: { 'zh-CN': '确认枯死', en: 'Confirmed dead' },
  not_pine: { 'zh-CN': '非枯死松树', en: 'Not a dead pine' },
  not_found: { 'zh-CN': '未找到', en: 'Not found' },
  felled: { 'zh-CN': '已采伐', en: 'Felled' },
};

export const droneOrtho = z.object({
  id: z.string(),
  name: z.string(),
  state: droneOrthoState,
  size: z.number(),
  partSize: z.number(),
  partCount: z.number(),
  received: z.array(z.number()),
  width: z.number(),
  height: z.number(),
  bands: z.number(),
  hasNir: z.boolean(),
  epsg: z.number(),
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  gsd: z.number(),
  threshold: z.number(),
  detectState: droneDetectState,
  detectProgress: z.number(),
  detectMessage: z.string(),
  candidates: z.number(),
  /**
   * The overviews job (a pyramid built after the upload, so far-out tiles read few pixels): until
   * done, far-out tiles are slow or blank. 'none' for an orthophoto still uploading.
   */
  overviewState: z.enum(['none', 'queued', 'running', 'done', 'failed']),
  overviewProgress: z.number(),
  /** XYZ template ({z}/{x}/{y}) and chip template ({px}/{py}), signed. */
  tileUrl: z.string(),
  chipUrl: z.string(),
  createdAt: z.string(),
});
export type DroneOrtho = z.infer<typeof droneOrtho>;

export const droneOrthoStartBody = z.object({
  name: z.string().trim().min(1).max(200),
  size: z.number().int().positive(),
});
export const droneIdParams = z.object({ id: z.uuid() });
export const dronePartParams = z.object({ id: z.uuid(), n: z.coerce.number().int().min(0).max(100_000) });
export const dronePage = z.object({
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const droneCandidate = z.object({
  id: z.string(),
  lng: z.number(),
  lat: z.number(),
  px: z.number(),
  py: z.number(),
  areaM2: z.number(),
  score: z.number(),
  state: droneCandidateState,
  sectionCode: z.string(),
});
export type DroneCandidate = z.infer<typeof droneCandidate>;
export const droneCandidatesQuery = z.object({ minScore: z.coerce.number().min(0).max(1).default(0) });
/**
 * The map's candidates column by column (one array a field, the same order, score descending):
 * 10,000 candidates as rows were 1.8 MB of repeated keys, and the map needs them all at once.
 * `candidateRows` turns them back into rows.
 */
export const droneCandidatesValue = z.object({
  count: z.number().int(),
  truncated: z.boolean(),
  id: z.array(z.string()),
  lng: z.array(z.number()),
  lat: z.array(z.number()),
  px: z.array(z.number()),
  py: z.array(z.number()),
  areaM2: z.array(z.number()),
  score: z.array(z.number()),
  state: z.array(droneCandidateState),
  sectionCode: z.array(z.string()),
});
export type DroneCandidateColumns = z.infer<typeof droneCandidatesValue>;

export function candidateRows(c: DroneCandidateColumns): DroneCandidate[] {
  const rows: DroneCandidate[] = new Array(c.count);
  for (let i = 0; i < c.count; i++) {
    rows[i] = {
      id: c.id[i]!,
      lng: c.lng[i]!,
      lat: c.lat[i]!,
      px: c.px[i]!,
      py: c.py[i]!,
      areaM2: c.areaM2[i]!,
      score: c.score[i]!,
      state: c.state[i]!,
      sectionCode: c.sectionCode[i]!,
    };
  }
  return rows;
}
export const droneDropBody = z.object({ dropped: z.boolean() });
export const droneThresholdBody = z.object({ threshold: z.number().min(0).max(1) });

const cgcs = z.object({ epsg: z.number(), x: z.number(), y: z.number() });
export const droneTask = z.object({
  id: z.string(),
  orthophotoId: z.string(),
  lng: z.number(),
  lat: z.number(),
  areaM2: z.number(),
  score: z.number(),
  state: droneCandidateState,
  sectionCode: z.string(),
  sectionName: z.string(),
  issuedAt: z.string().nullable(),
  checkedAt: z.string().nullable(),
  checkedByName: z.string(),
  reason: z.string(),
  fellingRecordId: z.string().nullable(),
  closedAt: z.string().nullable(),
  overdue: z.boolean(),
  cgcs2000: cgcs,
});
export type DroneTask = z.infer<typeof droneTask>;
export const droneTasksQuery = dronePage.extend({
  state: droneTaskState.optional(),
  sectionCode: z.string().max(64).optional(),
  overdue: z.enum(['1', '0']).optional(),
});
export const droneTasksValue = z.object({ list: z.array(droneTask), total: z.number() });

export const droneFieldTask = droneTask
  .omit({ overdue: true, cgcs2000: true })
  .extend({ distanceM: z.number().nullable() });
export type DroneFieldTask = z.infer<typeof droneFieldTask>;
export const droneFieldQuery = z.object({
  lng: z.coerce.number().min(-180).max(180).optional(),
  lat: z.coerce.number().min(-90).max(90).optional(),
});
export const droneCheckBody = z.object({
  result: z.enum(['confirmed', 'not_pine', 'not_found']),
  reason: z.string().max(200).optional(),
  lng: z.number().min(-180).max(180).optional(),
  lat: z.number().min(-90).max(90).optional(),
  photoFileId: z.uuid().optional(),
});
export type DroneCheckBody = z.infer<typeof droneCheckBody>;

export const droneSettingsBody = z.object({
  closeRadiusM: z.number().min(1).max(100),
  openWindowDays: z.number().int().min(1).max(365),
});
export const droneReportRow = z.object({
  sectionCode: z.string(),
  sectionName: z.string(),
  candidates: z.number(),
  open: z.number(),
  confirmed: z.number(),
  felled: z.number(),
  rejected: z.number(),
  census: z.number(),
  droneOnly: z.number(),
  censusOnly: z.number(),
});
export type DroneReportRow = z.infer<typeof droneReportRow>;
