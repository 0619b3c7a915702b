import type { Lang, ProcessList, ProcessRow, ProgressLevel, ProgressMeasure } from '@pineguard/contract';
import { t } from '@pineguard/contract';
import type { AuthContext } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import * as areas from '../areas/index.ts';
import * as records from '../records/index.ts';
import { countedStates, figuresOf, measureOf, overviewTables, wholeTrees } from './figures.ts';
import { inLimit, limitCodes, namedProject, sectionLimit, sectionsOf, visibleProjects } from './scope.ts';

/**
 * The progress drill-down (GET /api/process/list and its Excel export): county → section →
 * township, each row a measure (felled, burned, found) against its plan.
 */

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
