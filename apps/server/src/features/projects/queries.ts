import type { AreaNode, ProjectItem, ProjectMember, SectionItem } from '@pineguard/contract';
import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, like, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  areas,
  files,
  projectMeasures,
  projects,
  roles,
  sections,
  userProjectRoles,
  users,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../platform/sql.ts';

export type ProjectRow = typeof projects.$inferSelect;

export function findProject(db: Executor, code: string) {
  return db
    .select()
    .from(projects)
    .where(and(eq(projects.code, code), isNull(projects.deletedAt)))
    .limit(1)
    .then((r) => r[0]);
}

/** "浙江省 / 衢州市 / 开化县" for each area code, walking up the parents. */
export async function areaPaths(db: Executor, codes: string[]): Promise<Map<string, string>> {
  const known = new Map<string, { name: string; parent: string | null }>();
  let wanted = [...new Set(codes)];
  for (let level = 0; level < 4 && wanted.length; level++) {
    const rows = await db.select().from(areas).where(inArray(areas.code, wanted));
    for (const r of rows) known.set(r.code, { name: r.name, parent: r.parentCode });
    wanted = rows.map((r) => r.parentCode).filter((c): c is string => !!c && !known.has(c));
  }
  const paths = new Map<string, string>();
  for (const code of codes) {
    const names: string[] = [];
    for (let c: string | null | undefined = code; c; c = known.get(c)?.parent) {
      const entry = known.get(c);
      if (!entry) break;
      names.unshift(entry.name);
    }
    paths.set(code, names.join(' / '));
  }
  return paths;
}

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

