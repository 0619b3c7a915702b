import type {
  HomeData,
  Lang,
  ProcessList,
  ProcessRow,
  ProgressLevel,
  ProgressMeasure,
} from '@pineguard/contract';
import { t } from '@pineguard/contract';
import type { Executor } from '../../db/client.ts';
import type { AuthContext } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { Memo } from '../../platform/memo.ts';
import { ErrorCode } from '@pineguard/contract';
import * as anomalies from '../anomalies/index.ts';
import * as areas from '../areas/index.ts';
import * as projects from '../projects/index.ts';
import * as records from '../records/index.ts';
import * as standards from '../standards/index.ts';
import * as workers from '../workers/index.ts';
import {
  chinaDay,
  countedStates,
  daysBefore,
  figuresOf,
  measureOf,
  measureTables,
  overviewTables,
  percent,
  WAITING,
  wholeTrees,
} from './figures.ts';

type Project = { code: string; name: string; areaCode: string };

/**
 * Metadata (projects, their tables and sections, a user's projects), the workers count and the
 * dashboard's figures are reused for a few seconds per database: they change rarely and cost most
 * of a call's queries. Past 5 s they are still given for 5 s more while one call reloads them
 * (platform/memo.ts), so no caller waits for the reload.
 */
const overviewMemo = new Memo<unknown>(5_000, 5_000);
const cached = <T>(db: Executor, key: string, load: () => Promise<T>) =>
  overviewMemo.get(db, key, load) as Promise<T>;
/** Which projects a user may see decides access: never given stale. */
const accessMemo = new Memo<Project[]>(5_000);

/**
 * The projects an overview call covers. `all` (or a project other than the selected one) is
 * for super administrators (every live project) and for members whose role grants
 * dashboard.read in several projects (a government viewer): their projects only.
 */
function visibleProjects(db: Executor, auth: AuthContext): Promise<Project[]> {
  if (auth.isSuperAdmin)
    return accessMemo.get(db, 'all', () => projects.choosableProjects(db, auth.userId, true));
  return accessMemo.get(db, `user:${auth.userId}`, () =>
    projects.projectsWithPermission(db, auth.userId, 'dashboard.read'),
  );
}

async function selectedProject(db: Executor, auth: AuthContext): Promise<Project> {
  const code = auth.projectCode;
  const p = code ? await cached(db, `project:${code}`, () => projects.findProject(db, code)) : undefined;
  if (!p) throw new AppError(ErrorCode.projectRequired, 'projectRequired');
  return { code: p.code, name: p.name, areaCode: p.areaCode };
}

async function namedProject(db: Executor, auth: AuthContext, code: string | undefined): Promise<Project> {
  if (code === undefined || code === auth.projectCode) return selectedProject(db, auth);
  const found = (await visibleProjects(db, auth)).find((p) => p.code === code);
  if (!found) throw new AppError(ErrorCode.forbidden, 'otherProject');
  return found;
}

/** Sections of some projects, with their plan (planned trees, 0 when not set). */
async function sectionsOf(db: Executor, codes: string[]) {
  const lists = await Promise.all(
    codes.map((c) => cached(db, `sections:${c}`, () => projects.listSections(db, c))),
  );
  return lists.flat().map((s) => ({
    prjCode: s.projectCode,
    code: s.code,
    name: s.name,
    planned: s.plannedTrees ?? 0,
    areaNames: s.areaNames,
  }));
}

const key = (...parts: (string | undefined)[]) => parts.join('\u0000');

/**
 * A section manager's sections per project (the records list's rule: no review right, role
 * section_manager): their dashboard and progress count those sections only. Undefined: all.
 */
type SectionLimit = Map<string, string[]> | undefined;
async function sectionLimit(db: Executor, auth: AuthContext, codes: string[]): Promise<SectionLimit> {
  const scopes = await Promise.all(codes.map((c) => records.recordSectionScope(db, auth, c)));
  if (scopes.every((x) => x === undefined)) return undefined;
  return new Map(codes.map((c, i) => [c, scopes[i] ?? []]));
}
const inLimit = (limit: SectionLimit, project: string | undefined, section: string | undefined) =>
  !limit || (limit.get(project ?? '') ?? []).includes(section ?? '');
const limitCodes = (limit: SectionLimit) => (limit ? [...new Set([...limit.values()].flat())] : undefined);

