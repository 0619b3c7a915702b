import type { InviteItem } from '@pineguard/contract';
import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { invitations, projects, roles, userProjectRoles, users } from '../../db/schema/index.ts';
import { pageTotal, type Page, withPage } from '../../platform/pagination.ts';
import { changedHere } from '../../platform/changes.ts';

export type InvitationRow = typeof invitations.$inferSelect;

const usable = () =>
  and(
    isNull(invitations.revokedAt),
    or(isNull(invitations.expiresAt), gt(invitations.expiresAt, sql`now()`)),
    or(isNull(invitations.maxUses), sql`${invitations.uses} < ${invitations.maxUses}`),
    // A deleted project's codes let nobody in.
    sql`exists (select 1 from ${projects} where ${projects.code} = ${invitations.projectCode} and ${projects.deletedAt} is null)`,
  );

export async function listInvites(db: Executor, projectCode: string, page: Page) {
  const where = and(eq(invitations.projectCode, projectCode), isNull(invitations.revokedAt));
  const counted = await pageTotal(db, sql`from ${invitations} where ${where}`);
  const rows = await withPage(
    db
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
      .$dynamic(),
    page,
  );
  return {
    ...counted,
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
    })) satisfies InviteItem[],
  };
}

export async function insertInvite(
  db: Executor,
  values: typeof invitations.$inferInsert,
): Promise<InvitationRow> {
  const [created] = await db.insert(invitations).values(values).returning();
  return created!;
}

/** Revokes a live code of the project; answers the revoked row, or undefined. */
export function revokeInvite(db: Executor, projectCode: string, id: string) {
  return db
    .update(invitations)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(invitations.id, id), eq(invitations.projectCode, projectCode), isNull(invitations.revokedAt)),
    )
    .returning()
    .then((r) => r[0]);
}

/** A usable code, locked for the caller's transaction. */
export function lockUsableInvite(db: Executor, code: string) {
  return db
    .select()
    .from(invitations)
    .where(and(eq(invitations.code, code), usable()))
    .for('update')
    .limit(1)
    .then((r) => r[0]);
}

export async function countUse(db: Executor, id: string): Promise<void> {
  await db
    .update(invitations)
    .set({ uses: sql`${invitations.uses} + 1` })
    .where(eq(invitations.id, id));
}

export async function holdsRoleIn(db: Executor, userId: string, projectCode: string): Promise<boolean> {
  const [member] = await db
    .select({ n: count() })
    .from(userProjectRoles)
    .where(and(eq(userProjectRoles.userId, userId), eq(userProjectRoles.projectCode, projectCode)));
  return Boolean(member?.n);
}

export async function grantRole(
  db: Executor,
  userId: string,
  projectCode: string,
  roleId: number,
): Promise<void> {
  changedHere({ kind: 'user', id: userId });
  await db.insert(userProjectRoles).values({ userId, projectCode, roleId });
}
