import {
  type boundaryImportQuery,
  type BoundaryImportValue,
  type MainStore,
  mainStoreMemberLimit,
  maxSectionsPerProject,
  type ProjectBody,
  type ProjectItem,
  type ProjectTreeNode,
  type SectionBody,
  type SectionBoundaryItem,
  type SectionItem,
} from '@pineguard/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { type AuthContext, endProjectSessions } from '../../platform/auth.ts';
import { fail } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { holdingsText } from '../../platform/holdings.ts';
import { countyBox } from '../../platform/geo/countyBounds.ts';
import { offsetOf, type Page } from '../../platform/pagination.ts';
import { areaNames, areaPaths, areasWithAncestors, findArea, projectTownships } from '../areas/index.ts';
import { allAssignable, findRole, roleNames } from '../roles/index.ts';
import { measures, projectMeasureCodes, projectTables } from '../standards/index.ts';
import { projectStorageUsage } from '../files/index.ts';
import { accountLabel, listUsers, liveUsersByIds, type UserFilter } from '../users/index.ts';
import * as records from '../records/index.ts';
import { type BoundaryFeature, readBoundaryFile } from './boundaryFile.ts';
import { projectHoldings, sectionHoldings } from './holders.ts';
import * as q from './queries.ts';
import { workersHeldBy } from '../workers/index.ts';

/** A project as the add and edit calls send it (the contract's parsed body). */
export type ProjectInput = ProjectBody;

export { choosableProjects, findProject, isProjectMember } from './queries.ts';

/** The standard tables of the project's chosen measures (what the field app fills in). */
export function tables(deps: AppDeps, projectCode: string) {
  return projectTables(deps.database.db, projectCode);
}

/** Every control measure with its standard table. */
export function allMeasures(deps: AppDeps) {
  return measures(deps.database.db);
}

/** Accounts that may be added to a project (the first page of those matching). */
export function candidates(deps: AppDeps, filter: UserFilter, page: Page) {
  return listUsers(deps, filter, page);
}

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

export async function setMeasures(deps: AppDeps, auth: AuthContext, projectCode: string, codes: string[]) {
  const { db } = deps.database;
  if (!(await q.findProject(db, projectCode))) throw fail.notFound();
  const unique = [...new Set(codes)];
  const known = unique.length ? await measures(db, unique) : [];
  const missing = unique.find((c) => !known.some((k) => k.code === c));
  if (missing) throw fail.invalid('measureUnknown', { code: missing });
  const project = await q.findProject(db, projectCode);
  const beforeCodes = await projectMeasureCodes(db, projectCode);
  const allKnown = await measures(db, [...new Set([...beforeCodes, ...unique])]);
  const names = (codes: string[]) => codes.map((c) => allKnown.find((m) => m.code === c)?.name ?? c);
  await db.transaction(async (tx) => {
    await q.replaceProjectMeasures(tx, projectCode, unique);
    await audit(tx, {
      actorId: auth.userId,
      projectCode,
      action: 'update',
      entity: 'project',
      entityId: projectCode,
      summary: `${project?.name ?? projectCode} ${names(unique).join(' ')}`,
      params: { kind: 'measures', name: project?.name ?? projectCode, measures: names(unique) },
      before: { measures: names(beforeCodes) },
      after: { measures: names(unique) },
    });
  });
  return measures(db, unique);
}

/** A section as the save call sends it (the contract's parsed body). */
export type SectionInput = SectionBody;

/** Sections of a project (one when `id` is given), with their townships' names. */
export async function listSections(
  deps: AppDeps | Executor,
  projectCode: string,
  id?: string,
): Promise<SectionItem[]> {
  const db = 'database' in deps ? deps.database.db : deps;
  const list = await q.listSections(db, projectCode, id);
  const names = await areaNames(
    db,
    list.flatMap((s) => s.areaCodes),
  );
  return list.map((s) => ({ ...s, areaNames: s.areaCodes.map((c) => names.get(c) ?? c) }));
}

/** One section of the project, or not found. */
export async function section(deps: AppDeps, projectCode: string, id: string): Promise<SectionItem> {
  const [found] = await listSections(deps, projectCode, id);
  if (!found) throw fail.notFound();
  return found;
}

