import { z } from 'zod';
import { burnPointState, summaryBody, unitQuantity } from './burnPoints.ts';
import { MAX_PAGE_NUM } from './envelope.ts';

/**
 * The six fire reports (焚烧报表, spec §7 "Fire report"): all POST with `projectCode` and
 * `dynaimcTableName` (as spelled; default gbymfs0101). `reportDay` (ours, optional) is the day the
 * reports are "as of": the day the yesterday report covers, the last of the seven days and of the
 * chart's days, the end of the ratio's sums and of the lists. Default: yesterday in China time.
 * A burn's day is the day its record was submitted (China time), as in the per-day rollup.
 */
export const reportBody = summaryBody.extend({
  reportDay: z.iso.date().optional(),
});
export type ReportBody = z.input<typeof reportBody>;

const reportPage = (size: number) =>
  reportBody.extend({
    pageNum: z.coerce.number().int().min(1).max(MAX_PAGE_NUM).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(size),
  });
/** fsdCheckPassList: page size 8 (spec §9). */
export const checkPassListBody = reportPage(8);
/** fsdCreateReportList: page size 2 (spec §9). */
export const createReportListBody = reportPage(2);
export type ReportPageBody = z.input<typeof checkPassListBody>;

/** A burn record's point as the registry knows it: unknown = no registered point of that name. */
export const reportPointState = z.enum([...burnPointState.options, 'unknown']);
export type ReportPointState = z.infer<typeof reportPointState>;

/**
 * Wood burned per unit (issue 26): trees (株, whole; a burn record without unit counts as trees),
 * tons and cubic metres, each its own figure and column, never added together. `quantities`
 * still lists every unit the records give (a custom burn table may use others).
 */
const amounts = { trees: z.number().int(), tons: z.number(), m3: z.number() };

/** fsYesterdayReport: per burn point (every registered one, and each unknown name named by a record). */
export const yesterdayItem = z.object({
  /** The point's name as the records give it ('' when a record names none). */
  name: z.string(),
  pointState: reportPointState,
  burns: z.number().int(),
  /** Approved (state 20) burns among them. */
  passed: z.number().int(),
  ...amounts,
  quantities: z.array(unitQuantity),
});
export type YesterdayItem = z.infer<typeof yesterdayItem>;
export const yesterdayValue = z.object({
  day: z.string(),
  list: z.array(yesterdayItem),
  total: z.object({
    burns: z.number().int(),
    passed: z.number().int(),
    ...amounts,
    quantities: z.array(unitQuantity),
  }),
});
export type YesterdayValue = z.infer<typeof yesterdayValue>;

/** sevenDayReport: one row per day (oldest first, zeros included), from the per-day rollup. */
export const sevenDayItem = z.object({
  day: z.string(),
  burns: z.number().int(),
  passed: z.number().int(),
  /** Trees (株), tons and m³ burned that day, apart. */
  ...amounts,
});
export type SevenDayItem = z.infer<typeof sevenDayItem>;
export const sevenDayValue = z.object({ list: z.array(sevenDayItem) });

/** fsdCheckPassList / fsdCreateReportList: one burn record. */
export const burnRecordItem = z.object({
  id: z.string(),
  fsd: z.string(),
  pointState: reportPointState,
  yimushuliang: z.number().nullable(),
  jldw: z.string(),
  /** Burn date as recorded (焚烧时间), '' when not given. */
  fssj: z.string(),
  biaoduan: z.string(),
  sectionName: z.string(),
  userName: z.string(),
  time_submit: z.string(),
  code_state: z.string(),
});
export type BurnRecordItem = z.infer<typeof burnRecordItem>;
export const burnRecordPage = z.object({
  list: z.array(burnRecordItem),
  total: z.number().int(),
  totalExact: z.boolean().optional(),
});
export type BurnRecordPage = z.infer<typeof burnRecordPage>;

/** fsdChartReport: the 30 days ending on the report day; per point, burns and trees per day. */
export const CHART_DAYS = 30;
export const chartSeries = z.object({
  name: z.string(),
  pointState: reportPointState,
  burns: z.array(z.number().int()),
  trees: z.array(z.number().int()),
  tons: z.array(z.number()),
  m3: z.array(z.number()),
});
export type ChartSeries = z.infer<typeof chartSeries>;
export const chartValue = z.object({ days: z.array(z.string()), list: z.array(chartSeries) });
export type ChartValue = z.infer<typeof chartValue>;

/** fszpylReport: burned vs felled per section, cumulative up to the report day. */
export const ratioItem = z.object({
  sectionCode: z.string(),
  sectionName: z.string(),
  /** Felling records (one tree each, 清理一株 登记一株) of the felling table gbcfcz0101. */
  felled: z.number().int(),
  /** Trees burned: the burn table's quantity in 株 (whole). */
  burned: z.number().int(),
  /** Wood burned by weight and by volume beside it (not part of the ratio, never added to trees). */
  burnedTons: z.number(),
  burnedM3: z.number(),
  /** burned / felled in per cent, one decimal; null when nothing was felled. */
  ratio: z.number().nullable(),
});
export type RatioItem = z.infer<typeof ratioItem>;
export const ratioValue = z.object({ list: z.array(ratioItem), total: ratioItem });
export type RatioValue = z.infer<typeof ratioValue>;
