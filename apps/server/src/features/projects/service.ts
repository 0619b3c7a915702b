import type { MainStore, ProjectBody, ProjectItem, ProjectTreeNode } from '@pineguard/contract';
import type { AppDeps } from '../../platform/deps.ts';
import { type AuthContext, endProjectSessions } from '../../platform/auth.ts';
import { fail } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { holdingsText } from '../../platform/holdings.ts';
import type { Page } from '../../platform/pagination.ts';
import { areaPaths, areasWithAncestors, findArea, projectTownships } from '../areas/index.ts';
import { projectHoldings } from './holders.ts';
import * as m from './memberQueries.ts';
import { firstPage } from './members.ts';
import { ports } from './ports.ts';
import * as q from './queries.ts';
import { listSections } from './sections.ts';

/**
 * Projects themselves: listed, created, edited, archived and restored; the user's projects as a
 * tree; the main-project store. Sections, members, measures and boundaries have their own modules
 * beside this one; what other features hold of a project comes through ports.ts.
 */

/** A project as the add and edit calls send it (the contract's parsed body). */
export type ProjectInput = ProjectBody;

async function assertArea(deps: AppDeps, code: string) {
  const row = await findArea(deps.database.db, code);
  if (!row || row.level < 3) throw fail.invalid('areaInvalid', { code });
}

/** A page of projects, each with its area path (province / city / county). */
export async function listProjects(deps: AppDeps, filter: q.ProjectFilter, page: Page) {
  const { db } = deps.database;
  const result = await q.listProjects(db, filter, page);
  const paths = await areaPaths(
    db,
    result.list.map((p) => p.areaCode),
  );
  return { ...result, list: result.list.map((p) => ({ ...p, areaPath: paths.get(p.areaCode) ?? '' })) };
}

export async function detail(deps: AppDeps, code: string): Promise<ProjectItem> {
  const page = await listProjects(deps, { codes: [code] }, { pageNum: 1, pageSize: 1 });
  const item = page.list[0];
  if (!item) throw fail.notFound();
  return item;
}

/** Creates a project, or updates it when `update` is set (the code never changes). */
export async function save(deps: AppDeps, auth: AuthContext, input: ProjectInput, update: boolean) {
  const { db } = deps.database;
  await assertArea(deps, input.areaCode);
  const before = await q.projectRow(db, input.code);
  if (update && (!before || before.deletedAt)) throw fail.notFound();
  if (!update && before) throw fail.conflict('projectCodeTaken', { code: input.code });
  await db.transaction(async (tx) => {
    if (update) {
      const { code, ...values } = input;
      await q.updateProject(tx, code, values);
    } else {
      await q.insertProject(tx, input);
    }
    await audit(tx, {
      actorId: auth.userId,
      projectCode: input.code,
      action: update ? 'update' : 'create',
      entity: 'project',
      entityId: input.code,
      summary: input.name,
      params: { name: input.name, code: input.code },
      before: before ?? null,
      after: input,
    });
  });
  return detail(deps, input.code);
}

/**
 * "Deleting" a project archives it: refused while it still holds sections, members or data
 * (see holders.ts); an empty project is hidden from every list and can be restored by the
 * super administrator.
 */
export async function remove(deps: AppDeps, auth: AuthContext, code: string) {
  const { db } = deps.database;
  const project = await q.findProject(db, code);
  if (!project) throw fail.notFound();
  const held = await projectHoldings(db, code);
  if (held.length) throw fail.conflict('projectHasData', { holdings: holdingsText(held) });
  await db.transaction(async (tx) => {
    await q.setArchived(tx, code, new Date());
    await endProjectSessions(tx, code);
    await audit(tx, {
      actorId: auth.userId,
      projectCode: code,
      action: 'archive',
      entity: 'project',
      entityId: code,
      summary: project.name,
      params: { name: project.name, code },
      before: project,
    });
  });
}

