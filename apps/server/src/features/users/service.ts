import { randomInt } from 'node:crypto';
import { clientPasswordHash, type UserListItem } from '@pineguard/contract';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { type AuthContext, endSessions, isLiveProject } from '../../platform/auth.ts';
import { fail } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/password.ts';
import { audit, userSnapshot } from '../../platform/audit.ts';
import { allAssignable, roleNames } from '../roles/index.ts';
import * as projects from '../projects/index.ts';
import type { Page } from '../../platform/pagination.ts';
import * as q from './queries.ts';

export function listUsers(
  deps: AppDeps,
  filter: q.UserFilter,
  page: Page,
): Promise<{ list: UserListItem[]; total: number; totalExact?: false }> {
  return q.listUsers(deps.database.db, filter, page);
}

async function assertRolesAssignable(deps: AppDeps, projectCode: string, roleIds: number[]) {
  if (!(await allAssignable(deps.database.db, projectCode, roleIds))) throw fail.invalid('roleNotAssignable');
}

/** A user the manager may act on: in the project (or anyone, for super administrators), not a super administrator unless the actor is one. */
/** A live account's name and account (what the audit log names it by), or undefined. */
export async function accountLabel(db: Executor, id: string) {
  const user = await q.findLiveUser(db, id);
  return user && { name: user.name, account: user.account };
}

async function managedUser(deps: AppDeps, auth: AuthContext, projectCode: string, userId: string) {
  const user = await q.findLiveUser(deps.database.db, userId);
  if (!user) throw fail.notFound();
  if (user.isSuperAdmin && !auth.isSuperAdmin) throw fail.forbidden('cannotManageSuperAdmin');
  if (!auth.isSuperAdmin) {
    const roles = await q.userRoleIds(deps.database.db, userId, projectCode);
    if (!roles.length) throw fail.notFound('userNotInProject');
  }
  return user;
}

/**
 * The one rule for account-wide changes (password, name, phone, status, deletion): the super
 * administrator and the user themself may always; a project administrator only when the user
 * belongs to no project other than the one they manage (else they would act in projects they do
 * not administer). Roles in the managed project are not account-wide and are not checked here.
 */
export async function assertMayChangeAccount(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  userId: string,
  messageKey: 'accountSharedWithOtherProjects' | 'userInOtherProjects' = 'accountSharedWithOtherProjects',
): Promise<void> {
  if (auth.isSuperAdmin || auth.userId === userId) return;
  const others = (await q.projectsOfUser(deps.database.db, userId)).filter((p) => p !== projectCode);
  if (!others.length) return;
  throw messageKey === 'userInOtherProjects' ? fail.conflict(messageKey) : fail.forbidden(messageKey);
}

export async function addUser(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  input: { account: string; password: string; name: string; phone: string | null; roleIds: number[] },
) {
  const { db } = deps.database;
  if (!(await isLiveProject(db, projectCode))) throw fail.notFound('projectNotFound');
  await assertRolesAssignable(deps, projectCode, input.roleIds);
  if (await q.accountTaken(db, input.account))
    throw fail.conflict('accountTaken', { account: input.account });
  if (input.phone && (await q.phoneTaken(db, input.phone))) throw fail.conflict('phoneTaken');
  const passwordHash = await hashPassword(input.password);
  const id = await db.transaction(async (tx) => {
    const created = await q.insertUser(tx, {
      account: input.account,
      name: input.name,
      phone: input.phone,
      passwordHash,
    });
    await q.setUserRoles(tx, created.id, projectCode, input.roleIds);
    await audit(tx, {
      actorId: auth.userId,
      projectCode,
      action: 'create',
      entity: 'user',
      entityId: created.id,
      summary: `${input.account} ${input.name}`,
      params: { name: input.name, account: input.account },
      after: { ...userSnapshot(created), roles: await roleNames(tx, input.roleIds) },
    });
    return created.id;
  });
  return { id };
}

export async function editUser(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  input: { id: string; name: string; phone: string | null; status: 'active' | 'disabled'; roleIds: number[] },
) {
  const { db } = deps.database;
  const user = await managedUser(deps, auth, projectCode, input.id);
  if (input.id === auth.userId && input.status === 'disabled') throw fail.forbidden('cannotChangeSelf');
  if (user.status === 'pending' || user.status === 'rejected') {
    // Review decides these; editing must not slip a pending account through.
    if (input.status !== 'disabled') input.status = user.status as 'active';
  }
  const accountChanged =
    input.name !== user.name ||
    (input.phone ?? null) !== (user.phone ?? null) ||
    input.status !== user.status;
  if (accountChanged) await assertMayChangeAccount(deps, auth, projectCode, input.id);
  await assertRolesAssignable(deps, projectCode, input.roleIds);
  if (input.phone && (await q.phoneTaken(db, input.phone, input.id))) throw fail.conflict('phoneTaken');
  const beforeRoles = await q.userRoleIds(db, input.id, projectCode);
  await db.transaction(async (tx) => {
    await q.updateUser(tx, input.id, { name: input.name, phone: input.phone, status: input.status });
    await q.setUserRoles(tx, input.id, projectCode, input.roleIds);
    if (input.status === 'disabled' && user.status !== 'disabled') {
      await endSessions(tx, { userId: input.id }, 'deleted');
    }
    await audit(tx, {
      actorId: auth.userId,
      projectCode,
      action: 'update',
      entity: 'user',
      entityId: input.id,
      summary: `${user.account} ${input.name}`,
      params: { name: input.name, account: user.account },
      before: { ...userSnapshot(user), roles: await roleNames(tx, beforeRoles) },
      after: {
        name: input.name,
        phone: input.phone,
        status: input.status,
        roles: await roleNames(tx, input.roleIds),
      },
    });
  });
}

