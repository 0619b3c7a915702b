import { ErrorCode, type Lang, type ProjectTreeNode, type SelfValue } from '@pineguard/contract';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { type AuthContext, endSession, endSessions, hashToken, newToken } from '../../platform/auth.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../platform/password.ts';
import { menusForRoles } from '../menus/index.ts';
import * as projects from '../projects/index.ts';
import * as q from './queries.ts';

/**
 * Reserves an attempt for each key (a row counted as a failure unless released), then counts:
 * above the limit the reservation is released and the call refused. Because the row is written
 * before the count, N parallel attempts check at most `max` passwords, on every instance.
 */
async function reserveAttempt(
  deps: AppDeps,
  limits: { key: string; max: number }[],
): Promise<{ ids: number[]; release(): Promise<void> }> {
  const { db } = deps.database;
  const { lockMinutes } = deps.config.login;
  const windowStart = new Date(Date.now() - lockMinutes * 60_000);
  const ids = await q.reserveAttempts(
    db,
    limits.map((l) => l.key),
    windowStart,
  );
  const release = () => q.releaseAttempts(db, ids);
  const counts = await Promise.all(limits.map((l) => q.countRecentFailures(db, l.key, windowStart)));
  if (counts.some((n, i) => n > limits[i]!.max)) {
    await release();
    throw new AppError(ErrorCode.rateLimited, 'rateLimited', { minutes: lockMinutes });
  }
  return { ids, release };
}

type LoginInput = { account: string; password: string; client: number; address: string };

export function login(deps: AppDeps, input: LoginInput): Promise<{ token: string }> {
  return signIn(deps, input, null);
}

/**
 * POST /api/user/loginPrj: login and selectProject in one call. The project is checked once the
 * password is (a wrong password never learns whether a project exists), with selectProject's
 * rule and message; a refused project opens no session.
 */
export async function loginProject(
  deps: AppDeps,
  input: LoginInput & { prjCode: string },
): Promise<{ token: string; project: { code: string; name: string } }> {
  const project = await projects.findProject(deps.database.db, input.prjCode);
  const { token } = await signIn(deps, input, async (user) => {
    if (
      !user.isSuperAdmin &&
      !(project && (await projects.isProjectMember(deps.database.db, user.id, project.code)))
    ) {
      throw fail.forbidden('projectNotMember');
    }
    if (!project) throw fail.notFound();
    return project.code;
  });
  return { token, project: { code: project!.code, name: project!.name } };
}

async function signIn(
  deps: AppDeps,
  input: LoginInput,
  /** Answers the project the session opens in (or throws); null: none until selectProject. */
  projectFor: ((user: { id: string; isSuperAdmin: boolean }) => Promise<string>) | null,
): Promise<{ token: string }> {
  const { db } = deps.database;
  const limits = deps.config.login;
  const accountKey = `account:${input.account.toLowerCase()}`;
  const attempt = await reserveAttempt(deps, [
    { key: accountKey, max: limits.maxPerAccount },
    { key: `address:${input.address}`, max: limits.maxPerAddress },
  ]);

  const user = await q.findLiveUserByAccount(db, input.account);
  const valid = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
  // A wrong password keeps its reservation: that row is the recorded failure.
  if (!user || !valid) throw new AppError(ErrorCode.badCredentials, 'badCredentials');
  await attempt.release();
  if (user.status === 'pending') throw new AppError(ErrorCode.accountNotActive, 'accountPending');
  if (user.status === 'rejected') {
    throw new AppError(ErrorCode.accountNotActive, 'accountRejected', {
      reason: user.statusReason ?? '',
    });
  }
  if (user.status === 'disabled') throw new AppError(ErrorCode.accountNotActive, 'accountDisabled');

  await q.clearFailures(db, accountKey);
  const projectCode = projectFor ? await projectFor(user) : undefined;
  if (deps.config.singleSignIn) {
    await endSessions(db, { userId: user.id, client: input.client }, 'elsewhere');
  }
  const token = newToken();
  await q.insertSession(db, {
    tokenHash: hashToken(token),
    userId: user.id,
    client: input.client,
    ...(projectCode ? { projectCode } : {}),
    expiresAt: new Date(Date.now() + deps.config.sessionTtlMs),
  });
  return { token };
}