/* ------------------------------------------------------------------ dashboard */

export async function homeData(
  deps: AppDeps,
  auth: AuthContext,
  scope: 'project' | 'all',
  now = new Date(),
): Promise<HomeData> {
  const { db } = deps.database;
  const list = scope === 'all' ? await visibleProjects(db, auth) : [await selectedProject(db, auth)];
  const codes = list.map((p) => p.code);
  const today = chinaDay(now);
  const limit = await sectionLimit(db, auth, codes);
  const sectionCodes = limitCodes(limit);
  // The figures are the same for everyone who sees the same projects and sections: computed once
  // per rollup change in this process (and at most every few seconds for other instances' changes).
  // Who is on duty today is asked apart (remembered only 2 s: workers.onDutyToday).
  const figuresKey = key(
    'home',
    String(records.rollupVersion()),
    scope,
    codes.join(','),
    sectionCodes?.join(',') ?? '*',
    today,
  );
  const [figures, workersOnDuty, open] = await Promise.all([
    cached(db, figuresKey, () => homeFigures(db, list, limit, today, scope)),
    // Distinct workers who clocked in today (China day) through the field app.
    workers.onDutyToday(deps, codes, today, sectionCodes),
    // Open anomalies move apart from the rollup (remembered by the anomalies feature).
    anomalies.openAnomalyCounts(db, codes, sectionCodes),
  ]);
  const names = new Map((await sectionsOf(db, codes)).map((s) => [key(s.prjCode, s.code), s.name]));
  const perSection = new Map<string, { prjCode: string; sectionCode: string; open: number }>();
  for (const r of open) {
    if (!inLimit(limit, r.projectCode, r.sectionCode)) continue;
    const k = key(r.projectCode, r.sectionCode);
    const s = perSection.get(k) ?? { prjCode: r.projectCode, sectionCode: r.sectionCode, open: 0 };
    s.open += r.n;
    perSection.set(k, s);
  }
  const sections = [...perSection.entries()]
    .map(([k, s]) => ({ ...s, sectionName: names.get(k) ?? s.sectionCode }))
    .sort((a, b) => b.open - a.open || a.sectionCode.localeCompare(b.sectionCode));
  return {
    ...figures,
    cards: { ...figures.cards, workersOnDuty },
    anomalies: { open: sections.reduce((a, s) => a + s.open, 0), sections },
  };
}

