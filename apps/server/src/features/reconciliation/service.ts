import {
  addDays,
  anomalyMessages,
  chinaToday,
  ErrorCode,
  type Lang,
  MAX_RECONCILE_DAYS,
  type ReconcileReason,
  type ReconcileSection,
  type ReconcileValue,
  reconcileDrillFilter,
  reconcileTables,
} from '@pineguard/contract';
import type { Executor } from '../../db/client.ts';
import type { AuthContext } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { Memo } from '../../platform/memo.ts';
import * as anomalies from '../anomalies/index.ts';
import * as projects from '../projects/index.ts';
import * as records from '../records/index.ts';
import { sectionBalance, seriesStart, type SumRow, sumFigures } from './figures.ts';

/** The states a figure counts (as the overview's figures.ts countedStates): rejected (40) never. */
const COUNTED_STATES = ['10', '20', '30'];
const TABLES = [reconcileTables.felling, reconcileTables.burning];

/**
 * The project's settings and sections, remembered a few seconds per database (as records' reads
 * remember a project's context): every call of the screen reads them, an edit shows within 5 s.
 */
const projectMemo = new Memo<{
  project: Awaited<ReturnType<typeof projects.findProject>>;
  allSections: Awaited<ReturnType<typeof projects.listSections>>;
}>(5_000);

const answers = new Memo<ReconcileValue>(2_000, 2_000, 60_000);

const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);

function refuse(field: string, text: { 'zh-CN': string; en: string }, lang: Lang, params = {}) {
  const say = (l: Lang) =>
    text[l].replace(/\{(\w+)\}/g, (m, k: string) => String((params as Record<string, unknown>)[k] ?? m));
  const both = { 'zh-CN': say('zh-CN'), en: say('en') };
  return new AppError(
    ErrorCode.validation,
    'fieldErrors',
    { text: both },
    { fields: [{ field, message: both[lang] }] },
  );
}

/**
 * The range asked for, or the season: from the project's start date (else 1 January of its
 * year, else a year before `end`) to `end` (today in China without one). A range longer than a
 * season or ending before it starts is refused, naming the field.
 */
export function rangeOf(
  project: { startDate: string | null; year: number | null },
  input: { begin?: string | undefined; end?: string | undefined },
  lang: Lang,
  now: Date,
): { begin: string; end: string } {
  const end = input.end ?? chinaToday(now);
  let begin = input.begin;
  if (!begin) {
    const start = project.startDate ?? (project.year ? `${project.year}-01-01` : addDays(end, -365));
    begin =
      start > end
        ? end
        : dayNumber(end) - dayNumber(start) >= MAX_RECONCILE_DAYS
          ? addDays(end, -(MAX_RECONCILE_DAYS - 1))
          : start;
  }
  if (end < begin) throw refuse('end', anomalyMessages.rangeReversed, lang);
  if (dayNumber(end) - dayNumber(begin) >= MAX_RECONCILE_DAYS) {
    throw refuse('begin', anomalyMessages.rangeTooLong, lang, { max: MAX_RECONCILE_DAYS });
  }
  return { begin, end };
}

/**
 * 核对 of a project: per section and day, felled → tagged → burned and the running balance,
 * from the rollup only (two sums of record_counts, remembered by records' rollupSums), with
 * each section's open anomalies. Section managers get their sections only.
 */
export async function reconcile(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  input: {
    sectionCode?: string | undefined;
    begin?: string | undefined;
    end?: string | undefined;
    withDays?: boolean | undefined;
  },
  lang: Lang,
  now = new Date(),
): Promise<ReconcileValue> {
  const { db } = deps.database;
  const { project, allSections } = await projectMemo.get(db, projectCode, async () => ({
    project: await projects.findProject(db, projectCode),
    allSections: await projects.listSections(db, projectCode),
  }));
  if (!project) throw fail.notFound('projectNotFound');
  const { begin, end } = rangeOf(project, input, lang, now);
  const windowDays = project.burnWindowDays;
  const scope = await records.recordSectionScope(db, auth, projectCode);
  let codes = allSections.map((s) => s.code).filter((c) => !scope || scope.includes(c));
  if (input.sectionCode) codes = codes.filter((c) => c === input.sectionCode);
  const sectionCodes = scope || input.sectionCode ? codes : undefined;
  // The same answer for every caller of the same view until this process changes the rollup or
  // an anomaly (the versions), else for 2 s (+2 s while one call reloads it), as rollupSums does.
  const key = JSON.stringify([
    projectCode,
    sectionCodes ?? null,
    begin,
    end,
    windowDays,
    records.rollupVersion(),
    anomalies.anomalyCountsVersion(),
  ]);
  const value = await answers.get(db, key, () =>
    compute(db, { projectCode, begin, end, windowDays, codes, sectionCodes, allSections }),
  );
  return input.withDays ? value : withoutDays(value);
}

