import {
  type MainStore,
  mainStoreMemberLimit,
  maxSectionsPerProject,
  type ProjectItem,
} from '@pineguard/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../platform/deps.ts';
import {
  areas,
  controlMeasures,
  projectMeasures,
  projects,
  sections,
  userProjectRoles,
  users,
} from '../../db/schema/index.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { fail } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { choosableProjects, isProjectMember } from '../auth/queries.ts';
import { allAssignable, findRole } from '../roles/queries.ts';
import { measures, projectMeasureCodes } from '../standards/service.ts';
import * as records from '../records/index.ts';
import * as q from './queries.ts';

type ProjectInput = {
  code: string;
  name: string;
  areaCode: string;
  year: number | null;
  ownerUnit: string;
  description: string;
  startDate: string | null;
  endDate: string | null;
};

async function assertArea(deps: AppDeps, code: string) {
  const [row] = await deps.database.db.select().from(areas).where(eq(areas.code, code));
  if (!row || row.level < 3) throw fail.invalid('areaInvalid', { code });
}

export async function detail(deps: AppDeps, code: string): Promise<ProjectItem> {
  const page = await q.listProjects(deps.database.db, { codes: [code] }, { pageNum: 1, pageSize: 1 });
  const item = page.list[0];
  if (!item) throw fail.notFound();
  return item;
}

/** Creates a project, or updates it when `update` is set (the code never changes). */
export async function save(deps: AppDeps, auth: AuthContext, input: ProjectInput, update: boolean) {
  const { db } = deps.database;
  await assertArea(deps, input.areaCode);
  const existing = await db.select().from(projects).where(eq(projects.code, input.code));
  const before = existing[0];
  if (update && (!before || before.deletedAt)) throw fail.notFound();
  if (!update && before) throw fail.conflict('projectCodeTaken', { code: input.code });
  await db.transaction(async (tx) => {
    if (update) {
      const { code, ...values } = input;
      await tx.update(projects).set(values).where(eq(projects.code, code));
    } else {
      await tx.insert(projects).values(input);
    }
    await audit(tx, {
      actorId: auth.userId,
      projectCode: input.code,
      action: update ? 'update' : 'create',
      entity: 'project',
      entityId: input.code,
      summary: input.name,
      before: before ?? null,
      after: input,
    });
  });
  return detail(deps, input.code);
}

/** Refused while the project holds collected data (files now; records, workers… as they arrive). */
export async function remove(deps: AppDeps, auth: AuthContext, code: string) {
  const { db } = deps.database;
  const project = await q.findProject(db, code);
  if (!project) throw fail.notFound();
  const fileCount = await q.fileCount(db, code);
  if (fileCount) throw fail.conflict('projectHasData', { files: fileCount });
  const recordCount = await records.liveRecordCount(db, code);
  if (recordCount) throw fail.conflict('hasRecords', { count: recordCount });
  await db.transaction(async (tx) => {
    await tx.update(projects).set({ deletedAt: new Date() }).where(eq(projects.code, code));
    await audit(tx, {
      actorId: auth.userId,
      projectCode: code,
      action: 'delete',
      entity: 'project',
      entityId: code,
      summary: project.name,
      before: project,
    });
  });
}

export async function memberProjects(
  deps: AppDeps,
  auth: AuthContext,
  filter: { keyword?: string | undefined },
  page: { pageNum: number; pageSize: number },
) {
  const codes = (await choosableProjects(deps.database.db, auth.userId, auth.isSuperAdmin)).map(
    (p) => p.code,
  );
  return q.listProjects(deps.database.db, { ...filter, codes }, page);
}

export async function setMeasures(deps: AppDeps, auth: AuthContext, projectCode: string, codes: string[]) {
  const { db } = deps.database;
  if (!(await q.findProject(db, projectCode))) throw fail.notFound();
  const unique = [...new Set(codes)];
  const known = unique.length
    ? await db
        .select({ code: controlMeasures.code })
        .from(controlMeasures)
        .where(inArray(controlMeasures.code, unique))
    : [];
  const missing = unique.find((c) => !known.some((k) => k.code === c));
  if (missing) throw fail.invalid('measureUnknown', { code: missing });
  const before = await projectMeasureCodes(db, projectCode);
  await db.transaction(async (tx) => {
    await tx.delete(projectMeasures).where(eq(projectMeasures.projectCode, projectCode));
    if (unique.length) {
      await tx.insert(projectMeasures).values(unique.map((measureCode) => ({ projectCode, measureCode })));
    }
    await audit(tx, {
      actorId: auth.userId,
      projectCode,
      action: 'update',
      entity: 'project',
      entityId: projectCode,
      summary: `控制措施 ${unique.join(',')}`,
      before,
      after: unique,
    });
  });
  return measures(db, unique);
}

