import {
  addDays,
  type BurnRecordPage,
  type ChartValue,
  CHART_DAYS,
  chinaDay,
  type Lang,
  type RatioValue,
  type SevenDayItem,
  t,
  type YesterdayValue,
} from '@pineguard/contract';
import type { AuthContext } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import * as burnPoints from '../burnPoints/index.ts';
import * as projects from '../projects/index.ts';
import * as records from '../records/index.ts';
import * as standards from '../standards/index.ts';
import { burnItemOf, chartOf, daysEnding, ratioOf, sevenDayOf, yesterdayOf } from './figures.ts';

/** The felling table whose records (one tree each) the burned-vs-felled ratio divides by. */
export const FELLING_TABLE = 'gbcfcz0101';

type Input = { dynaimcTableName: string; reportDay?: string | undefined };

/**
 * What every report starts from: the burn table (one of the project's standard tables, else a
 * clear refusal), the report day (default yesterday in China time, never after today) and the
 * sections the caller may see (a section manager's own; undefined = all).
 */
async function reportContext(deps: AppDeps, auth: AuthContext, projectCode: string, input: Input) {
  const { db } = deps.database;
  const table = await burnPoints.burnTable(db, projectCode, input.dynaimcTableName);
  const today = chinaDay(new Date());
  const day = input.reportDay ?? addDays(today, -1);
  if (day > today) throw fail.invalid('reportDayFuture', { day });
  const scope = await records.recordSectionScope(db, auth, projectCode);
  return { db, table, day, scope };
}

export async function yesterday(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  input: Input,
): Promise<YesterdayValue> {
  const { db, table, day, scope } = await reportContext(deps, auth, projectCode, input);
  const [points, rows] = await Promise.all([
    burnPoints.pointStates(db, projectCode),
    records.burnDayTotals(db, projectCode, table, day, day, scope),
  ]);
  return yesterdayOf(points, rows, day);
}

export async function sevenDays(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  input: Input,
): Promise<{ list: SevenDayItem[] }> {
  const { db, table, day, scope } = await reportContext(deps, auth, projectCode, input);
  const days = daysEnding(day, 7);
  const rows = await records.rollupSums(
    db,
    { projectCodes: [projectCode], tableCodes: [table], sectionCodes: scope, from: days[0], to: day },
    ['day', 'state'],
  );
  return { list: sevenDayOf(days, rows) };
}

/**
 * A page of the burn table's records submitted up to the report day, newest first, through the
 * records list itself (its section scope, keyset pages and counted totals): `state` '20' for the
 * check-pass list, every state for the created-report list.
 */
export async function burnRecords(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  input: Input & { pageNum: number; pageSize: number },
  state?: '20',
): Promise<BurnRecordPage> {
  const { db, table, day } = await reportContext(deps, auth, projectCode, input);
  const [page, points, sections] = await Promise.all([
    records.recordList(deps, auth, projectCode, {
      prjStandCode: table,
      end: day,
      pageNum: input.pageNum,
      pageSize: input.pageSize,
      sort: 'time_submit desc',
      ...(state ? { codeState: state } : {}),
    }),
    burnPoints.pointStates(db, projectCode),
    projects.listSections(db, projectCode),
  ]);
  const names = new Map(sections.map((s) => [s.code, s.name]));
  return {
    list: page.result.list.map((row) => burnItemOf(row, points, names)),
    total: page.result.total,
    ...(page.result.totalExact ? {} : { totalExact: false }),
  };
}

export async function chart(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  input: Input,
): Promise<ChartValue> {
  const { db, table, day, scope } = await reportContext(deps, auth, projectCode, input);
  const days = daysEnding(day, CHART_DAYS);
  const [points, rows] = await Promise.all([
    burnPoints.pointStates(db, projectCode),
    records.burnDayTotals(db, projectCode, table, days[0]!, day, scope),
  ]);
  return chartOf(points, rows, days);
}

export async function ratio(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  input: Input,
  lang: Lang,
): Promise<RatioValue> {
  const { db, table, day, scope } = await reportContext(deps, auth, projectCode, input);
  const [tables, sections] = await Promise.all([
    standards.projectTables(db, projectCode),
    projects.listSections(db, projectCode),
  ]);
  const felling = tables.some((tb) => tb.code === FELLING_TABLE) ? FELLING_TABLE : undefined;
  const rows = await records.rollupSums(
    db,
    {
      projectCodes: [projectCode],
      tableCodes: felling ? [felling, table] : [table],
      sectionCodes: scope,
      to: day,
    },
    ['table', 'section'],
  );
  const shown = sections.filter((s) => !scope || scope.includes(s.code));
  return ratioOf(shown, rows, felling, table, t(lang, 'progressTotal'));
}
