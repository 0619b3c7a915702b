import { and, count, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor as Db } from '../../db/client.ts';
import { loginFailures, roles, sessions, userProjectRoles, users } from '../../db/schema/index.ts';
import { countDeleted } from '../../platform/sql.ts';
import { changedHere } from '../../platform/changes.ts';

export function findLiveUserByAccount(db: Db, account: string) {
  return db
    .select()
    .from(users)
    .where(and(sql`lower(${users.account}) = lower(${account})`, isNull(users.deletedAt)))
    .limit(1)
    .then((rows) => rows[0]);
}

export function findUser(db: Db, id: string) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .then((rows) => rows[0]);
}

export async function countRecentFailures(db: Db, key: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gt(loginFailures.at, since)));
  return row?.n ?? 0;
}

export async function recordFailures(db: Db, keys: string[], windowStart: Date): Promise<void> {
  await db.insert(loginFailures).values(keys.map((key) => ({ key })));
  await db
    .delete(loginFailures)
    .where(and(inArray(loginFailures.key, keys), lt(loginFailures.at, windowStart)));
}

/**
 * Reserves one attempt per key before a password is checked: the rows exist (committed) before
 * anyone counts, so parallel attempts see each other and the limit holds across instances.
 * Rows older than the window are trimmed here to keep the table small.
 */
export async function reserveAttempts(db: Db, keys: string[], windowStart: Date): Promise<number[]> {
  const rows = await db
    .insert(loginFailures)
    .values(keys.map((key) => ({ key })))
    .returning({ id: loginFailures.id });
  await db
    .delete(loginFailures)
    .where(and(inArray(loginFailures.key, keys), lt(loginFailures.at, windowStart)));
  return rows.map((r) => r.id);
}

/** Gives back reservations of attempts that were refused or succeeded (they are not failures). */
export async function releaseAttempts(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(loginFailures).where(inArray(loginFailures.id, ids));
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

export async function insertSession(
  db: Db,
  values: {
    tokenHash: string;
    userId: string;
    client: number;
    expiresAt: Date;
    projectCode?: string | null;
    roleId?: number | null;
  },
) {
  await db.insert(sessions).values(values);
}

export async function setSessionProject(db: Db, sessionId: string, projectCode: string) {
  changedHere({ kind: 'session', id: sessionId });
  await db.update(sessions).set({ projectCode, roleId: null }).where(eq(sessions.id, sessionId));
}

export async function rolesInProject(db: Db, userId: string, projectCode: string) {
  return db
    .select({ id: roles.id, code: roles.code, name: roles.name })
    .from(userProjectRoles)
    .innerJoin(roles, eq(roles.id, userProjectRoles.roleId))
    .where(and(eq(userProjectRoles.userId, userId), eq(userProjectRoles.projectCode, projectCode)))
    .orderBy(roles.id);
}

export async function roleIdsInProject(db: Db, userId: string, projectCode: string) {
  const rows = await db
    .select({ id: roles.id })
    .from(userProjectRoles)
    .innerJoin(roles, eq(roles.id, userProjectRoles.roleId))
    .where(and(eq(userProjectRoles.userId, userId), eq(userProjectRoles.projectCode, projectCode)));
  return rows.map((r) => r.id);
}

export function findSession(db: Db, id: string) {
  return db
    .select()
    .from(sessions)
    .where(eq(sessions.id, id))
    .then((rows) => rows[0]);
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Deletes sessions that ended, or expired, before the cut-off; answers how many went. */
export function deleteSessionsBefore(db: Db, before: Date): Promise<number> {
  const cutOff = before.toISOString();
  return countDeleted(
    db,
    sql`delete from ${sessions} where ${sessions.endedAt} < ${cutOff} or ${sessions.expiresAt} < ${cutOff} returning 1`,
  );
}