export async function self(deps: AppDeps, auth: AuthContext, lang: Lang): Promise<SelfValue> {
  const { db } = deps.database;
  const user = await q.findUser(db, auth.userId);
  if (!user) throw new AppError(ErrorCode.tokenInvalid, 'tokenInvalid');
  const project = auth.projectCode ? await projects.findProject(db, auth.projectCode) : undefined;
  const heldRoles = project ? await q.rolesInProject(db, user.id, project.code) : [];
  const roleIds = auth.roleId ? [auth.roleId] : heldRoles.map((r) => r.id);
  const [menus, sysMenus] = await Promise.all([
    project ? menusForRoles(db, user.isSuperAdmin ? 'all' : roleIds, 'project', lang) : [],
    user.isSuperAdmin ? menusForRoles(db, 'all', 'system', lang) : [],
  ]);
  return {
    menus,
    sysMenus,
    name: user.name,
    introduction: user.introduction,
    ifAdmin: user.isSuperAdmin,
    gpsLong: user.gpsLong,
    gpsLat: user.gpsLat,
    userIdOrCode: user.account,
    avatar: user.avatar,
    roles: user.isSuperAdmin ? ['admin', ...auth.roleCodes] : auth.roleCodes,
    permissions: user.isSuperAdmin ? ['*'] : [...auth.permissions].sort(),
    project: project ? { code: project.code, name: project.name } : null,
    heldRoles,
    activeRoleId: auth.roleId,
  };
}

export async function logout(deps: AppDeps, auth: AuthContext): Promise<void> {
  await endSession(deps.database.db, auth.sessionId, 'logout');
}

export async function changePassword(
  deps: AppDeps,
  auth: AuthContext,
  input: { oldPassword: string; newPassword: string },
): Promise<void> {
  const { db } = deps.database;
  const limits = deps.config.login;
  // A stolen token must not guess the current password without limit.
  const attempt = await reserveAttempt(deps, [{ key: `password:${auth.userId}`, max: limits.maxPerAccount }]);
  const user = await q.findUser(db, auth.userId);
  if (!user || !(await verifyPassword(input.oldPassword, user.passwordHash))) {
    throw new AppError(ErrorCode.validation, 'oldPasswordWrong');
  }
  await attempt.release();
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await q.setPasswordHash(tx, user.id, passwordHash);
    await endSessions(tx, { userId: user.id, exceptSessionId: auth.sessionId }, 'password');
  });
}

export async function selectProject(deps: AppDeps, auth: AuthContext, prjCode: string) {
  const { db } = deps.database;
  const project = await projects.findProject(db, prjCode);
  // A foreign project and an unknown code answer alike, so codes cannot be probed.
  if (!auth.isSuperAdmin && !(project && (await projects.isProjectMember(db, auth.userId, project.code)))) {
    throw fail.forbidden('projectNotMember');
  }
  if (!project) throw fail.notFound();
  await q.setSessionProject(db, auth.sessionId, project.code);
  return { code: project.code, name: project.name };
}

/** The user's projects as a tree of province → city → county → project. */
export function projectTree(deps: AppDeps, auth: AuthContext): Promise<ProjectTreeNode[]> {
  return projects.projectTree(deps, auth);
}

/**
 * Spec §4 role change: the session continues under one of the user's roles in the project, with
 * a new token (the old one ends), so every tab and cache starts again from the new role.
 */
export async function switchRole(
  deps: AppDeps,
  auth: AuthContext,
  roleId: number,
): Promise<{ token: string }> {
  const { db } = deps.database;
  if (!auth.projectCode) throw new AppError(ErrorCode.projectRequired, 'projectRequired');
  const held = await q.roleIdsInProject(db, auth.userId, auth.projectCode);
  if (!held.includes(roleId)) throw fail.forbidden('roleNotAssignable');
  const token = newToken();
  await db.transaction(async (tx) => {
    const current = await q.findSession(tx, auth.sessionId);
    await endSession(tx, auth.sessionId, 'role');
    await q.insertSession(tx, {
      tokenHash: hashToken(token),
      userId: auth.userId,
      client: current?.client ?? 2,
      projectCode: auth.projectCode,
      roleId,
      expiresAt: new Date(Date.now() + deps.config.sessionTtlMs),
    });
  });
  return { token };
}

/** Failed attempts under `key` since `since` (sign-in and invitation-code throttling share the table). */
export function countRecentFailures(db: Executor, key: string, since: Date): Promise<number> {
  return q.countRecentFailures(db, key, since);
}

/** Records failed attempts under each key and trims the ones that fell out of the window. */
export function recordFailures(db: Executor, keys: string[], windowStart: Date): Promise<void> {
  return q.recordFailures(db, keys, windowStart);
}

/** Deletes sessions that ended or expired more than `days` days ago; answers how many went. */
export function pruneSessions(deps: Pick<AppDeps, 'database'>, days: number): Promise<number> {
  return q.deleteSessionsBefore(deps.database.db, new Date(Date.now() - days * 86_400_000));
}
