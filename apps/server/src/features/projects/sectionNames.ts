import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sections } from '../../db/schema/index.ts';
import { onChange } from '../../platform/changes.ts';
import { Memo } from '../../platform/memo.ts';

/**
 * A project's section names by code, kept in process for the lists that name a row's section
 * (workers): a rename or a new section anywhere reaches every instance through the change feed
 * (the sections trigger notifies 'p:<project>'), and the names are read again.
 */
const namesMemo = new Memo<Map<string, string>>(60_000, 10_000);

onChange((_db, change) => {
  if (change.kind === 'project' || change.kind === 'lost') namesMemo.forget();
});

export function sectionNames(db: Executor, projectCode: string): Promise<Map<string, string>> {
  return namesMemo.get(db, projectCode, async () => {
    const rows = await db
      .select({ code: sections.code, name: sections.name })
      .from(sections)
      .where(and(eq(sections.projectCode, projectCode)));
    return new Map(rows.map((r) => [r.code, r.name]));
  });
}