/** A page of the project's sections (a project holds at most maxSectionsPerProject). */
export async function sectionPage(deps: AppDeps, projectCode: string, page: Page) {
  const all = await listSections(deps, projectCode);
  const from = offsetOf(page);
  return { total: all.length, list: all.slice(from, from + page.pageSize) };
}

/** Adds or updates a section; its townships must lie in the project's area, its manager in the project. */
export async function saveSection(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  input: SectionInput,
) {
  const { db } = deps.database;
  const project = await q.findProject(db, projectCode);
  if (!project) throw fail.notFound();
  const allowed = new Set((await projectTownships(db, project.areaCode)).map((a) => a.code));
  const outside = input.areaCodes.find((c) => !allowed.has(c));
  if (outside) throw fail.invalid('areaOutsideProject', { code: outside });
  if (input.managerId && !(await q.isProjectMember(db, input.managerId, projectCode))) {
    throw fail.invalid('userNotInProject');
  }
  const { id, ...values } = input;
  if (!id && (await q.sectionCount(db, projectCode)) >= maxSectionsPerProject) {
    throw fail.invalid('tooManySections', { max: maxSectionsPerProject });
  }
  const duplicate = await q.sectionIdsWithCode(db, projectCode, input.code);
  if (duplicate.some((d) => d.id !== id)) throw fail.conflict('sectionCodeTaken', { code: input.code });
  if (id) {
    // Records, workers, tags and burn points name a section by its code: a code in use stays (a
    // renamed code would orphan them, and workers' foreign key refused it with a 500).
    const [current] = await q.listSections(db, projectCode, id);
    if (current && current.code !== input.code) {
      const held = [
        ...(await sectionHoldings(db, id)),
        { label: 'holdsRecords' as const, n: await records.liveRecordCount(db, projectCode, current.code) },
        { label: 'holdsWorkers' as const, n: await workersHeldBy(db, projectCode, current.code) },
      ].filter((h) => h.n > 0);
      if (held.length) throw fail.conflict('sectionCodeInUse', { holdings: holdingsText(held) });
    }
  }
  const savedId = await db.transaction(async (tx) => {
    let sectionId = id;
    if (id) {
      if (!(await q.updateSection(tx, projectCode, id, values))) throw fail.notFound();
    } else {
      sectionId = await q.insertSection(tx, projectCode, values);
    }
    await audit(tx, {
      actorId: auth.userId,
      projectCode,
      action: id ? 'update' : 'create',
      entity: 'section',
      entityId: sectionId!,
      summary: `${input.code} ${input.name}`,
      params: { name: input.name, code: input.code },
      after: values,
    });
    return sectionId!;
  });
  return (await listSections(db, projectCode, savedId))[0]!;
}

/** Removes a section; refused while records, workers or burn points refer to it (holders.ts). */
export async function removeSection(deps: AppDeps, auth: AuthContext, projectCode: string, id: string) {
  const held = await sectionHoldings(deps.database.db, id);
  if (held.length) throw fail.conflict('sectionHasData', { holdings: holdingsText(held) });
  const [section] = await q.listSections(deps.database.db, projectCode, id);
  if (section) {
    const recordCount = await records.liveRecordCount(deps.database.db, projectCode, section.code);
    if (recordCount) throw fail.conflict('hasRecords', { count: recordCount });
    // Deleted workers keep their section (their history stays readable), so they count too.
    const workerCount = await workersHeldBy(deps.database.db, projectCode, section.code);
    if (workerCount) throw fail.conflict('sectionHasWorkers', { count: workerCount });
  }
  await deps.database.db.transaction(async (tx) => {
    const removed = await q.deleteSection(tx, projectCode, id);
    if (!removed) throw fail.notFound();
    await audit(tx, {
      actorId: auth.userId,
      projectCode,
      action: 'delete',
      entity: 'section',
      entityId: id,
      summary: `${removed.code} ${removed.name}`,
      params: { name: removed.name, code: removed.code },
      before: removed,
    });
  });
}