/**
 * The answer without its section-days, one object per remembered answer: the route serialises
 * each object once (routes.ts), so every caller of a view shares the same few KB.
 */
const light = new WeakMap<ReconcileValue, ReconcileValue>();
function withoutDays(value: ReconcileValue): ReconcileValue {
  let v = light.get(value);
  if (!v) light.set(value, (v = { ...value, days: [] }));
  return v;
}

async function compute(
  db: Executor,
  o: {
    projectCode: string;
    begin: string;
    end: string;
    windowDays: number;
    codes: string[];
    sectionCodes: string[] | undefined;
    allSections: { code: string; name: string }[];
  },
): Promise<ReconcileValue> {
  const { projectCode, begin, end, windowDays, sectionCodes, allSections } = o;
  const codes = [...o.codes];
  const start = seriesStart(begin, windowDays);
  const filter = { projectCodes: [projectCode], tableCodes: TABLES, states: COUNTED_STATES, sectionCodes };
  const [before, series, open] = await Promise.all([
    records.rollupSums(db, { ...filter, to: addDays(start, -1) }, ['table', 'section']),
    records.rollupSums(db, { ...filter, from: start, to: end }, ['table', 'section', 'day']),
    anomalies.openAnomalyCounts(db, [projectCode], sectionCodes),
  ]);
  // A section the rollup knows but the project no longer lists (deleted) still shows.
  for (const r of [...before, ...series]) {
    if (r.section && !codes.includes(r.section) && !sectionCodes) codes.push(r.section);
  }
  const bySection = <T extends SumRow>(rows: T[]) => {
    const m = new Map<string, T[]>();
    for (const r of rows) m.set(r.section ?? '', [...(m.get(r.section ?? '') ?? []), r]);
    return m;
  };
  const beforeOf = bySection(before);
  const seriesOf = bySection(series);
  const names = new Map(allSections.map((s) => [s.code, s.name]));
  const sections: ReconcileSection[] = [];
  const days: ReconcileValue['days'] = [];
  for (const code of codes.sort()) {
    const s = sectionBalance({
      sectionCode: code,
      begin,
      end,
      windowDays,
      before: beforeOf.get(code) ?? [],
      series: seriesOf.get(code) ?? [],
    });
    const byKind: Record<string, number> = {};
    for (const a of open) if (a.sectionCode === code) byKind[a.kind] = (byKind[a.kind] ?? 0) + a.n;
    const at = { prjCode: projectCode, sectionCode: code, begin, end };
    sections.push({
      sectionCode: code,
      sectionName: names.get(code) ?? code,
      opening: s.opening,
      figures: s.figures,
      balance: s.balance,
      overdue: s.overdue,
      red: s.red,
      reasons: s.reasons,
      dayCount: s.days.length,
      openAnomalies: Object.values(byKind).reduce((a, b) => a + b, 0),
      anomaliesByKind: byKind,
      drill: {
        felling: reconcileDrillFilter('felled', at),
        burning: reconcileDrillFilter('burnedTrees', at),
      },
    });
    days.push(...s.days);
  }
  const reasons = new Set<ReconcileReason>(sections.flatMap((s) => s.reasons));
  const totalByKind: Record<string, number> = {};
  for (const s of sections) {
    for (const [k, n] of Object.entries(s.anomaliesByKind)) totalByKind[k] = (totalByKind[k] ?? 0) + n;
  }
  return {
    projectCode,
    begin,
    end,
    windowDays,
    tables: { ...reconcileTables },
    sections,
    days,
    totals: {
      opening: sections.reduce((a, s) => a + s.opening, 0),
      figures: sumFigures(sections.map((s) => s.figures)),
      balance: sections.reduce((a, s) => a + s.balance, 0),
      overdue: sections.reduce((a, s) => a + s.overdue, 0),
      red: sections.some((s) => s.red),
      reasons: [...reasons],
      openAnomalies: sections.reduce((a, s) => a + s.openAnomalies, 0),
      anomaliesByKind: totalByKind,
    },
  };
}
