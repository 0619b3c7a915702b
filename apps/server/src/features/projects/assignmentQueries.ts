import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sections, userProjectRoles, userSections } from '../../db/schema/index.ts';

/**
 * 标段分配 (user_sections): the sections a member records in as a field worker. Rows name a
 * section by code (no foreign key to sections), so every read joins the live sections: a code
 * no longer in the project never counts.
 */

const liveSection = and(
  eq(sections.projectCode, userSections.projectCode),
  eq(sections.code, userSections.sectionCode),
);

/** The section codes a member is assigned to in a project, by code. */
export async function assignedSectionCodes(
  db: Executor,
  projectCode: string,
  userId: string,
): Promise<string[]> {
  const rows = await db
    .select({ code: sections.code })
    .from(userSections)
    .innerJoin(sections, liveSection)
    .where(and(eq(userSections.projectCode, projectCode), eq(userSections.userId, userId)))
    .orderBy(sections.code);
  return rows.map((r) => r.code);
}

/** The assigned sections (code and name) of several members of a project, by member then code. */
export function assignmentsOf(db: Executor, projectCode: string, userIds: string[]) {
  if (!userIds.length) return Promise.resolve([]);
  return db
    .select({ userId: userSections.userId, code: sections.code, name: sections.name })
    .from(userSections)
    .innerJoin(sections, liveSection)
    .where(and(eq(userSections.projectCode, projectCode), inArray(userSections.userId, userIds)))
    .orderBy(userSections.userId, sections.code);
}

/** Which of `userIds` hold a role in the project. */
export async function membersAmong(
  db: Executor,
  projectCode: string,
  userIds: string[],
): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .selectDistinct({ userId: userProjectRoles.userId })
    .from(userProjectRoles)
    .where(and(eq(userProjectRoles.projectCode, projectCode), inArray(userProjectRoles.userId, userIds)));
  return new Set(rows.map((r) => r.userId));
}

/** Replaces a member's sections in a project with `codes` (checked by the caller). */
export async function replaceAssignments(
  db: Executor,
  projectCode: string,
  userId: string,
  codes: string[],
): Promise<void> {
  await db
    .delete(userSections)
    .where(and(eq(userSections.projectCode, projectCode), eq(userSections.userId, userId)));
  if (codes.length) {
    await db
      .insert(userSections)
      .values(codes.map((sectionCode) => ({ userId, projectCode, sectionCode })))
      .onConflictDoNothing();
  }
}

/** A member left the project: their sections there go with their roles. */
export async function forgetMemberAssignments(db: Executor, projectCode: string, userId: string) {
  await db
    .delete(userSections)
    .where(and(eq(userSections.projectCode, projectCode), eq(userSections.userId, userId)));
}

/** A section was deleted: nobody is assigned to it any more. */
export async function forgetSectionAssignments(db: Executor, projectCode: string, code: string) {
  await db
    .delete(userSections)
    .where(and(eq(userSections.projectCode, projectCode), eq(userSections.sectionCode, code)));
}

/** A section's code changed: its members stay assigned under the new code. */
export async function renameSectionAssignments(db: Executor, projectCode: string, from: string, to: string) {
  if (from === to) return;
  await db
    .update(userSections)
    .set({ sectionCode: to })
    .where(and(eq(userSections.projectCode, projectCode), eq(userSections.sectionCode, from)));
}