/**
 * Soft delete: the account can no longer sign in and its sessions end, but its rows stay so the
 * data it collected stays attributed. A project administrator may delete only users who belong
 * to no other project; for the others, roles in this project are removed instead.
 */
export async function deleteUser(deps: AppDeps, auth: AuthContext, projectCode: string, id: string) {
  const { db } = deps.database;
  if (id === auth.userId) throw fail.forbidden('cannotChangeSelf');
  const user = await managedUser(deps, auth, projectCode, id);
  await assertMayChangeAccount(deps, auth, projectCode, id, 'userInOtherProjects');
  await db.transaction(async (tx) => {
    await q.updateUser(tx, id, { deletedAt: new Date() });
    await endSessions(tx, { userId: id }, 'deleted');
    await audit(tx, {
      actorId: auth.userId,
      projectCode,
      action: 'delete',
      entity: 'user',
      entityId: id,
      summary: `${user.account} ${user.name}`,
      params: { name: user.name, account: user.account },
      before: userSnapshot(user),
    });
  });
}

const TEMP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Resets to a random temporary password (shown once to the manager) and ends the user's sessions. */
export async function resetPassword(deps: AppDeps, auth: AuthContext, projectCode: string, id: string) {
  const temporary = Array.from({ length: 8 }, () => TEMP_ALPHABET[randomInt(TEMP_ALPHABET.length)]).join('');
  await setPassword(deps, auth, projectCode, id, clientPasswordHash(temporary));
  return temporary;
}

export async function setPassword(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  id: string,
  clientHash: string,
) {
  const { db } = deps.database;
  const user = await managedUser(deps, auth, projectCode, id);
  await assertMayChangeAccount(deps, auth, projectCode, id);
  const passwordHash = await hashPassword(clientHash);
  await db.transaction(async (tx) => {
    await q.updateUser(tx, id, { passwordHash });
    await endSessions(tx, { userId: id }, 'password');
    await audit(tx, {
      actorId: auth.userId,
      projectCode,
      action: 'resetPassword',
      entity: 'user',
      entityId: id,
      summary: `${user.account} ${user.name}`,
      params: { name: user.name, account: user.account },
    });
  });
}

export async function phoneExists(deps: AppDeps, phone: string): Promise<boolean> {
  return q.phoneTaken(deps.database.db, phone);
}

export async function pendingUsers(
  deps: AppDeps,
  projectCode: string,
  filter: { keyword?: string | undefined },
  page: Page,
) {
  return q.listUsers(deps.database.db, { projectCode, keyword: filter.keyword, status: 'pending' }, page);
}

/** Approves or rejects a self-registered account of the project; a rejection keeps the reason to show at sign-in. */
export async function review(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  input: { userId: string; approve: boolean; reason: string },
) {
  const { db } = deps.database;
  const user = await managedUser(deps, auth, projectCode, input.userId);
  if (user.status !== 'pending') throw fail.conflict('notPending');
  await assertMayChangeAccount(deps, auth, projectCode, input.userId);
  await db.transaction(async (tx) => {
    await q.updateUser(tx, input.userId, {
      status: input.approve ? 'active' : 'rejected',
      statusReason: input.approve ? null : input.reason,
    });
    if (!input.approve) await q.setUserRoles(tx, input.userId, projectCode, []);
    await audit(tx, {
      actorId: auth.userId,
      projectCode,
      action: input.approve ? 'approve' : 'reject',
      entity: 'user',
      entityId: input.userId,
      summary: `${user.account} ${user.name}${input.reason ? ` ${input.reason}` : ''}`,
      params: { name: user.name, account: user.account, reason: input.reason || null },
      before: { status: user.status },
      after: { status: input.approve ? 'active' : 'rejected', reason: input.reason || null },
    });
  });
}

/**
 * Removes one role of a user in the project (DELETE /api/user/delUserRoleRecord). A user's roles
 * are the users feature's rows: roles only describe what a role grants (roles does not import users).
 */
export async function removeUserRole(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  userId: string,
  roleId: number,
) {
  const { db } = deps.database;
  const member = await accountLabel(db, userId);
  const [role] = await roleNames(db, [roleId]);
  await db.transaction(async (tx) => {
    const removed = await q.revokeRole(tx, userId, projectCode, roleId);
    if (!removed.length) throw fail.notFound();
    await audit(tx, {
      actorId: auth.userId,
      projectCode,
      action: 'delete',
      entity: 'grant',
      entityId: userId,
      summary: `${member?.account ?? ''} ${member?.name ?? ''} ${role ?? ''}`,
      params: { kind: 'role', name: member?.name ?? '', account: member?.account ?? '', role: role ?? '' },
      before: { roles: [role ?? ''] },
    });
  });
}

/** The user's projects as a tree (the add-user screen narrows it to the managed project). */
export function projectTree(deps: AppDeps, auth: AuthContext) {
  return projects.projectTree(deps, auth);
}

export function accountTaken(db: Executor, account: string): Promise<boolean> {
  return q.accountTaken(db, account);
}

export function phoneTaken(db: Executor, phone: string): Promise<boolean> {
  return q.phoneTaken(db, phone);
}
