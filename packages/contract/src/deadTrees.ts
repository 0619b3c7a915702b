import { z } from 'zod';
import { pageOf, pageQuery } from './envelope.ts';

/**
 * Dead-pine census (枯死松树, the spec's ksss): a census row per sub-compartment (小班), a detail
 * row per tree, and an upload task per imported spreadsheet. Wire names: `xiaobanCode` is the
 * spec's; the other keys are this contract's (the spec names none).
 */

const emptyAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A sub-compartment code as forestry inventories write it: digits, letters, '-' and '_'. */
export const XIAOBAN_PATTERN = /^[0-9A-Za-z][0-9A-Za-z_-]{0,29}$/;

const xiaobanFilter = z.preprocess(emptyAsUndefined, z.string().trim().max(30).optional());

/** The three lists' body (spec §7): page, size and an optional sub-compartment. */
export const ksssListBody = pageQuery.extend({ xiaobanCode: xiaobanFilter });
export type KsssListInput = z.input<typeof ksssListBody>;

/** The two exports' body: the same filter, no page. */
export const ksssExportBody = z.object({ xiaobanCode: xiaobanFilter });

/** Tree state in the census: 0 standing (未伐), 1 felled (已伐). */
export const DeadTreeState = { standing: 0, felled: 1 } as const;

export const ksssItem = z.object({
  id: z.string(),
  xiaobanCode: z.string(),
  sectionCode: z.string(),
  sectionName: z.string(),
  township: z.string(),
  village: z.string(),
  /** Dead pines counted (枯死松树株数), felled (已伐), remaining (剩余 = counted − felled). */
  deadCount: z.number().int(),
  felledCount: z.number().int(),
  remainingCount: z.number().int(),
  /** Latest survey date of the sub-compartment's trees, yyyy-MM-dd. */
  surveyDate: z.string(),
  updateTime: z.string(),
});
export type KsssItem = z.infer<typeof ksssItem>;

export const ksssDetailItem = z.object({
  id: z.string(),
  xiaobanCode: z.string(),
  treeNo: z.string(),
  species: z.string(),
  /** Diameter at breast height (胸径), cm; tree height (树高), m. */
  dbh: z.number(),
  height: z.number().nullable(),
  longitude: z.number(),
  latitude: z.number(),
  state: z.union([z.literal(0), z.literal(1)]),
  surveyDate: z.string(),
  felledDate: z.string(),
  remark: z.string(),
});
export type KsssDetailItem = z.infer<typeof ksssDetailItem>;

/** Upload task state: 0 waiting, 1 importing, 2 done, 3 failed. */
export const UploadTaskState = { waiting: 0, importing: 1, done: 2, failed: 3 } as const;
export const uploadTaskState = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

export const ksssUploadItem = z.object({
  id: z.string(),
  fileName: z.string(),
  /** Data rows read, rows imported, rows refused (listed in the error report). */
  rows: z.number().int(),
  accepted: z.number().int(),
  rejected: z.number().int(),
  state: uploadTaskState,
  /** 0–100 while importing. */
  progress: z.number().int(),
  /** Why a failed task failed, or a note (e.g. "same file already imported"). */
  message: z.string(),
  userName: z.string(),
  addTime: z.string(),
  finishTime: z.string(),
  /** The uploaded spreadsheet and the error report (row, column, message), '' when none. */
  fileUrl: z.string(),
  errorUrl: z.string(),
});
export type KsssUploadItem = z.infer<typeof ksssUploadItem>;

export const ksssListValue = pageOf(ksssItem);
export const ksssDetailListValue = pageOf(ksssDetailItem);
export const ksssUploadListValue = pageOf(ksssUploadItem);
export const ksssUploadTaskQuery = z.object({ id: z.uuid() });
/** Cancels an import still waiting or importing (not in the spec; /kusishu's import dialog and task list). */
export const ksssUploadCancelBody = z.object({ id: z.uuid() });

/** Pine species a census may name (松材线虫病 strikes pines); 其他 for any other. */
export const pineSpecies = [
  '马尾松',
  '黑松',
  '湿地松',
  '火炬松',
  '华山松',
  '油松',
  '赤松',
  '红松',
  '云南松',
  '思茅松',
  '樟子松',
  '落叶松',
  '其他',
] as const;

/**
 * The census spreadsheet's columns, in template order: the wire header (Chinese, as counties
 * fill it in), its English alternative (accepted on import too) and the field it fills.
 */
export const ksssTemplateColumns = [
  { key: 'sectionCode', zh: '标段编号', en: 'Section code', required: false },
  { key: 'township', zh: '乡镇', en: 'Township', required: true },
  { key: 'village', zh: '村', en: 'Village', required: false },
  { key: 'xiaobanCode', zh: '小班号', en: 'Sub-compartment', required: true },
  { key: 'treeNo', zh: '树号', en: 'Tree no.', required: true },
  { key: 'species', zh: '树种', en: 'Species', required: true },
  { key: 'dbh', zh: '胸径(cm)', en: 'DBH (cm)', required: true },
  { key: 'height', zh: '树高(m)', en: 'Height (m)', required: false },
  { key: 'longitude', zh: '经度', en: 'Longitude', required: true },
  { key: 'latitude', zh: '纬度', en: 'Latitude', required: true },
  { key: 'state', zh: '状态', en: 'State', required: true },
  { key: 'surveyDate', zh: '调查日期', en: 'Survey date', required: true },
  { key: 'felledDate', zh: '采伐日期', en: 'Felling date', required: false },
  { key: 'remark', zh: '备注', en: 'Remark', required: false },
] as const;
export type KsssColumnKey = (typeof ksssTemplateColumns)[number]['key'];
