import { randomInt } from 'node:crypto';
import { ErrorCode, inviteAlphabet, type InviteItem } from '@pineguard/contract';
import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/deps.ts';
import type { Tx } from '../../db/client.ts';
import { invitations, projects, roles, userProjectRoles, users } from '../../db/schema/index.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/password.ts';
import { audit } from '../../platform/audit.ts';
import { countRecentFailures, recordFailures } from '../auth/queries.ts';
import { allAssignable } from '../roles/queries.ts';
import { accountTaken, phoneTaken } from '../users/queries.ts';

export function newInviteCode(): string {
  return Array.from({ length: 8 }, () => inviteAlphabet[randomInt(inviteAlphabet.length)]).join('');
}

const usable = () =>
  and(
    isNull(invitations.revokedAt),
    or(isNull(invitations.expiresAt), gt(invitations.expiresAt, sql`now()`)),
    or(isNull(invitations.maxUses), sql`${invitations.uses} < ${invitations.maxUses}`),
    // A deleted project's codes let nobody in.
    sql`exists (select 1 from ${projects} where ${projects.code} = ${invitations.projectCode} and ${projects.deletedAt} is null)`,
  );

export async function listInvites(
  deps: AppDeps,
  projectCode: string,
  page: { pageNum: number; pageSize: number },
): Promise<{ list: InviteItem[]; total: number }> {
  const { db } = deps.database;
  const where = and(eq(invitations.projectCode, projectCode), isNull(invitations.revokedAt));
  const [total] = await db.select({ n: count() }).from(invitations).where(where);
  const rows = await db
    .select({
      invite: invitations,
      roleName: roles.name,
      createdBy: users.name,
      active: sql<boolean>`${usable()}`,
    })
    .from(invitations)
    .innerJoin(roles, eq(roles.id, invitations.roleId))
    .innerJoin(users, eq(users.id, invitations.createdBy))
    .where(where)
    .orderBy(desc(invitations.createdAt))
    .limit(page.pageSize)
    .offset((page.pageNum - 1) * page.pageSize);
  return {
    total: total?.n ?? 0,
    list: rows.map(({ invite, roleName, createdBy, active }) => ({
      id: invite.id,
      code: invite.code,
      projectCode: invite.projectCode,
      roleId: invite.roleId,
      roleName,
      createdBy,
      createdAt: invite.createdAt.toISOString(),
      expiresAt: invite.expiresAt?.toISOString() ?? null,
      maxUses: invite.maxUses,
      uses: invite.uses,
      active: Boolean(active),
    })),
  };
}

export async function createInvite(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  input: { roleId: number; expiresAt: string | null; maxUses: number | null },
) {
  const { db } = deps.database;
  if (!(await allAssignable(db, projectCode, [input.roleId]))) throw fail.invalid('roleNotAssignable');
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(invitations)
      .values({
        code: newInviteCode(),
        projectCode,
        roleId: input.roleId,
        createdBy: auth.userId,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        maxUses: input.maxUses,
      })
      .returning();
    await audit(tx, {
      actorId: auth.userId,
      projectCode,
      action: 'create',
      entity: 'invitation',
      entityId: created!.id,
      summary: created!.code,
      after: created,
    });
    return { id: created!.id, code: created!.code };
  });
}

export async function revokeInvite(deps: AppDeps, auth: AuthContext, projectCode: string, id: string) {
  await deps.database.db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(invitations)
      .set({ revokedAt: new Date() })
      .where(
        and(eq(invitations.id, id), eq(invitations.projectCode, projectCode), isNull(invitations.revokedAt)),
      )
      .returning();
    if (!revoked) throw fail.notFound();
    await audit(tx, {
      actorId: auth.userId,
      projectCode,
      action: 'delete',
      entity: 'invitation',
      entityId: id,
      summary: revoked.code,
      before: revoked,
    });
  });
}

/**
 * Claims one use of a code inside the caller's transaction: the row is locked, so two people
 * using the last use at once cannot both get it. Wrong codes count as failed attempts per address,
 * so codes cannot be guessed at speed.
 */
