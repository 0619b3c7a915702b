import type { ProjectItem, ProjectMember, SectionItem } from '@pineguard/contract';
import {
  and,
  asc,
  count,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNotNull,
  isNull,
  like,
  or,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  projectMeasures,
  projects,
  roles,
  sections,
  userProjectRoles,
  userSections,
  users,
} from '../../db/schema/index.ts';
import { pageTotal, type Page, withPage } from '../../platform/pagination.ts';
import { containsPattern } from '../../platform/sql.ts';
import {
  forgetMemberAssignments,
  forgetSectionAssignments,
  renameSectionAssignments,
} from './assignmentQueries.ts';

export type ProjectRow = typeof projects.$inferSelect;

export function findProject(db: Executor, code: string) {
  return db
    .select()
    .from(projects)
    .where(and(eq(projects.code, code), isNull(projects.deletedAt)))
    .limit(1)
    .then((r) => r[0]);
}

export type ProjectFilter = {
  keyword?: string | undefined;
  areaCode?: string | undefined;
  codes?: string[];
  archived?: boolean | undefined;
};

/** A project whether live or archived (for restoring). */
export function findAnyProject(db: Executor, code: string) {
  return db
    .select()
    .from(projects)
    .where(eq(projects.code, code))
    .limit(1)
    .then((r) => r[0]);
}

export function setArchived(db: Executor, code: string, archivedAt: Date | null) {
  return db.update(projects).set({ deletedAt: archivedAt }).where(eq(projects.code, code));
}

/** A page of live (or archived) projects with their counts; `areaPath` is left for the service to fill in. */
export async function listProjects(db: Executor, filter: ProjectFilter, page: Page) {
  const pattern = containsPattern(filter.keyword);
  const where = and(
    filter.archived ? isNotNull(projects.deletedAt) : isNull(projects.deletedAt),
    pattern ? or(ilike(projects.name, pattern), ilike(projects.code, pattern)) : undefined,
    // Area codes nest by prefix: 33 (province), 3308 (city), 330824 (county).
    filter.areaCode ? like(projects.areaCode, `${filter.areaCode.replace(/0+$/, '')}%`) : undefined,
    filter.codes ? inArray(projects.code, filter.codes.length ? filter.codes : ['']) : undefined,
  );
  const counted = await pageTotal(db, sql`from ${projects} where ${where}`);
  // Qualified by hand: a bare `code` inside these subqueries would bind to the inner table's own column.
  const outer = sql`${projects}.code`;
  const rows = await withPage(
    db
      .select({
        project: projects,
        sectionCount: sql<number>`(select count(*)::int from ${sections} s where s.project_code = ${outer})`,
        memberCount: sql<number>`(select count(distinct u.user_id)::int from ${userProjectRoles} u join ${users} p on p.id = u.user_id and p.deleted_at is null where u.project_code = ${outer})`,
        measureCodes: sql<
          string[]
        >`coalesce((select array_agg(measure_code order by measure_code) from ${projectMeasures} m where m.project_code = ${outer}), '{}')`,
      })
      .from(projects)
      .where(where)
      .orderBy(asc(projects.areaCode), asc(projects.code))
      .$dynamic(),
    page,
  );
  return {
    ...counted,
    list: rows.map(({ project: p, sectionCount, memberCount, measureCodes }) => ({
      code: p.code,
      name: p.name,
      areaCode: p.areaCode,
      areaPath: '',
      year: p.year,
      ownerUnit: p.ownerUnit,
      description: p.description,
      startDate: p.startDate,
      endDate: p.endDate,
      sectionCount: Number(sectionCount),
      memberCount: Number(memberCount),
      measureCodes: measureCodes ?? [],
      burnWindowDays: p.burnWindowDays,
      createdAt: p.createdAt.toISOString(),
      archivedAt: p.deletedAt ? p.deletedAt.toISOString() : null,
    })) satisfies ProjectItem[],
  };
}

/** Any project row, deleted or not. */
export function projectRow(db: Executor, code: string): Promise<ProjectRow | undefined> {
  return db
    .select()
    .from(projects)
    .where(eq(projects.code, code))
    .then((r) => r[0]);
}

export type ProjectValues = typeof projects.$inferInsert;

export async function insertProject(db: Executor, values: ProjectValues): Promise<void> {
  await db.insert(projects).values(values);
}

export async function updateProject(
  db: Executor,
  code: string,
  values: Partial<ProjectValues>,
): Promise<void> {
  await db.update(projects).set(values).where(eq(projects.code, code));
}

export async function isProjectMember(db: Executor, userId: string, projectCode: string) {
  const [row] = await db
    .select({ n: count() })
    .from(userProjectRoles)
    .where(and(eq(userProjectRoles.userId, userId), eq(userProjectRoles.projectCode, projectCode)));
  return (row?.n ?? 0) > 0;
}

/** Live projects a user may choose: all of them for the super administrator. */
export function choosableProjects(db: Executor, userId: string, superAdmin: boolean) {
  const base = db
    .selectDistinct({ code: projects.code, name: projects.name, areaCode: projects.areaCode })
    .from(projects);
  if (superAdmin) return base.where(isNull(projects.deletedAt)).orderBy(projects.code);
  return base
    .innerJoin(userProjectRoles, eq(userProjectRoles.projectCode, projects.code))
    .where(and(isNull(projects.deletedAt), eq(userProjectRoles.userId, userId)))
    .orderBy(projects.code);
}