async function homeFigures(
  db: Executor,
  list: Project[],
  limit: SectionLimit,
  today: string,
  scope: 'project' | 'all',
): Promise<Omit<HomeData, 'anomalies'>> {
  const codes = list.map((p) => p.code);
  const trendFrom = daysBefore(today, 59);
  const weekFrom = daysBefore(today, 6);
  const tablesByProject = await Promise.all(
    codes.map((c) => cached(db, `tables:${c}`, () => standards.projectTables(db, c))),
  );
  const tableNames = new Map<string, string>();
  for (const ts of tablesByProject) for (const tb of ts) tableNames.set(tb.code, tb.name);
  const allTables = [...new Set([...tableNames.keys(), ...overviewTables])];
  const sectionCodes = limitCodes(limit);

  const season = (
    await records.rollupSums(db, { projectCodes: codes, tableCodes: allTables, sectionCodes }, [
      'project',
      'table',
      'section',
      'state',
    ])
  ).filter((r) => inLimit(limit, r.project, r.section));
  const recent = (
    await records.rollupSums(
      db,
      {
        projectCodes: codes,
        tableCodes: overviewTables,
        sectionCodes,
        states: countedStates,
        from: trendFrom,
        to: today,
      },
      ['project', 'table', 'section', 'day'],
    )
  ).filter((r) => inLimit(limit, r.project, r.section));
  const sections = (await sectionsOf(db, codes)).filter((s) => inLimit(limit, s.prjCode, s.code));
  const workersApproved = await cached(
    db,
    `workers:${codes.join(',')}:${sectionCodes?.join(',') ?? '*'}`,
    () => workers.approvedWorkerCount(db, codes, sectionCodes),
  );

  const total = figuresOf(season);
  const planned = sections.reduce((a, s) => a + s.planned, 0);
  // The reconciliation's 伐桩合格 (one source): felling records whose stump is treated and within
  // the 5 cm limit, in the states that count (uploaded, approved, sent back).
  const stumpsTreated = season
    .filter((r) => r.table === measureTables.felled && countedStates.includes(r.state ?? ''))
    .reduce((a, r) => a + r.treated, 0);

  // Backlog: waiting records per project and table.
  const waiting = new Map<string, number>();
  for (const r of season) {
    if (r.state !== WAITING) continue;
    const k = key(r.project, r.table);
    waiting.set(k, (waiting.get(k) ?? 0) + r.n);
  }
  const backlog = [...waiting.entries()]
    .map(([k, n]) => {
      const [prjCode, tableCode] = k.split('\u0000') as [string, string];
      return { prjCode, tableCode, tableName: tableNames.get(tableCode) ?? tableCode, waiting: n };
    })
    .filter((b) => b.waiting > 0)
    .sort((a, b) => b.waiting - a.waiting);

  // Trend: 60 days, oldest first.
  const byDay = new Map<string, typeof recent>();
  for (const r of recent) {
    const d = r.day ?? '';
    byDay.set(d, [...(byDay.get(d) ?? []), r]);
  }
  const trend = Array.from({ length: 60 }, (_, i) => {
    const day = daysBefore(today, 59 - i);
    const f = figuresOf(byDay.get(day) ?? []);
    return { day, felled: f.felled, burned: f.burned, burnedTons: f.burnedTons, burnedM3: f.burnedM3 };
  });

  // Section ranking by felled / planned.
  const sectionRows = (prjCode: string, code: string) =>
    season.filter((r) => r.project === prjCode && r.section === code);
  const ranking = sections
    .map((s) => {
      const f = figuresOf(sectionRows(s.prjCode, s.code));
      return {
        prjCode: s.prjCode,
        sectionCode: s.code,
        sectionName: s.name,
        planned: s.planned,
        ...f,
        percent: percent(f.felled, s.planned),
      };
    })
    .sort((a, b) => (b.percent ?? -1) - (a.percent ?? -1) || b.felled - a.felled);

  // The last day with any record, by section.
  const lastDayValue = recent.reduce<string | null>(
    (max, r) => (r.day && r.n > 0 && (!max || r.day > max) ? r.day : max),
    null,
  );
  const lastDaySections = lastDayValue
    ? sections
        .map((s) => {
          const rows = recent.filter(
            (r) => r.day === lastDayValue && r.project === s.prjCode && r.section === s.code,
          );
          return {
            prjCode: s.prjCode,
            sectionCode: s.code,
            sectionName: s.name,
            ...figuresOf(rows),
            records: rows.reduce((a, r) => a + r.n, 0),
          };
        })
        .filter((s) => s.records > 0)
        .sort((a, b) => b.records - a.records)
    : [];

  return {
    scope,
    projects: list.map((p) => ({ prjCode: p.code, name: p.name })),
    day: today,
    cards: {
      ...total,
      stumpsTreated,
      planned,
      progress: percent(total.felled, planned),
      workersApproved,
      workersOnDuty: 0,
      pendingReview: backlog.reduce((a, b) => a + b.waiting, 0),
    },
    periods: {
      today: figuresOf(recent.filter((r) => r.day === today)),
      week: figuresOf(recent.filter((r) => (r.day ?? '') >= weekFrom)),
      season: total,
    },
    trend,
    sections: ranking,
    lastDay: { day: lastDayValue, sections: lastDaySections },
    backlog,
  };
}

/* ------------------------------------------------------------------ progress drill-down */

function row(
  prjCode: string,
  code: string,
  name: string,
  planned: number | null,
  rows: records.RollupRow[],
  type: ProgressMeasure,
): ProcessRow {
  const f = figuresOf(rows);
  return { prjCode, code, name, planned, ...f, ...measureOf(type, f, planned) };
}

function totalOf(rows: ProcessRow[], name: string, prjCode: string, type: ProgressMeasure): ProcessRow {
  const plannedKnown = rows.some((r) => r.planned !== null);
  const planned = plannedKnown ? rows.reduce((a, r) => a + (r.planned ?? 0), 0) : null;
  const sum = (k: 'found' | 'felled' | 'burned' | 'burnedTons' | 'burnedM3') =>
    rows.reduce((a, r) => a + r[k], 0);
  const f = wholeTrees({
    found: sum('found'),
    felled: sum('felled'),
    burned: sum('burned'),
    burnedTons: sum('burnedTons'),
    burnedM3: sum('burnedM3'),
  });
  return { prjCode, code: '', name, planned, ...f, ...measureOf(type, f, planned) };
}

