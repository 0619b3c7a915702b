import { mainStoreMemberLimit } from '@pineguard/contract';
import type { AppDeps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { audit } from '../../platform/audit.ts';
import { fail } from '../../platform/errors.ts';
import type { Page } from '../../platform/pagination.ts';
import * as m from './memberQueries.ts';
import { type CandidateFilter, ports } from './ports.ts';
import * as q from './queries.ts';

/**
 * A project's members: accounts holding one or more roles in it. The accounts and roles
 * themselves are the users and roles features' (reached through ports.ts); 标段分配 is in
 * assignments.ts.
 */

/** Accounts that may be added to a project (the first page of those matching). */
export function candidates(deps: AppDeps, filter: CandidateFilter, page: Page) {
  return ports().users.candidates(deps, filter, page);
}

/** Gives existing accounts a role in a project (other roles they hold there stay). */
export async function addMembers(
  deps: AppDeps,
  auth: AuthContext,
  input: { prjCode: string; userIds: string[]; roleId: number },
) {
  const { db } = deps.database;
  if (!(await q.findProject(db, input.prjCode))) throw fail.notFound();
  const { users, roles } = ports();
  if (!(await roles.allAssignable(db, input.prjCode, [input.roleId])))
    throw fail.invalid('roleNotAssignable');
  const ids = [...new Set(input.userIds)];
  const found = await users.liveByIds(db, ids);
  if (found.length !== ids.length) throw fail.notFound();
  const inactive = found.filter((u) => u.status !== 'active');
  if (inactive.length) {
    throw fail.invalid('usersNotActive', { accounts: inactive.map((u) => u.account).join('、') });
  }
  const [role = ''] = await roles.names(db, [input.roleId]);
  await db.transaction(async (tx) => {
    await m.grantRole(tx, input.prjCode, ids, input.roleId);
    await audit(tx, {
      actorId: auth.userId,
      projectCode: input.prjCode,
      action: 'create',
      entity: 'grant',
      entityId: input.prjCode,
      summary: `${role} ${found.map((u) => u.account).join(' ')}`,
      params: { role, accounts: found.map((u) => u.account) },
      after: { role, accounts: found.map((u) => u.account) },
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
  const member = await ports().users.label(deps.database.db, input.userId);
  await deps.database.db.transaction(async (tx) => {
    const removed = await m.revokeMember(tx, input.prjCode, input.userId);
    if (!removed.length) throw fail.notFound('userNotInProject');
    const roles = await ports().roles.names(
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

/** The first page of members the main-project store shows. */
export const firstPage = { pageNum: 1, pageSize: mainStoreMemberLimit };

/** Members of a project, a page at a time. */
export function members(deps: AppDeps, projectCode: string, filter: m.MemberFilter, page: Page) {
  return m.members(deps.database.db, projectCode, filter, page);
}

/** The project's administrators (the first mainStoreMemberLimit of them). */
export async function administrators(deps: AppDeps, projectCode: string) {
  return (await m.members(deps.database.db, projectCode, { roleCodes: ['project_admin'] }, firstPage)).list;
}