/** Gives existing accounts a role in a project (other roles they hold there stay). */
export async function addMembers(
  deps: AppDeps,
  auth: AuthContext,
  input: { prjCode: string; userIds: string[]; roleId: number },
) {
  const { db } = deps.database;
  if (!(await q.findProject(db, input.prjCode))) throw fail.notFound();
  if (!(await allAssignable(db, input.prjCode, [input.roleId]))) throw fail.invalid('roleNotAssignable');
  const ids = [...new Set(input.userIds)];
  const found = await liveUsersByIds(db, ids);
  if (found.length !== ids.length) throw fail.notFound();
  const inactive = found.filter((u) => u.status !== 'active');
  if (inactive.length) {
    throw fail.invalid('usersNotActive', { accounts: inactive.map((u) => u.account).join('、') });
  }
  const role = await findRole(db, input.roleId);
  await db.transaction(async (tx) => {
    await q.grantRole(tx, input.prjCode, ids, input.roleId);
    await audit(tx, {
      actorId: auth.userId,
      projectCode: input.prjCode,
      action: 'create',
      entity: 'grant',
      entityId: input.prjCode,
      summary: `${role?.name ?? ''} ${found.map((u) => u.account).join(' ')}`,
      params: { role: role?.name ?? '', accounts: found.map((u) => u.account) },
      after: { role: role?.name ?? '', accounts: found.map((u) => u.account) },
    });
  });
  return ids.length;
}

/** Takes every role of a user in a project away; sections they managed lose their manager. */
export async function removeMember(
  deps: AppDeps,
  auth: AuthContext,
  input: { prjCode: string; userId: string },
) {
  if (input.userId === auth.userId) throw fail.forbidden('cannotChangeSelf');
  const member = await accountLabel(deps.database.db, input.userId);
  await deps.database.db.transaction(async (tx) => {
    const removed = await q.revokeMember(tx, input.prjCode, input.userId);
    if (!removed.length) throw fail.notFound('userNotInProject');
    const roles = await roleNames(
      tx,
      removed.map((r) => r.roleId),
    );
    await audit(tx, {
      actorId: auth.userId,
      projectCode: input.prjCode,
      action: 'delete',
      entity: 'grant',
      entityId: input.userId,
      summary: `${member?.account ?? ''} ${member?.name ?? ''} ${roles.join(' ')}`,
      params: { kind: 'member', name: member?.name ?? '', account: member?.account ?? '', roles },
      before: { roles },
    });
  });
}

const firstPage = { pageNum: 1, pageSize: mainStoreMemberLimit };

/** Members of a project, a page at a time. */
export function members(deps: AppDeps, projectCode: string, filter: q.MemberFilter, page: Page) {
  return q.members(deps.database.db, projectCode, filter, page);
}

/** The project's administrators (the first mainStoreMemberLimit of them). */
export async function administrators(deps: AppDeps, projectCode: string) {
  return (await q.members(deps.database.db, projectCode, { roleCodes: ['project_admin'] }, firstPage)).list;
}

export function storageUsage(deps: AppDeps, projectCode: string) {
  return projectStorageUsage(deps.database.db, projectCode);
}

