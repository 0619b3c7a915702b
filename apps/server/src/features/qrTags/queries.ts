import { and, asc, eq, gt, like, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { projects, qrFlags, qrTags } from '../../db/schema/index.ts';
import { countOrEstimate, offsetOf, type Page } from '../../platform/pagination.ts';

export type FlagRow = typeof qrFlags.$inferSelect;

/** At most this many batches in a project's tree (the tree is one answer, not a page). */
export const MAX_FLAGS = 2000;

export async function flagsOf(db: Executor, projectCode: string): Promise<FlagRow[]> {
  return db
    .select()
    .from(qrFlags)
    .where(eq(qrFlags.projectCode, projectCode))
    .orderBy(asc(qrFlags.id))
    .limit(MAX_FLAGS);
}

export async function flagById(db: Executor, projectCode: string, id: number): Promise<FlagRow | undefined> {
  const [row] = await db
    .select()
    .from(qrFlags)
    .where(and(eq(qrFlags.projectCode, projectCode), eq(qrFlags.id, id)));
  return row;
}

/** The batch, locked until the transaction ends (two adds to one batch number their tags in turn). */
export async function lockFlag(db: Executor, projectCode: string, id: number): Promise<FlagRow | undefined> {
  const [row] = await db
    .select()
    .from(qrFlags)
    .where(and(eq(qrFlags.projectCode, projectCode), eq(qrFlags.id, id)))
    .for('update');
  return row;
}

export async function flagByName(db: Executor, projectCode: string, name: string) {
  const [row] = await db
    .select({ id: qrFlags.id })
    .from(qrFlags)
    .where(and(eq(qrFlags.projectCode, projectCode), eq(qrFlags.name, name)));
  return row;
}

export async function insertFlag(db: Executor, row: typeof qrFlags.$inferInsert): Promise<FlagRow> {
  const [created] = await db.insert(qrFlags).values(row).returning();
  return created!;
}

export async function setFlagCount(db: Executor, id: number, count: number) {
  await db.update(qrFlags).set({ count }).where(eq(qrFlags.id, id));
}

/**
 * One insert of the whole batch: the codes travel as one comma-joined parameter, unnested with
 * their order (seq = after + position). Codes taken anywhere already are skipped. Answers the
 * codes stored.
 */
export async function insertTags(
  db: Executor,
  o: { projectCode: string; flagId: number; after: number; codes: string[] },
): Promise<string[]> {
  if (!o.codes.length) return [];
  const result = await db.execute(sql`
    insert into ${qrTags} (code, project_code, flag_id, seq)
    select u.c, ${o.projectCode}, ${o.flagId}::int, ${o.after}::int + u.n::int
      from unnest(string_to_array(${o.codes.join(',')}::text, ',')) with ordinality as u(c, n)
    on conflict (code) do nothing
    returning code`);
  const rows = ((result as { rows?: { code: string }[] }).rows ??
    (result as unknown as { code: string }[])) as {
    code: string;
  }[];
  return rows.map((r) => r.code);
}

/** The highest number given in a batch (0 when empty). */
export async function lastSeq(db: Executor, flagId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${qrTags.seq}), 0)::int` })
    .from(qrTags)
    .where(eq(qrTags.flagId, flagId));
  return Number(row?.n ?? 0);
}

export type TagFilter = { projectCode: string; flagId?: number; keyword?: string };

function tagWhere(f: TagFilter): SQL {
  return and(
    eq(qrTags.projectCode, f.projectCode),
    f.flagId ? eq(qrTags.flagId, f.flagId) : undefined,
    f.keyword ? like(qrTags.code, `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  )!;
}

export async function listTags(db: Executor, f: TagFilter, page: Page) {
  const where = tagWhere(f);
  const [rows, total] = await Promise.all([
    db
      .select({
        code: qrTags.code,
        flagId: qrTags.flagId,
        seq: qrTags.seq,
        createdAt: qrTags.createdAt,
        flagName: qrFlags.name,
        sectionCode: qrFlags.sectionCode,
      })
      .from(qrTags)
      .innerJoin(qrFlags, eq(qrFlags.id, qrTags.flagId))
      .where(where)
      .orderBy(asc(qrTags.flagId), asc(qrTags.seq))
      .limit(page.pageSize)
      .offset(offsetOf(page)),
    countOrEstimate(db, sql`from ${qrTags} where ${where}`),
  ]);
  return { rows, total: total.total };
}

/** A batch's tags in label order, `size` at a time after `afterSeq` (keyset: exports stream). */
export async function tagsAfter(db: Executor, flagId: number, afterSeq: number, size: number) {
  return db
    .select({ code: qrTags.code, seq: qrTags.seq })
    .from(qrTags)
    .where(and(eq(qrTags.flagId, flagId), gt(qrTags.seq, afterSeq)))
    .orderBy(asc(qrTags.seq))
    .limit(size);
}

export async function tagByCode(db: Executor, code: string) {
  const [row] = await db
    .select({
      code: qrTags.code,
      projectCode: qrTags.projectCode,
      projectName: projects.name,
      flagName: qrFlags.name,
      sectionCode: qrFlags.sectionCode,
    })
    .from(qrTags)
    .innerJoin(qrFlags, eq(qrFlags.id, qrTags.flagId))
    .innerJoin(projects, eq(projects.code, qrTags.projectCode))
    .where(eq(qrTags.code, code));
  return row;
}

export async function projectTagCount(db: Executor, projectCode: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(qrTags)
    .where(eq(qrTags.projectCode, projectCode));
  return Number(row?.n ?? 0);
}