export async function listProjects(
  db: Executor,
  filter: {
    keyword?: string | undefined;
    areaCode?: string | undefined;
    codes?: string[];
    archived?: boolean | undefined;
  },
  page: { pageNum: number; pageSize: number },
): Promise<{ list: ProjectItem[]; total: number }> {
  const pattern = containsPattern(filter.keyword);
  const where = and(
    filter.archived ? isNotNull(projects.deletedAt) : isNull(projects.deletedAt),
    pattern ? or(ilike(projects.name, pattern), ilike(projects.code, pattern)) : undefined,
    // Area codes nest by prefix: 33 (province), 3308 (city), 330824 (county).
    filter.areaCode ? like(projects.areaCode, `${filter.areaCode.replace(/0+$/, '')}%`) : undefined,
    filter.codes ? inArray(projects.code, filter.codes.length ? filter.codes : ['']) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(projects).where(where);
  // Qualified by hand: a bare `code` inside these subqueries would bind to the inner table's own column.
  const outer = sql`${projects}.code`;
  const rows = await db
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
    .limit(page.pageSize)
    .offset((page.pageNum - 1) * page.pageSize);
  const paths = await areaPaths(
    db,
    rows.map((r) => r.project.areaCode),
  );
  return {
    total: total?.n ?? 0,
    list: rows.map(({ project: p, sectionCount, memberCount, measureCodes }) => ({
      code: p.code,
      name: p.name,
      areaCode: p.areaCode,
      areaPath: paths.get(p.areaCode) ?? '',
      year: p.year,
      ownerUnit: p.ownerUnit,
      description: p.description,
      startDate: p.startDate,
      endDate: p.endDate,
      sectionCount: Number(sectionCount),
      memberCount: Number(memberCount),
      measureCodes: measureCodes ?? [],
      createdAt: p.createdAt.toISOString(),
      archivedAt: p.deletedAt ? p.deletedAt.toISOString() : null,
    })),
  };
}

export async function fileCount(db: Executor, projectCode: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(files).where(eq(files.projectCode, projectCode));
  return row?.n ?? 0;
}

export async function listSections(db: Executor, projectCode: string, id?: string): Promise<SectionItem[]> {
  const rows = await db
    .select({ section: sections, managerName: users.name })
    .from(sections)
    .leftJoin(users, eq(users.id, sections.managerId))
    .where(and(eq(sections.projectCode, projectCode), id ? eq(sections.id, id) : undefined))
    .orderBy(sections.code);
  const codes = rows.flatMap((r) => r.section.areaCodes);
  const names = codes.length
    ? new Map(
        (
          await db
            .select()
            .from(areas)
            .where(inArray(areas.code, [...new Set(codes)]))
        ).map((a) => [a.code, a.name]),
      )
    : new Map<string, string>();
  return rows.map(({ section: s, managerName }) => ({
    id: s.id,
    projectCode: s.projectCode,
    code: s.code,
    name: s.name,
    contractor: s.contractor,
    managerId: s.managerId,
    managerName,
    areaCodes: s.areaCodes,
    areaNames: s.areaCodes.map((c) => names.get(c) ?? c),
    plannedTrees: s.plannedTrees,
    plannedVolume: s.plannedVolume === null ? null : Number(s.plannedVolume),
  }));
}

/** An area as the area calls answer it (spec §3 "Area entry"). */
const areaEntry = { code: areas.code, name: areas.name, father: areas.parentCode, sort: areas.sort };

export function areaChildren(db: Executor, parentCode: string | null) {
  return db
    .select(areaEntry)
    .from(areas)
    .where(parentCode ? eq(areas.parentCode, parentCode) : isNull(areas.parentCode))
    .orderBy(areas.sort);
}

/** Provinces → cities → counties as a cascader tree (value = code, label = name, by sort). */
export async function countyTree(db: Executor): Promise<AreaNode[]> {
  const rows = await db
    .select()
    .from(areas)
    .where(sql`${areas.level} <= 3`)
    .orderBy(areas.level, areas.sort);
  const nodes = new Map<string, AreaNode>();
  const roots: AreaNode[] = [];
  for (const r of rows) {
    const node: AreaNode = { value: r.code, label: r.name };
    nodes.set(r.code, node);
    const parent = r.parentCode ? nodes.get(r.parentCode) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else if (!r.parentCode) roots.push(node);
  }
  return roots;
}

/** The townships a project's sections may cover: its county's, or the township a project sits in. */
export function projectTownships(db: Executor, areaCode: string) {
  if (areaCode.length !== 9) return areaChildren(db, areaCode);
  return db.select(areaEntry).from(areas).where(eq(areas.code, areaCode));
}

export type MemberFilter = { roleCodes?: string[]; userIds?: string[]; keyword?: string | undefined };

/** Members of a project (users holding a role in it), by account, a page at a time. */
export async function members(
  db: Executor,
  projectCode: string,
  filter: MemberFilter,
  page: { limit: number; offset?: number },
): Promise<{ list: ProjectMember[]; total: number }> {
  if (filter.userIds?.length === 0 || filter.roleCodes?.length === 0) return { list: [], total: 0 };
  const pattern = containsPattern(filter.keyword);
  const where = and(
    eq(userProjectRoles.projectCode, projectCode),
    isNull(users.deletedAt),
    filter.roleCodes ? inArray(roles.code, filter.roleCodes) : undefined,
    filter.userIds ? inArray(users.id, filter.userIds) : undefined,
    pattern ? or(ilike(users.account, pattern), ilike(users.name, pattern)) : undefined,
  );
  const [total] = await db
    .select({ n: sql<number>`count(distinct ${users.id})::int` })
    .from(userProjectRoles)
    .innerJoin(users, eq(users.id, userProjectRoles.userId))
    .innerJoin(roles, eq(roles.id, userProjectRoles.roleId))
    .where(where);
  const list = await db
    .select({
      id: users.id,
      account: users.account,
      name: users.name,
      phone: users.phone,
      roleCodes: sql<string[]>`array_agg(${roles.code} order by ${roles.id})`,
      roleNames: sql<string[]>`array_agg(${roles.name} order by ${roles.id})`,
    })
    .from(userProjectRoles)
    .innerJoin(users, eq(users.id, userProjectRoles.userId))
    .innerJoin(roles, eq(roles.id, userProjectRoles.roleId))
    .where(where)
    .groupBy(users.id)
    .orderBy(users.account)
    .limit(page.limit)
    .offset(page.offset ?? 0);
  return { list, total: Number(total?.n ?? 0) };
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

export async function storageUsage(db: Executor, projectCode: string) {
  const rows = await db
    .select({ kind: files.kind, files: count(), bytes: sql<string>`coalesce(sum(${files.bytes}), 0)` })
    .from(files)
    .where(eq(files.projectCode, projectCode))
    .groupBy(files.kind)
    .orderBy(files.kind);
  return rows.map((r) => ({ kind: r.kind, files: r.files, bytes: Number(r.bytes) }));
}
