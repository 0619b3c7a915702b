import { ErrorCode } from '@pineguard/contract';
import type { Executor } from '../../db/client.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { onChange } from '../../platform/changes.ts';
import { AppError } from '../../platform/errors.ts';
import { Memo } from '../../platform/memo.ts';
import * as projects from '../projects/index.ts';
import * as records from '../records/index.ts';

/**
 * What an overview call covers: which projects the caller may see (one, or all of theirs), their
 * sections with the plan, and a section manager's own sections; remembered a few seconds.
 */

export type Project = { code: string; name: string; areaCode: string };

/**
 * Metadata (projects, their tables and sections) and the dashboard's figures are reused for a few
 * seconds per database: they change rarely and cost most of a call's queries. Past 5 s they are
 * still given for 5 s more while one call reloads them (platform/memo.ts), so no caller waits for
 * the reload. The figures are keyed by the rollup's version, which every instance moves when the
 * counters' notification arrives; a project or section change (any instance) drops the rest.
 */
const overviewMemo = new Memo<unknown>(5_000, 5_000);
export const cached = <T>(db: Executor, key: string, load: () => Promise<T>) =>
  overviewMemo.get(db, key, load) as Promise<T>;
/** The approved workers count, dropped apart when workers change (the workers trigger notifies 'w'). */
const workersMemo = new Memo<number>(5_000, 5_000);
export const cachedWorkers = (db: Executor, key: string, load: () => Promise<number>) =>
  workersMemo.get(db, key, load);
/** Which projects a user may see decides access: never given stale. */
const accessMemo = new Memo<Project[]>(5_000);

// Other instances' changes (docs/operations.md "In-process caches"): the 5 s is only a backstop.
onChange((_db, change) => {
  if (change.kind === 'project' || change.kind === 'roles' || change.kind === 'lost') {
    overviewMemo.forget();
    accessMemo.forget();
  }
  // A user's grants changed (user_project_roles notifies 'u:<user>'): whose projects they see.
  if (change.kind === 'user') accessMemo.forget();
  if (change.kind === 'workers' || change.kind === 'lost') workersMemo.forget();
});

/**
 * The projects an overview call covers. `all` (or a project other than the selected one) is
 * for super administrators (every live project) and for members whose role grants
 * dashboard.read in several projects (a government viewer): their projects only.
 */
export function visibleProjects(db: Executor, auth: AuthContext): Promise<Project[]> {
  if (auth.isSuperAdmin)
    return accessMemo.get(db, 'all', () => projects.choosableProjects(db, auth.userId, true));
  return accessMemo.get(db, `user:${auth.userId}`, () =>
    projects.projectsWithPermission(db, auth.userId, 'dashboard.read'),
  );
}

export async function selectedProject(db: Executor, auth: AuthContext): Promise<Project> {
  const code = auth.projectCode;
  const p = code ? await cached(db, `project:${code}`, () => projects.findProject(db, code)) : undefined;
  if (!p) throw new AppError(ErrorCode.projectRequired, 'projectRequired');
  return { code: p.code, name: p.name, areaCode: p.areaCode };
}

export async function namedProject(
  db: Executor,
  auth: AuthContext,
  code: string | undefined,
): Promise<Project> {
  if (code === undefined || code === auth.projectCode) return selectedProject(db, auth);
  const found = (await visibleProjects(db, auth)).find((p) => p.code === code);
  if (!found) throw new AppError(ErrorCode.forbidden, 'otherProject');
  return found;
}

/** Sections of some projects, with their plan (planned trees, 0 when not set). */
export async function sectionsOf(db: Executor, codes: string[]) {
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

export const key = (...parts: (string | undefined)[]) => parts.join('\u0000');

/**
 * A section manager's sections per project (the records list's rule: no review right, role
 * section_manager): their dashboard and progress count those sections only. Undefined: all.
 */
export type SectionLimit = Map<string, string[]> | undefined;
export async function sectionLimit(db: Executor, auth: AuthContext, codes: string[]): Promise<SectionLimit> {
  const scopes = await Promise.all(codes.map((c) => records.recordSectionScope(db, auth, c)));
  if (scopes.every((x) => x === undefined)) return undefined;
  return new Map(codes.map((c, i) => [c, scopes[i] ?? []]));
}
export const inLimit = (limit: SectionLimit, project: string | undefined, section: string | undefined) =>
  !limit || (limit.get(project ?? '') ?? []).includes(section ?? '');
export const limitCodes = (limit: SectionLimit) =>
  limit ? [...new Set([...limit.values()].flat())] : undefined;
