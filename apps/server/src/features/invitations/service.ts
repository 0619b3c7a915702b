import { randomInt } from 'node:crypto';
import { ErrorCode, inviteAlphabet, type InviteItem } from '@pineguard/contract';
import type { AppDeps } from '../../platform/deps.ts';
import type { Tx } from '../../db/client.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/password.ts';
import { audit } from '../../platform/audit.ts';
import type { Page } from '../../platform/pagination.ts';
import { countRecentFailures, recordFailures } from '../auth/index.ts';
import { notifyHolders } from '../notices/index.ts';
import { allAssignable, roleNames } from '../roles/index.ts';
import { projectName } from '../projects/index.ts';
import { accountTaken, insertPendingUser, phoneTaken } from '../users/index.ts';
import * as q from './queries.ts';

export function newInviteCode(): string {
  return Array.from({ length: 8 }, () => inviteAlphabet[randomInt(inviteAlphabet.length)]).join('');
}

export function listInvites(
  deps: AppDeps,
  projectCode: string,
  page: Page,
): Promise<{ list: InviteItem[]; total: number; totalExact?: false }> {
  return q.listInvites(deps.database.db, projectCode, page);
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
    const created = await q.insertInvite(tx, {
      code: newInviteCode(),
      projectCode,
      roleId: input.roleId,
      createdBy: auth.userId,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      maxUses: input.maxUses,
    });
    await audit(tx, {
      actorId: auth.userId,
      projectCode,
      action: 'create',
      entity: 'invitation',
      entityId: created.id,
      summary: created.code,
      params: { code: created.code, role: (await roleNames(tx, [input.roleId]))[0] },
      after: created,
    });
    return { id: created.id, code: created.code };
  });
}

export async function revokeInvite(deps: AppDeps, auth: AuthContext, projectCode: string, id: string) {
  await deps.database.db.transaction(async (tx) => {
    const revoked = await q.revokeInvite(tx, projectCode, id);
    if (!revoked) throw fail.notFound();
    await audit(tx, {
      actorId: auth.userId,
      projectCode,
      action: 'revoke',
      entity: 'invitation',
      entityId: id,
      summary: revoked.code,
      params: { code: revoked.code },
      before: revoked,
    });
  });
}

/**
 * Wrong codes are counted per person (the signed-in user joining, or the account being
 * registered) and per address. One person is stopped after LOGIN_MAX_FAILURES_PER_ACCOUNT wrong
 * codes; an address only after ADDRESS_FACTOR times LOGIN_MAX_FAILURES_PER_ADDRESS, a ceiling that
 * still stops a guesser who changes names at speed. A county office shares one address: one
 * person's mistakes must not lock out the others (they did at 20 wrong codes from anyone). Codes
 * are 8 characters of 32 (10^12): even the ceiling's rate guesses nothing.
 */
const ADDRESS_FACTOR = 5;
type Claimant = { address: string; person: string };
const failureKeys = (c: Claimant) => ({ person: `invite:who:${c.person}`, address: `invite:${c.address}` });

/**
 * Claims one use of a code inside the caller's transaction: the row is locked, so two people
 * using the last use at once cannot both get it.
 */
async function claim(deps: AppDeps, tx: Tx, code: string, who: Claimant) {
  const limits = deps.config.login;
  const windowStart = new Date(Date.now() - limits.lockMinutes * 60_000);
  const keys = failureKeys(who);
  if (
    (await countRecentFailures(tx, keys.person, windowStart)) >= limits.maxPerAccount ||
    (await countRecentFailures(tx, keys.address, windowStart)) >= limits.maxPerAddress * ADDRESS_FACTOR
  ) {
    throw new AppError(ErrorCode.rateLimited, 'rateLimited', { minutes: limits.lockMinutes });
  }
  const invite = await q.lockUsableInvite(tx, code.toUpperCase());
  if (!invite) throw fail.invalid('inviteInvalid');
  await q.countUse(tx, invite.id);
  return { invite, projectName: (await projectName(tx, invite.projectCode)) ?? invite.projectCode };
}

/**
 * Runs a transaction that claims a code. A wrong code is counted after the transaction has rolled
 * back (inside it the count would roll back too, and PGlite, a single connection, would wait on
 * itself).
 */
async function withClaim<T>(deps: AppDeps, who: Claimant, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await deps.database.db.transaction(fn);
  } catch (error) {
    if (error instanceof AppError && error.messageKey === 'inviteInvalid') {
      const windowStart = new Date(Date.now() - deps.config.login.lockMinutes * 60_000);
      const keys = failureKeys(who);
      await recordFailures(deps.database.db, [keys.person, keys.address], windowStart);
    }
    throw error;
  }
}

/** A signed-in user joins the code's project with its role (avatar menu → add invitation code). */
export async function joinWithCode(deps: AppDeps, auth: AuthContext, code: string, address: string) {
  const who = { address, person: `user:${auth.userId}` };
  return withClaim(deps, who, async (tx) => {
    const { invite, projectName } = await claim(deps, tx, code, who);
    if (await q.holdsRoleIn(tx, auth.userId, invite.projectCode)) throw fail.conflict('alreadyMember');
    await q.grantRole(tx, auth.userId, invite.projectCode, invite.roleId);
    await audit(tx, {
      actorId: auth.userId,
      projectCode: invite.projectCode,
      action: 'join',
      entity: 'grant',
      entityId: auth.userId,
      summary: `${invite.code} ${projectName}`,
      params: { code: invite.code, project: projectName, role: (await roleNames(tx, [invite.roleId]))[0] },
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
  const who = { address, person: `account:${input.account.toLowerCase()}` };
  return withClaim(deps, who, async (tx) => {
    const { invite, projectName } = await claim(deps, tx, input.code, who);
    const createdId = await insertPendingUser(tx, {
      account: input.account,
      name: input.name,
      phone: input.phone,
      passwordHash,
    });
    await q.grantRole(tx, createdId, invite.projectCode, invite.roleId);
    await audit(tx, {
      actorId: createdId,
      projectCode: invite.projectCode,
      action: 'register',
      entity: 'user',
      entityId: createdId,
      summary: `${input.account} ${input.name} ${invite.code}`,
      params: {
        name: input.name,
        account: input.account,
        code: invite.code,
        role: (await roleNames(tx, [invite.roleId]))[0],
      },
      after: { account: input.account, name: input.name, phone: input.phone },
    });
    // The project's user reviewers hear that someone waits for them.
    await notifyHolders(
      deps,
      'users.review',
      {
        projectCode: invite.projectCode,
        kind: 'userPending',
        key: 'noticeUserPending',
        params: { name: input.name, account: input.account },
        link: '/users/verifyPage',
      },
      tx,
    );
    return { id: createdId, projectName };
  });
}
