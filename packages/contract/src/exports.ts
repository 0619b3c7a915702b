import { z } from 'zod';
import { queryDataListBody } from './records/list.ts';
import { tableCode } from './standards.ts';

/**
 * Exports (spec §3 export record, §4 export status, §7 "Exports"): a background job writes the
 * file to storage; the caller follows it in the export-records drawer and downloads it there.
 */

/** −1 expired (file deleted), 0 exporting, 1 finished (download allowed), 2 failed. */
export const exportStatuses = [-1, 0, 1, 2] as const;
export type ExportStatus = (typeof exportStatuses)[number];
export const exportStatusLabels: Record<ExportStatus, { 'zh-CN': string; en: string }> = {
  [-1]: { 'zh-CN': '已失效', en: 'Expired' },
  0: { 'zh-CN': '导出中', en: 'Exporting' },
  1: { 'zh-CN': '已完成', en: 'Finished' },
  2: { 'zh-CN': '导出失败', en: 'Failed' },
};

/** What is exported: shapefile (downloadType 1 map file), Excel (2), GeoJSON and a media ZIP (3 other). */
export const exportFormats = ['shapefile', 'excel', 'geojson', 'media'] as const;
export type ExportFormat = (typeof exportFormats)[number];
export const downloadTypeOf: Record<ExportFormat, 1 | 2 | 3> = {
  shapefile: 1,
  excel: 2,
  geojson: 3,
  media: 3,
};
export const downloadTypeLabels: Record<1 | 2 | 3, { 'zh-CN': string; en: string }> = {
  1: { 'zh-CN': '地图文件', en: 'Map file' },
  2: { 'zh-CN': 'Excel', en: 'Excel' },
  3: { 'zh-CN': '其他', en: 'Other' },
};

/** Query of POST /python/export/{shapefile,excel,geojson,media}: the project and the standard table. */
export const exportQuery = z.object({
  prjCode: z.string().trim().min(1).max(64),
  prjStandCode: tableCode,
  /** Media export only: `photo` or `video` leaves the other kind out (default both). */
  media: z.enum(['all', 'photo', 'video']).optional(),
});
export type ExportQuery = z.infer<typeof exportQuery>;

/** Body: the data list's filter (the queryDataList body); paging fields are accepted and ignored. */
export const exportBody = queryDataListBody
  .partial({ prjStandCode: true })
  .omit({ cursor: true, deleted: true });
export type ExportBody = z.input<typeof exportBody>;

export const exportRecord = z.object({
  id: z.string(),
  recordName: z.string(),
  downloadType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  format: z.enum(exportFormats),
  /** 'YYYY-MM-DD HH:mm:ss', China time. */
  addTime: z.string(),
  status: z.union([z.literal(-1), z.literal(0), z.literal(1), z.literal(2)]),
  /** 0–100 while exporting. */
  progress: z.number().int(),
  /** Where the finished file is fetched with the caller's session; empty until it is finished. */
  downloadUrl: z.string(),
  /** Records written (once finished). */
  rows: z.number().int().nullable(),
  size: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type ExportRecord = z.infer<typeof exportRecord>;

/** GET /api/download/recordList → the caller's exports of the last 7 days, newest first. */
export const exportRecordList = z.array(exportRecord);
/** How long export records and their files are kept (spec §7: one week). */
export const EXPORT_KEEP_DAYS = 7;

export const exportIdBody = z.object({ id: z.uuid() });
export const exportIdParams = z.object({ id: z.uuid() });
