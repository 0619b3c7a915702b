import { clientPasswordHash } from '@pineguard/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { roles, userProjectRoles, userSections, users } from '../db/schema/index.ts';
import { hashPassword } from '../platform/password.ts';
import { DEMO_PASSWORD, demoFieldWorkers, demoSupervisors } from './demo.ts';
import { linkFieldAccount } from './workers.ts';

type Tx = Pick<Db, 'select' | 'insert' | 'update'>;

/** JS2026's supervisor (demo_jianli supervises KH2026 only). */
export const jsSupervisor = { account: demoSupervisors.JS2026!, name: '毛建平' };

/**
 * The demo's field-worker accounts (two per section, demo.ts demoFieldWorkers) and JS2026's
 * supervisor, made by the demo load rather than at initialisation, so the first-run accounts stay
 * the README's five. Each field worker gets the `worker` role in its project, its one section
 * (user_sections) and a labour worker of that section (clock-in). Running it again changes nothing.
 */
export async function seedDemoStaff(tx: Tx, today: string): Promise<void> {
  const roleRows = await tx
    .select({ id: roles.id, code: roles.code })
    .from(roles)
    .where(inArray(roles.code, ['worker', 'supervisor']));
  const roleId = new Map(roleRows.map((r) => [r.code, r.id]));
  let passwordHash: string | undefined;
  const accountId = async (account: string, name: string) => {
    const [held] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.account, account), isNull(users.deletedAt)));
    if (held) return held.id;
    passwordHash ??= await hashPassword(clientPasswordHash(DEMO_PASSWORD));
    const [made] = await tx
      .insert(users)
      .values({ account, name, passwordHash, introduction: '演示账号' })
      .returning({ id: users.id });
    return made!.id;
  };
  const grant = async (userId: string, projectCode: string, role: string) => {
    const id = roleId.get(role);
    if (!id) throw new Error(`built-in role ${role} is missing`);
    await tx.insert(userProjectRoles).values({ userId, projectCode, roleId: id }).onConflictDoNothing();
  };

  const supervisor = await accountId(jsSupervisor.account, jsSupervisor.name);
  await grant(supervisor, 'JS2026', 'supervisor');
  for (const w of demoFieldWorkers) {
    const id = await accountId(w.account, w.name);
    await grant(id, w.projectCode, 'worker');
    await tx
      .insert(userSections)
      .values({ userId: id, projectCode: w.projectCode, sectionCode: w.sectionCode })
      .onConflictDoNothing();
    await linkFieldAccount(tx, w, today);
  }
}
