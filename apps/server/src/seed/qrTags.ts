import { and, eq } from 'drizzle-orm';
import { qrFlags, userProjectRoles } from '../db/schema/index.ts';
import { add, list } from '../features/qrTags/service.ts';
import type { AuthContext } from '../platform/auth.ts';
import type { AppDeps } from '../platform/deps.ts';

/**
 * Two tag batches per demo project (issue 15): one per section and month for the first section,
 * whose first codes the demo felling records name, and a spare one not yet used. Answers the
 * codes of the first batch (to hand to generateRecords), or none when the batches exist already.
 */
export async function seedDemoTags(
  deps: AppDeps,
  projectCode: string,
  sectionCode: string,
): Promise<string[]> {
  const { db } = deps.database;
  const [held] = await db
    .select({ id: qrFlags.id })
    .from(qrFlags)
    .where(eq(qrFlags.projectCode, projectCode));
  if (held) return [];
  const [member] = await db
    .select({ id: userProjectRoles.userId })
    .from(userProjectRoles)
    .where(and(eq(userProjectRoles.projectCode, projectCode)));
  if (!member) return [];
  const ctx = {
    deps,
    auth: { userId: member.id, isSuperAdmin: true, permissions: new Set<string>() } as unknown as AuthContext,
    projectCode,
    lang: 'zh-CN' as const,
  };
  const prefix = projectCode.slice(0, 2);
  const first = await add(ctx, { flagName: `${sectionCode} 2026年11月`, sectionCode, count: 300, prefix });
  await add(ctx, { flagName: '备用标签 2026年12月', count: 200, prefix });
  const codes: string[] = [];
  for (let pageNum = 1; pageNum <= 3; pageNum++) {
    const page = await list(ctx, { flagId: first.flagId, pageNum, pageSize: 100 });
    codes.push(...page.rows.map((r) => r.code));
  }
  return codes;
}