/** The main-project store of spec §3, in one call. */
export async function mainStore(deps: AppDeps, code: string): Promise<MainStore> {
  const { db } = deps.database;
  const data = await detail(deps, code);
  const sectionList = await listSections(db, code);
  const managerIds = [...new Set(sectionList.flatMap((s) => (s.managerId ? [s.managerId] : [])))];
  const [users, admins, managers, storageUsage, townships, all, checked] = await Promise.all([
    q.members(db, code, {}, firstPage),
    q.members(db, code, { roleCodes: ['project_admin'] }, firstPage),
    q.members(db, code, { userIds: managerIds }, firstPage),
    projectStorageUsage(db, code),
    projectTownships(db, data.areaCode),
    measures(db),
    projectMeasureCodes(db, code),
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

// ---------------------------------------------------------------- section boundaries (issue 15)

/** Every section of the project with its boundary (null when none was imported): what maps draw. */
export async function sectionBoundaries(deps: AppDeps, projectCode: string): Promise<SectionBoundaryItem[]> {
  const rows = await q.sectionBoundaries(deps.database.db, projectCode);
  return rows.map((r) => ({ ...r, boundary: r.boundary ?? null }));
}

/**
 * Reads a boundary file and says which feature goes to which section (`preview`), or also stores
 * the boundaries (`apply`): features go by `matchField` (its value is a section's code or name)
 * or all to `sectionId`. A section given several features gets them all as one MultiPolygon.
 */
export async function importBoundaries(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  file: { name: string; bytes: Buffer },
  query: z.output<typeof boundaryImportQuery>,
): Promise<BoundaryImportValue> {
  const { db } = deps.database;
  const project = await q.findProject(db, projectCode);
  if (!project) throw fail.notFound();
  const county = project.areaCode.slice(0, 6);
  const countyName = (await areaNames(db, [county])).get(county) ?? county;
  const read = await readBoundaryFile(file.name, file.bytes, countyBox(county), countyName);
  const sections = await q.listSections(db, projectCode);
  let target: ((f: BoundaryFeature) => SectionItem | undefined) | null = null;
  let matchField: string | null = null;
  if (query.sectionId) {
    const one = sections.find((s) => s.id === query.sectionId);
    if (!one) throw fail.invalid('sectionNotFound');
    target = () => one;
  } else {
    const byKey = new Map<string, SectionItem>();
    for (const s of sections) {
      byKey.set(s.name.trim(), s);
      byKey.set(s.code.toUpperCase(), s);
    }
    const matchOf = (field: string) => (f: BoundaryFeature) => {
      const value = f.properties[field]?.trim() ?? '';
      return byKey.get(value.toUpperCase()) ?? byKey.get(value);
    };
    if (query.matchField) {
      if (!read.fields.includes(query.matchField)) {
        throw fail.invalid('boundaryFieldUnknown', {
          field: query.matchField,
          fields: read.fields.join('、') || '—',
        });
      }
      matchField = query.matchField;
    } else {
      // A preview guesses the attribute that names the most sections.
      let best = 0;
      for (const field of read.fields) {
        const hits = read.features.filter((f) => matchOf(field)(f)).length;
        if (hits > best) [best, matchField] = [hits, field];
      }
    }
    if (matchField) target = matchOf(matchField);
  }
  const matched = new Map<string, { section: SectionItem; features: BoundaryFeature[] }>();
  const features = read.features.map((f) => {
    const section = target?.(f);
    if (section) {
      const entry = matched.get(section.id) ?? { section, features: [] };
      entry.features.push(f);
      matched.set(section.id, entry);
    }
    return {
      index: f.index,
      properties: f.properties,
      vertices: f.vertices,
      sectionCode: section?.code ?? null,
    };
  });
  const result: BoundaryImportValue = {
    fileName: file.name,
    format: read.format,
    crs: read.crs,
    fields: read.fields,
    matchField,
    features,
    bbox: read.bbox,
    sections: [...matched.values()].map(({ section, features: fs }) => ({
      id: section.id,
      code: section.code,
      name: section.name,
      features: fs.length,
      vertices: fs.reduce((n, f) => n + f.vertices, 0),
    })),
    applied: false,
  };
  if (query.mode === 'preview') return result;
  if (!target) throw fail.invalid('boundaryMatchRequired');
  if (matched.size === 0) throw fail.invalid('boundaryNoMatch', { field: matchField ?? '' });
  await db.transaction(async (tx) => {
    for (const { section, features: fs } of matched.values()) {
      const boundary = fs.flatMap((f) => f.polygons);
      const vertices = fs.reduce((n, f) => n + f.vertices, 0);
      await q.setSectionBoundary(tx, projectCode, section.id, boundary, vertices);
      await audit(tx, {
        actorId: auth.userId,
        projectCode,
        action: 'update',
        entity: 'section',
        entityId: section.id,
        summary: `${section.code} ${section.name} ${file.name}`,
        params: { kind: 'boundary', name: section.name, code: section.code, file: file.name, vertices },
        before: { boundaryVertices: section.boundaryVertices },
        after: {
          boundaryVertices: vertices,
          file: file.name,
          crs: read.crs,
          features: fs.map((f) => f.index),
        },
      });
    }
  });
  return { ...result, applied: true };
}

/** Removes a section's boundary. */
export async function clearBoundary(deps: AppDeps, auth: AuthContext, projectCode: string, id: string) {
  const [section] = await q.listSections(deps.database.db, projectCode, id);
  if (!section) throw fail.notFound();
  await deps.database.db.transaction(async (tx) => {
    await q.setSectionBoundary(tx, projectCode, id, null, null);
    await audit(tx, {
      actorId: auth.userId,
      projectCode,
      action: 'update',
      entity: 'section',
      entityId: id,
      summary: `${section.code} ${section.name}`,
      params: { kind: 'boundaryCleared', name: section.name, code: section.code },
      before: { boundaryVertices: section.boundaryVertices },
      after: { boundaryVertices: null },
    });
  });
}