type SectionInput = {
  id?: string | undefined;
  code: string;
  name: string;
  contractor: string;
  managerId: string | null;
  areaCodes: string[];
  plannedTrees: number | null;
  plannedVolume: number | null;
};

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
  const allowed = new Set((await q.projectTownships(db, project.areaCode)).map((a) => a.code));
  const outside = input.areaCodes.find((c) => !allowed.has(c));
  if (outside) throw fail.invalid('areaOutsideProject', { code: outside });
  if (input.managerId && !(await isProjectMember(db, input.managerId, projectCode))) {
    throw fail.invalid('userNotInProject');
  }
  const { id, ...values } = input;
  if (!id && (await q.sectionCount(db, projectCode)) >= maxSectionsPerProject) {
    throw fail.invalid('tooManySections', { max: maxSectionsPerProject });
  }
  const duplicate = await db
    .select({ id: sections.id })
    .from(sections)
    .where(and(eq(sections.projectCode, projectCode), eq(sections.code, input.code)));
  if (duplicate.some((d) => d.id !== id)) throw fail.conflict('sectionCodeTaken', { code: input.code });
  const savedId = await db.transaction(async (tx) => {
    let sectionId = id;
    if (id) {
      const updated = await tx
        .update(sections)
        .set(values)
        .where(and(eq(sections.id, id), eq(sections.projectCode, projectCode)))
        .returning({ id: sections.id });
      if (!updated.length) throw fail.notFound();
    } else {
      const [created] = await tx
        .insert(sections)
        .values({ ...values, projectCode })
        .returning({ id: sections.id });
      sectionId = created!.id;
    }
    await audit(tx, {
      actorId: auth.userId,
      projectCode,
      action: id ? 'update' : 'create',
      entity: 'section',
      entityId: sectionId!,
      summary: `${input.code} ${input.name}`,
      after: values,
    });
    return sectionId!;
  });
  return (await q.listSections(db, projectCode, savedId))[0]!;
}

/** Removes a section. Collected records, workers and burn points will refuse it while they refer to it. */
export async function removeSection(deps: AppDeps, auth: AuthContext, projectCode: string, id: string) {
  const [section] = await q.listSections(deps.database.db, projectCode, id);
  if (section) {
    const recordCount = await records.liveRecordCount(deps.database.db, projectCode, section.code);
    if (recordCount) throw fail.conflict('hasRecords', { count: recordCount });
  }
  await deps.database.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(sections)
      .where(and(eq(sections.id, id), eq(sections.projectCode, projectCode)))
      .returning();
    if (!removed) throw fail.notFound();
    await audit(tx, {
      actorId: auth.userId,
      projectCode,
      action: 'delete',
      entity: 'section',
      entityId: id,
      summary: `${removed.code} ${removed.name}`,
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
  const found = await db
    .select({ id: users.id, account: users.account, status: users.status })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
  if (found.length !== ids.length) throw fail.notFound();
  const inactive = found.filter((u) => u.status !== 'active');
  if (inactive.length) {
    throw fail.invalid('usersNotActive', { accounts: inactive.map((u) => u.account).join('、') });
  }
  const role = await findRole(db, input.roleId);
  await db.transaction(async (tx) => {
    await tx
      .insert(userProjectRoles)
      .values(ids.map((userId) => ({ userId, projectCode: input.prjCode, roleId: input.roleId })))
      .onConflictDoNothing();
    await audit(tx, {
      actorId: auth.userId,
      projectCode: input.prjCode,
      action: 'create',
      entity: 'grant',
      entityId: input.prjCode,
      summary: `${role?.name ?? input.roleId}: ${found.map((u) => u.account).join(', ')}`,
      after: { roleId: input.roleId, userIds: ids },
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
  await deps.database.db.transaction(async (tx) => {
    const removed = await tx
      .delete(userProjectRoles)
      .where(and(eq(userProjectRoles.projectCode, input.prjCode), eq(userProjectRoles.userId, input.userId)))
      .returning();
    if (!removed.length) throw fail.notFound('userNotInProject');
    await tx
      .update(sections)
      .set({ managerId: null })
      .where(and(eq(sections.projectCode, input.prjCode), eq(sections.managerId, input.userId)));
    await audit(tx, {
      actorId: auth.userId,
      projectCode: input.prjCode,
      action: 'delete',
      entity: 'grant',
      entityId: input.userId,
      summary: `roles ${removed.map((r) => r.roleId).join(',')}`,
      before: removed,
    });
  });
}

/** The main-project store of spec §3, in one call. */
export async function mainStore(deps: AppDeps, code: string): Promise<MainStore> {
  const { db } = deps.database;
  const data = await detail(deps, code);
  const sectionList = await q.listSections(db, code);
  const managerIds = [...new Set(sectionList.flatMap((s) => (s.managerId ? [s.managerId] : [])))];
  const [users, admins, managers, storageUsage, townships, all, checked] = await Promise.all([
    q.members(db, code, {}, { limit: mainStoreMemberLimit }),
    q.members(db, code, { roleCodes: ['project_admin'] }, { limit: mainStoreMemberLimit }),
    q.members(db, code, { userIds: managerIds }, { limit: mainStoreMemberLimit }),
    q.storageUsage(db, code),
    q.projectTownships(db, data.areaCode),
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
