import type { AuthContext } from '../../platform/auth.ts';
import { onChange } from '../../platform/changes.ts';
import { fail } from '../../platform/errors.ts';
import { Memo } from '../../platform/memo.ts';
import type { Executor } from '../../db/client.ts';
import * as areas from '../areas/index.ts';
import * as files from '../files/index.ts';
import * as projects from '../projects/index.ts';
import * as standards from '../standards/index.ts';
import * as q from './listQueries.ts';
import * as w from './writeQueries.ts';
import type { FileFact } from './validate.ts';

/**
 * What every records call stands on: the project's context (county, sections, townships), a
 * table's descriptor, the caller's section scope, and the records a caller may see or change.
 */

export type ProjectContext = {
  projectCode: string;
  areaCode: string;
  areaName: string;
  sections: Map<
    string,
    { code: string; name: string; areaCodes: string[]; areaNames: string[]; managerId: string | null }
  >;
  /** The townships of the project's county (code → name), to name a township the device sent as a code. */
  townships: Map<string, string>;
};

export async function projectContext(db: Executor, projectCode: string): Promise<ProjectContext> {
  const project = await projects.findProject(db, projectCode);
  if (!project) throw fail.notFound();
  const paths = await areas.areaPaths(db, [project.areaCode]);
  const path = paths.get(project.areaCode) ?? '';
  const sections = await projects.listSections(db, projectCode);
  const townships = await areas.projectTownships(db, project.areaCode);
  return {
    projectCode,
    areaCode: project.areaCode,
    areaName: path.split(' / ').pop() ?? '',
    sections: new Map(sections.map((s) => [s.code, s])),
    townships: new Map(townships.map((a) => [a.code, a.name])),
  };
}

/** A table's descriptor, refused unless the project uses it (the super administrator may read any). */
export async function tableFor(db: Executor, projectCode: string, tableCode: string) {
  const descriptor = await standards.descriptorOf(db, tableCode);
  if (!descriptor) throw fail.invalid('tableUnknown', { code: tableCode });
  const used = await standards.projectTables(db, projectCode);
  if (!used.some((u) => u.code === tableCode)) throw fail.invalid('tableNotInProject', { code: tableCode });
  return descriptor;
}

/*
 * Reads (list, detail) reuse a project's context and a table's descriptor for a few seconds
 * instead of ~10 metadata queries per request; writes (ingestion, corrections) always read fresh.
 * A refusal (unknown table) is not remembered: the next call asks again.
 */
const READ_MS = 5_000;
const contextMemo = new Memo<ProjectContext>(READ_MS);
const tableMemo = new Memo<standards.TableDescriptor>(READ_MS);
const descriptorMemo = new Memo<standards.TableDescriptor | undefined>(READ_MS);

// A section or the project changed anywhere (the change feed): read the context again.
onChange((_db, change) => {
  if (change.kind === 'project' || change.kind === 'lost') contextMemo.forget();
});

/** projectContext, remembered a few seconds (reads only). */
export const readContext = (db: Executor, projectCode: string) =>
  contextMemo.get(db, projectCode, () => projectContext(db, projectCode));

/** tableFor, remembered a few seconds (reads only). */
export const readTable = (db: Executor, projectCode: string, tableCode: string) =>
  tableMemo.get(db, `${projectCode}\u0000${tableCode}`, () => tableFor(db, projectCode, tableCode));

/** A table's descriptor whether or not the project still uses it (a record's detail), remembered. */
export const readDescriptor = (db: Executor, tableCode: string) =>
  descriptorMemo.get(db, tableCode, () => standards.descriptorOf(db, tableCode));

/** Section managers (current role section_manager, no review right) see only the sections they manage. */
export async function sectionScope(
  db: Executor,
  auth: AuthContext,
  projectCode: string,
): Promise<string[] | undefined> {
  if (auth.isSuperAdmin || auth.permissions.has('records.review')) return undefined;
  if (!auth.roleCodes.includes('section_manager')) return undefined;
  return projects.managedSectionCodes(db, projectCode, auth.userId);
}

export async function fileFacts(db: Executor, ids: string[]): Promise<Map<string, FileFact>> {
  const rows = await files.filesByIds(db, ids);
  return new Map(rows.map((f) => [f.id, { projectCode: f.projectCode, kind: f.kind }]));
}

/** A record the caller may see: same project (any for the super administrator), within their sections. */
export async function visibleRecord(db: Executor, auth: AuthContext, projectCode: string, id: string) {
  return checkVisible(db, auth, projectCode, await q.findRecord(db, id));
}

/** Refuses a record the caller may not see (missing, another project's, outside their sections). */
export async function checkVisible<R extends { project_code: string; section_code: string }>(
  db: Executor,
  auth: AuthContext,
  projectCode: string,
  r: R | undefined,
): Promise<R> {
  if (!r) throw fail.notFound('recordNotFound');
  if (r.project_code !== projectCode) throw fail.forbidden('otherProject');
  const scope = await sectionScope(db, auth, projectCode);
  if (scope && !scope.includes(r.section_code)) throw fail.notFound('recordNotFound');
  return r;
}

/** Records the caller may change, locked for the change (review, deletion, correction). */
export async function lockVisible(db: Executor, auth: AuthContext, projectCode: string, ids: string[]) {
  const rows = await w.lockRecords(db, [...new Set(ids.map((i) => i.toLowerCase()))]);
  if (rows.some((r) => r.projectCode !== projectCode)) throw fail.forbidden('otherProject');
  if (rows.length !== new Set(ids).size) throw fail.notFound('recordNotFound');
  const scope = await sectionScope(db, auth, projectCode);
  if (scope && rows.some((r) => !scope.includes(r.sectionCode))) throw fail.notFound('recordNotFound');
  return rows;
}