/** The project's chosen measures, replaced whole. */
export async function replaceProjectMeasures(
  db: Executor,
  projectCode: string,
  codes: string[],
): Promise<void> {
  await db.delete(projectMeasures).where(eq(projectMeasures.projectCode, projectCode));
  if (codes.length) {
    await db.insert(projectMeasures).values(codes.map((measureCode) => ({ projectCode, measureCode })));
  }
}

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
  const [created] = await db
    .insert(sections)
    .values({ ...values, projectCode })
    .returning({ id: sections.id });
  return created!.id;
}

export async function deleteSection(db: Executor, projectCode: string, id: string) {
  const [removed] = await db
    .delete(sections)
    .where(and(eq(sections.id, id), eq(sections.projectCode, projectCode)))
    .returning(sectionColumns);
  if (removed) await forgetSectionAssignments(db, projectCode, removed.code);
  return removed;
}

export async function grantRole(db: Executor, projectCode: string, userIds: string[], roleId: number) {
  await db
    .insert(userProjectRoles)
    .values(userIds.map((userId) => ({ userId, projectCode, roleId })))
    .onConflictDoNothing();
}

/** Takes every role of a user in a project away, clears the sections they managed and were assigned there. */
export async function revokeMember(db: Executor, projectCode: string, userId: string) {
  const removed = await db
    .delete(userProjectRoles)
    .where(and(eq(userProjectRoles.projectCode, projectCode), eq(userProjectRoles.userId, userId)))
    .returning();
  if (removed.length) {
    await db
      .update(sections)
      .set({ managerId: null })
      .where(and(eq(sections.projectCode, projectCode), eq(sections.managerId, userId)));
    await forgetMemberAssignments(db, projectCode, userId);
  }
  return removed;
}

/** Sections of a project by code; `areaNames` is left for the service to fill in. */
/** A section's own columns without its boundary (read only by the map calls, it can be large). */
const { boundary: _boundary, ...sectionColumns } = getTableColumns(sections);

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

export type MemberFilter = { roleCodes?: string[]; userIds?: string[]; keyword?: string | undefined };

/** Members of a project (users holding a role in it), by account, a page at a time. */
export async function members(
  db: Executor,
  projectCode: string,
  filter: MemberFilter,
  page: Page,
): Promise<{ list: ProjectMember[]; total: number; totalExact?: false }> {
  if (filter.userIds?.length === 0 || filter.roleCodes?.length === 0) {
    return { list: [], total: 0 };
  }
  const pattern = containsPattern(filter.keyword);
  const where = and(
    eq(userProjectRoles.projectCode, projectCode),
    isNull(users.deletedAt),
    filter.roleCodes ? inArray(roles.code, filter.roleCodes) : undefined,
    filter.userIds ? inArray(users.id, filter.userIds) : undefined,
    pattern ? or(ilike(users.account, pattern), ilike(users.name, pattern)) : undefined,
  );
  const counted = await pageTotal(
    db,
    sql`from (select distinct ${userProjectRoles.userId} from ${userProjectRoles} inner join ${users} on ${eq(users.id, userProjectRoles.userId)} inner join ${roles} on ${eq(roles.id, userProjectRoles.roleId)} where ${where}) m`,
  );
  const list = await withPage(
    db
      .select({
        id: users.id,
        account: users.account,
        name: users.name,
        phone: users.phone,
        roleCodes: sql<string[]>`array_agg(${roles.code} order by ${roles.id})`,
        roleNames: sql<string[]>`array_agg(${roles.name} order by ${roles.id})`,
        // 标段分配, the live sections only (rows name a section by code).
        sectionCodes: sql<string[]>`coalesce((select array_agg(s.code order by s.code) from ${userSections} us
          join ${sections} s on s.project_code = us.project_code and s.code = us.section_code
          where us.user_id = ${users.id} and us.project_code = ${projectCode}), '{}')`,
        sectionNames: sql<string[]>`coalesce((select array_agg(s.name order by s.code) from ${userSections} us
          join ${sections} s on s.project_code = us.project_code and s.code = us.section_code
          where us.user_id = ${users.id} and us.project_code = ${projectCode}), '{}')`,
      })
      .from(userProjectRoles)
      .innerJoin(users, eq(users.id, userProjectRoles.userId))
      .innerJoin(roles, eq(roles.id, userProjectRoles.roleId))
      .where(where)
      .groupBy(users.id)
      .orderBy(users.account)
      .$dynamic(),
    page,
  );
  return { list, ...counted };
}

/** People holding a role in the project, deleted accounts left out. */
export async function memberCount(db: Executor, projectCode: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${userProjectRoles.userId})::int` })
    .from(userProjectRoles)
    .innerJoin(users, and(eq(users.id, userProjectRoles.userId), isNull(users.deletedAt)))
    .where(eq(userProjectRoles.projectCode, projectCode));
  return Number(row?.n ?? 0);
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

/** A project's name (archived ones too), or undefined. */
export function projectName(db: Executor, code: string): Promise<string | undefined> {
  return db
    .select({ name: projects.name })
    .from(projects)
    .where(eq(projects.code, code))
    .then((r) => r[0]?.name);
}

/** Live projects where the user holds a role granting `permission` (the overview across projects). */
export function projectsWithPermission(db: Executor, userId: string, permission: string) {
  return db
    .selectDistinct({ code: projects.code, name: projects.name, areaCode: projects.areaCode })
    .from(projects)
    .innerJoin(userProjectRoles, eq(userProjectRoles.projectCode, projects.code))
    .innerJoin(roles, eq(roles.id, userProjectRoles.roleId))
    .where(
      and(
        isNull(projects.deletedAt),
        eq(userProjectRoles.userId, userId),
        sql`${roles.permissions} ? ${permission}`,
      ),
    )
    .orderBy(projects.code);
}
