import type { SectionItem } from '@pineguard/contract';
import { and, count, eq, getTableColumns } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sections, users } from '../../db/schema/index.ts';
import { forgetSectionAssignments, renameSectionAssignments } from './assignmentQueries.ts';
import { changedHere } from '../../platform/changes.ts';

/**
 * A project's sections (标段): listing, saving, deleting, counting, their boundaries. Other rows
 * (records, workers, 标段分配) name a section by its code, not its id.
 */

/** A section's own columns without its boundary (read only by the map calls, it can be large). */
const { boundary: _boundary, ...sectionColumns } = getTableColumns(sections);

export function sectionIdsWithCode(db: Executor, projectCode: string, code: string) {
  return db
    .select({ id: sections.id })
    .from(sections)
    .where(and(eq(sections.projectCode, projectCode), eq(sections.code, code)));
}

export type SectionValues = Omit<typeof sections.$inferInsert, 'id' | 'projectCode'>;

/** Updates a section of the project; answers false when there is none with that id. */
export async function updateSection(
  db: Executor,
  projectCode: string,
  id: string,
  values: SectionValues,
): Promise<boolean> {
  changedHere({ kind: 'project', code: projectCode });
  const [before] = await db
    .select({ code: sections.code })
    .from(sections)
    .where(and(eq(sections.id, id), eq(sections.projectCode, projectCode)));
  const updated = await db
    .update(sections)
    .set(values)
    .where(and(eq(sections.id, id), eq(sections.projectCode, projectCode)))
    .returning({ id: sections.id });
  // Members assigned to the section (标段分配, by code) stay assigned under its new code.
  if (updated.length && before && values.code && values.code !== before.code) {
    await renameSectionAssignments(db, projectCode, before.code, values.code);
  }
  return updated.length > 0;
}

export async function insertSection(
  db: Executor,
  projectCode: string,
  values: SectionValues,
): Promise<string> {
  changedHere({ kind: 'project', code: projectCode });
  const [created] = await db
    .insert(sections)
    .values({ ...values, projectCode })
    .returning({ id: sections.id });
  return created!.id;
}

export async function deleteSection(db: Executor, projectCode: string, id: string) {
  changedHere({ kind: 'project', code: projectCode });
  const [removed] = await db
    .delete(sections)
    .where(and(eq(sections.id, id), eq(sections.projectCode, projectCode)))
    .returning(sectionColumns);
  if (removed) await forgetSectionAssignments(db, projectCode, removed.code);
  return removed;
}

/** Sections of a project by code; `areaNames` is left for the service to fill in. */
export async function listSections(db: Executor, projectCode: string, id?: string): Promise<SectionItem[]> {
  const rows = await db
    .select({ section: sectionColumns, managerName: users.name })
    .from(sections)
    .leftJoin(users, eq(users.id, sections.managerId))
    .where(and(eq(sections.projectCode, projectCode), id ? eq(sections.id, id) : undefined))
    .orderBy(sections.code);
  return rows.map(({ section: s, managerName }) => ({
    id: s.id,
    projectCode: s.projectCode,
    code: s.code,
    name: s.name,
    contractor: s.contractor,
    managerId: s.managerId,
    managerName,
    areaCodes: s.areaCodes,
    areaNames: s.areaCodes,
    plannedTrees: s.plannedTrees,
    plannedVolume: s.plannedVolume === null ? null : Number(s.plannedVolume),
    boundaryVertices: s.boundaryVertices,
  }));
}

/** The boundaries of a project's sections (those without one answer null), by code. */
export function sectionBoundaries(db: Executor, projectCode: string) {
  return db
    .select({ id: sections.id, code: sections.code, name: sections.name, boundary: sections.boundary })
    .from(sections)
    .where(eq(sections.projectCode, projectCode))
    .orderBy(sections.code);
}

/** Sets (or clears, with null) one section's boundary; false when the section is not the project's. */
export async function setSectionBoundary(
  db: Executor,
  projectCode: string,
  id: string,
  boundary: number[][][][] | null,
  vertices: number | null,
): Promise<boolean> {
  const updated = await db
    .update(sections)
    .set({ boundary, boundaryVertices: vertices })
    .where(and(eq(sections.id, id), eq(sections.projectCode, projectCode)))
    .returning({ id: sections.id });
  return updated.length > 0;
}

export async function sectionCount(db: Executor, projectCode: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sections).where(eq(sections.projectCode, projectCode));
  return row?.n ?? 0;
}

/** Section codes a user manages in a project (section managers see only these). */
export async function managedSectionCodes(
  db: Executor,
  projectCode: string,
  userId: string,
): Promise<string[]> {
  const rows = await db
    .select({ code: sections.code })
    .from(sections)
    .where(and(eq(sections.projectCode, projectCode), eq(sections.managerId, userId)));
  return rows.map((r) => r.code);
}