export async function progressList(
  deps: AppDeps,
  auth: AuthContext,
  input: {
    level: ProgressLevel;
    prjCode?: string | undefined;
    sectionCode?: string | undefined;
    type: ProgressMeasure;
  },
  lang: Lang,
): Promise<ProcessList> {
  const { db } = deps.database;
  const { level, type } = input;
  const totalName = t(lang, 'progressTotal');
  const base = { tableCodes: overviewTables, states: countedStates };
  // A section named on any level must be one of the project's (never silently ignored).
  if (input.sectionCode !== undefined && level !== 'township') {
    const project = await namedProject(db, auth, input.prjCode);
    const known = await sectionsOf(db, [project.code]);
    if (!known.some((s) => s.code === input.sectionCode)) throw fail.notFound('sectionNotFound');
  }

  if (level === 'county') {
    const list =
      input.prjCode === undefined
        ? await visibleProjects(db, auth)
        : [await namedProject(db, auth, input.prjCode)];
    const codes = list.map((p) => p.code);
    const limit = await sectionLimit(db, auth, codes);
    const [sums, sections, names] = await Promise.all([
      records
        .rollupSums(db, { ...base, projectCodes: codes, sectionCodes: limitCodes(limit) }, [
          'project',
          'section',
          'table',
        ])
        .then((rows) => rows.filter((r) => inLimit(limit, r.project, r.section))),
      sectionsOf(db, codes).then((rows) => rows.filter((s) => inLimit(limit, s.prjCode, s.code))),
      areas.areaNames(
        db,
        list.map((p) => p.areaCode),
      ),
    ]);
    const rows = list.map((p) =>
      row(
        p.code,
        p.areaCode,
        `${names.get(p.areaCode) ?? p.areaCode}（${p.name}）`,
        sections.filter((s) => s.prjCode === p.code).reduce((a, s) => a + s.planned, 0),
        sums.filter((r) => r.project === p.code),
        type,
      ),
    );
    return {
      level,
      type,
      title: list.length === 1 ? list[0]!.name : t(lang, 'progressAllProjects'),
      prjCode: input.prjCode ?? null,
      sectionCode: null,
      rows,
      total: totalOf(rows, totalName, input.prjCode ?? '', type),
    };
  }

  const project = await namedProject(db, auth, input.prjCode);
  const limit = await sectionLimit(db, auth, [project.code]);
  const sections = (await sectionsOf(db, [project.code])).filter((s) => inLimit(limit, project.code, s.code));
  if (level === 'section') {
    const sums = await records.rollupSums(db, { ...base, projectCodes: [project.code] }, [
      'section',
      'table',
    ]);
    const rows = sections.map((s) =>
      row(
        project.code,
        s.code,
        s.name,
        s.planned,
        sums.filter((r) => r.section === s.code),
        type,
      ),
    );
    return {
      level,
      type,
      title: project.name,
      prjCode: project.code,
      sectionCode: null,
      rows,
      total: totalOf(rows, totalName, project.code, type),
    };
  }

  const section = sections.find((s) => s.code === input.sectionCode);
  if (!section) throw fail.notFound('sectionNotFound');
  const sums = await records.rollupSums(
    db,
    { ...base, projectCodes: [project.code], sectionCodes: [section.code] },
    ['township', 'table'],
  );
  // The section's own townships first (zero rows too), then any other township records name.
  const townships = [...new Set([...section.areaNames, ...sums.map((r) => r.township ?? '')])];
  const rows = townships
    .map((name) =>
      row(
        project.code,
        name,
        name || t(lang, 'progressTownshipUnknown'),
        null,
        sums.filter((r) => (r.township ?? '') === name),
        type,
      ),
    )
    .filter(
      (r) =>
        section.areaNames.includes(r.code) ||
        [r.found, r.felled, r.burned, r.burnedTons, r.burnedM3].some((x) => x > 0),
    );
  return {
    level,
    type,
    title: `${project.name} / ${section.name}`,
    prjCode: project.code,
    sectionCode: section.code,
    rows,
    total: totalOf(rows, totalName, project.code, type),
  };
}