async function claim(deps: AppDeps, tx: Tx, code: string, address: string) {
  const limits = deps.config.login;
  const windowStart = new Date(Date.now() - limits.lockMinutes * 60_000);
  const key = `invite:${address}`;
  if ((await countRecentFailures(tx, key, windowStart)) >= limits.maxPerAddress) {
    throw new AppError(ErrorCode.rateLimited, 'rateLimited', { minutes: limits.lockMinutes });
  }
  const [invite] = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.code, code.toUpperCase()), usable()))
    .for('update')
    .limit(1);
  if (!invite) throw fail.invalid('inviteInvalid');
  await tx
    .update(invitations)
    .set({ uses: sql`${invitations.uses} + 1` })
    .where(eq(invitations.id, invite.id));
  const [project] = await tx.select().from(projects).where(eq(projects.code, invite.projectCode));
  return { invite, projectName: project?.name ?? invite.projectCode };
}

/**
 * Runs a transaction that claims a code. A wrong code is counted against the address after the
 * transaction has rolled back (inside it the count would roll back too, and PGlite, a single
 * connection, would wait on itself).
 */
async function withClaim<T>(deps: AppDeps, address: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await deps.database.db.transaction(fn);
  } catch (error) {
    if (error instanceof AppError && error.messageKey === 'inviteInvalid') {
      const windowStart = new Date(Date.now() - deps.config.login.lockMinutes * 60_000);
      await recordFailures(deps.database.db, [`invite:${address}`], windowStart);
    }
    throw error;
  }
}

/** A signed-in user joins the code's project with its role (avatar menu → add invitation code). */
export async function joinWithCode(deps: AppDeps, auth: AuthContext, code: string, address: string) {
  return withClaim(deps, address, async (tx) => {
    const { invite, projectName } = await claim(deps, tx, code, address);
    const [member] = await tx
      .select({ n: count() })
      .from(userProjectRoles)
      .where(
        and(eq(userProjectRoles.userId, auth.userId), eq(userProjectRoles.projectCode, invite.projectCode)),
      );
    if (member?.n) throw fail.conflict('alreadyMember');
    await tx
      .insert(userProjectRoles)
      .values({ userId: auth.userId, projectCode: invite.projectCode, roleId: invite.roleId });
    await audit(tx, {
      actorId: auth.userId,
      projectCode: invite.projectCode,
      action: 'create',
      entity: 'grant',
      entityId: auth.userId,
      summary: `joined with ${invite.code}`,
      after: { roleId: invite.roleId },
    });
    return { projectCode: invite.projectCode, projectName };
  });
}

/** Self-registration with a code: the account waits for review before it can sign in. */
export async function register(
  deps: AppDeps,
  input: { account: string; password: string; name: string; phone: string | null; code: string },
  address: string,
) {
  const { db } = deps.database;
  if (await accountTaken(db, input.account)) throw fail.conflict('accountTaken', { account: input.account });
  if (input.phone && (await phoneTaken(db, input.phone))) throw fail.conflict('phoneTaken');
  const passwordHash = await hashPassword(input.password);
  return withClaim(deps, address, async (tx) => {
    const { invite, projectName } = await claim(deps, tx, input.code, address);
    const [created] = await tx
      .insert(users)
      .values({
        account: input.account,
        name: input.name,
        phone: input.phone,
        passwordHash,
        status: 'pending',
      })
      .returning({ id: users.id });
    await tx
      .insert(userProjectRoles)
      .values({ userId: created!.id, projectCode: invite.projectCode, roleId: invite.roleId });
    await audit(tx, {
      actorId: created!.id,
      projectCode: invite.projectCode,
      action: 'create',
      entity: 'user',
      entityId: created!.id,
      summary: `${input.account} ${input.name} registered with ${invite.code}`,
      after: { account: input.account, name: input.name, phone: input.phone, roleId: invite.roleId },
    });
    return { id: created!.id, projectName };
  });
}
