import type { ProjectItem } from '@pineguard/contract';
import { and, asc, eq, ilike, inArray, isNotNull, isNull, like, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  projectMeasures,
  projects,
  roles,
  sections,
  userProjectRoles,
  users,
} from '../../db/schema/index.ts';
import { pageTotal, type Page, withPage } from '../../platform/pagination.ts';
import { containsPattern } from '../../platform/sql.ts';
import { changedHere } from '../../platform/changes.ts';

/**
 * The project rows: finding, listing (with their counts), saving, archiving, the projects a user
 * may choose, a project's chosen measures. Sections are in sectionQueries.ts, members (who holds a
 * role in the project) in memberQueries.ts, 标段分配 in assignmentQueries.ts.
 */

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
  changedHere({ kind: 'project', code });
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