/** Brings an archived project back into the lists. */
export async function restore(deps: AppDeps, auth: AuthContext, code: string) {
  const { db } = deps.database;
  const project = await q.findAnyProject(db, code);
  if (!project?.deletedAt) throw fail.notFound();
  await db.transaction(async (tx) => {
    await q.setArchived(tx, code, null);
    await audit(tx, {
      actorId: auth.userId,
      projectCode: code,
      action: 'restore',
      entity: 'project',
      entityId: code,
      summary: project.name,
      params: { name: project.name, code },
    });
  });
  return detail(deps, code);
}

export async function memberProjects(
  deps: AppDeps,
  auth: AuthContext,
  filter: { keyword?: string | undefined },
  page: { pageNum: number; pageSize: number },
) {
  const codes = (await q.choosableProjects(deps.database.db, auth.userId, auth.isSuperAdmin)).map(
    (p) => p.code,
  );
  return listProjects(deps, { ...filter, codes }, page);
}

/** Files and bytes of the project by kind (the files feature's count, through ports.ts). */
export function storageUsage(deps: AppDeps, projectCode: string) {
  return ports().storageUsage(deps.database.db, projectCode);
}

/** The main-project store of spec §3, in one call. */
export async function mainStore(deps: AppDeps, code: string): Promise<MainStore> {
  const { db } = deps.database;
  const { standards, storageUsage: usage } = ports();
  const data = await detail(deps, code);
  const sectionList = await listSections(db, code);
  const managerIds = [...new Set(sectionList.flatMap((s) => (s.managerId ? [s.managerId] : [])))];
  const [users, admins, managers, storageUsage, townships, all, checked] = await Promise.all([
    m.members(db, code, {}, firstPage),
    m.members(db, code, { roleCodes: ['project_admin'] }, firstPage),
    m.members(db, code, { userIds: managerIds }, firstPage),
    usage(db, code),
    projectTownships(db, data.areaCode),
    standards.measures(db),
    standards.projectMeasureCodes(db, code),
  ]);
  return {
    data,
    admins: admins.list,
    users: users.list,
    userTotal: users.total,
    sections: sectionList,
    storageUsage,
    areaTree: townships,
    managers: managers.list,
    measures: all,
    checkedMeasures: checked,
  };
}

/** The user's projects as a tree of province → city → county → project, ordered by area sort. */
export async function projectTree(deps: AppDeps, auth: AuthContext): Promise<ProjectTreeNode[]> {
  const { db } = deps.database;
  const list = await q.choosableProjects(db, auth.userId, auth.isSuperAdmin);
  const areaRows = await areasWithAncestors(
    db,
    list.map((p) => p.areaCode),
  );
  type Node = ProjectTreeNode & { sort: number; children: Node[] };
  const roots: Node[] = [];
  const nodes = new Map<string, Node>();
  const areaNode = (code: string): Node | undefined => {
    const existing = nodes.get(code);
    if (existing) return existing;
    const row = areaRows.get(code);
    if (!row) return undefined;
    const node: Node = { value: row.code, label: row.name, type: 'area', sort: row.sort, children: [] };
    nodes.set(code, node);
    const parent = row.parentCode ? areaNode(row.parentCode) : undefined;
    (parent ? parent.children : roots).push(node);
    return node;
  };
  for (const project of list) {
    const leaf: Node = { value: project.code, label: project.name, type: 'project', sort: 0, children: [] };
    const parent = areaNode(project.areaCode);
    (parent ? parent.children : roots).push(leaf);
  }
  const strip = (list: Node[]): ProjectTreeNode[] =>
    list
      .sort((a, b) => a.sort - b.sort || a.label.localeCompare(b.label, 'zh-CN'))
      .map(({ value, label, type, children }) =>
        type === 'project' ? { value, label, type } : { value, label, type, children: strip(children) },
      );
  return strip(roots);
}
