import { addDays, chinaDay, type HomeData } from '@pineguard/contract';
import type { Executor } from '../../db/client.ts';
import type { AuthContext } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import * as anomalies from '../anomalies/index.ts';
import * as records from '../records/index.ts';
import * as standards from '../standards/index.ts';
import * as workers from '../workers/index.ts';
import { countedStates, figuresOf, measureTables, overviewTables, percent, WAITING } from './figures.ts';
import {
  cached,
  cachedWorkers,
  inLimit,
  key,
  limitCodes,
  type Project,
  type SectionLimit,
  sectionLimit,
  sectionsOf,
  selectedProject,
  visibleProjects,
} from './scope.ts';

/**
 * The dashboard (GET /api/home/data): season, today and week figures, the 60-day trend, the
 * sections ranked by progress, the last day with records, the review backlog, who is on duty and
 * the open anomalies.
 */

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
  const trendFrom = addDays(today, -59);
  const weekFrom = addDays(today, -6);
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
  const workersApproved = await cachedWorkers(
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
    const day = addDays(today, i - 59);
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
