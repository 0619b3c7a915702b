import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { deadTreeCensus, deadTreeImports, deadTrees, sections, users } from '../../db/schema/index.ts';
import { type Page, pageTotal, withPage } from '../../platform/pagination.ts';
import type { CensusRow } from './sheet.ts';

export type ImportRow = typeof deadTreeImports.$inferSelect;
export type TreeRow = typeof deadTrees.$inferSelect;

const censusWhere = (projectCode: string, xiaobanCode?: string): SQL =>
  and(
    eq(deadTreeCensus.projectCode, projectCode),
    xiaobanCode ? eq(deadTreeCensus.xiaobanCode, xiaobanCode) : undefined,
  )!;

const treeWhere = (projectCode: string, xiaobanCode?: string): SQL =>
  and(
    eq(deadTrees.projectCode, projectCode),
    xiaobanCode ? eq(deadTrees.xiaobanCode, xiaobanCode) : undefined,
  )!;

const censusSelect = (db: Executor) =>
  db
    .select({ census: deadTreeCensus, sectionName: sections.name })
    .from(deadTreeCensus)
    .leftJoin(
      sections,
      and(
        eq(sections.projectCode, deadTreeCensus.projectCode),
        eq(sections.code, deadTreeCensus.sectionCode),
      ),
    );

export type CensusListRow = Awaited<ReturnType<ReturnType<typeof censusSelect>['execute']>>[number];

/** One page of the census, by sub-compartment code. */
export async function censusPage(
  db: Executor,
  projectCode: string,
  xiaobanCode: string | undefined,
  page: Page,
) {
  const where = censusWhere(projectCode, xiaobanCode);
  const list = await withPage(
    censusSelect(db).where(where).orderBy(asc(deadTreeCensus.xiaobanCode)).$dynamic(),
    page,
  );
  return { list, ...(await pageTotal(db, sql`from ${deadTreeCensus} where ${where}`)) };
}

/** One page of trees, by sub-compartment and tree number. */
export async function treePage(
  db: Executor,
  projectCode: string,
  xiaobanCode: string | undefined,
  page: Page,
) {
  const where = treeWhere(projectCode, xiaobanCode);
  const list = await withPage(
    db
      .select()
      .from(deadTrees)
      .where(where)
      .orderBy(asc(deadTrees.xiaobanCode), asc(deadTrees.treeNo))
      .$dynamic(),
    page,
  );
  return { list, ...(await pageTotal(db, sql`from ${deadTrees} where ${where}`)) };
}

const importSelect = (db: Executor) =>
  db
    .select({ task: deadTreeImports, userName: users.name })
    .from(deadTreeImports)
    .leftJoin(users, eq(users.id, deadTreeImports.createdBy));

export type ImportListRow = Awaited<ReturnType<ReturnType<typeof importSelect>['execute']>>[number];

/** One page of upload tasks, newest first. */
export async function importPage(db: Executor, projectCode: string, page: Page) {
  const where = eq(deadTreeImports.projectCode, projectCode);
  const list = await withPage(
    importSelect(db)
      .where(where)
      .orderBy(desc(deadTreeImports.createdAt), desc(deadTreeImports.id))
      .$dynamic(),
    page,
  );
  return { list, ...(await pageTotal(db, sql`from ${deadTreeImports} where ${where}`)) };
}

export async function findImport(db: Executor, projectCode: string, id: string) {
  const [row] = await importSelect(db)
    .where(and(eq(deadTreeImports.id, id), eq(deadTreeImports.projectCode, projectCode)))
    .limit(1);
  return row;
}

export async function importById(db: Executor, id: string): Promise<ImportRow | undefined> {
  const [row] = await db.select().from(deadTreeImports).where(eq(deadTreeImports.id, id)).limit(1);
  return row;
}

/** An earlier task of the project for the same bytes that did not fail (waiting, running, done). */
export async function importOfSameFile(db: Executor, projectCode: string, sha256: string) {
  const [row] = await db
    .select()
    .from(deadTreeImports)
    .where(
      and(
        eq(deadTreeImports.projectCode, projectCode),
        eq(deadTreeImports.sha256, sha256),
        ne(deadTreeImports.state, 3),
      ),
    )
    .orderBy(asc(deadTreeImports.createdAt))
    .limit(1);
  return row;
}

export async function insertImport(
  db: Executor,
  values: typeof deadTreeImports.$inferInsert,
): Promise<ImportRow> {
  const [row] = await db.insert(deadTreeImports).values(values).returning();
  return row!;
}

export async function updateImport(
  db: Executor,
  id: string,
  patch: Partial<typeof deadTreeImports.$inferInsert>,
): Promise<void> {
  await db.update(deadTreeImports).set(patch).where(eq(deadTreeImports.id, id));
}

/**
 * Marks a task still waiting or importing cancelled (state 3); answers false when it had already
 * ended. The import's final transaction locks the task row and writes only if it is still
 * importing, so a cancel and a finishing import never both win.
 */
export async function cancelImport(db: Executor, projectCode: string, id: string, message: string) {
  const rows = await db
    .update(deadTreeImports)
    .set({ state: 3, message, finishedAt: new Date() })
    .where(
      and(
        eq(deadTreeImports.projectCode, projectCode),
        eq(deadTreeImports.id, id),
        inArray(deadTreeImports.state, [0, 1]),
      ),
    )
    .returning({ id: deadTreeImports.id });
  return rows.length > 0;
}

/** Starts a task (state 1) unless it has ended (cancelled meanwhile); answers whether it started. */
export async function startImport(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(deadTreeImports)
    .set({ state: 1, progress: 0, message: '' })
    .where(and(eq(deadTreeImports.id, id), inArray(deadTreeImports.state, [0, 1])))
    .returning({ id: deadTreeImports.id });
  return rows.length > 0;
}

/** The task's state under a row lock (inside the import's final transaction). */
export async function lockImportState(db: Executor, id: string): Promise<number | undefined> {
  const [row] = await db
    .select({ state: deadTreeImports.state })
    .from(deadTreeImports)
    .where(eq(deadTreeImports.id, id))
    .for('update');
  return row?.state;
}

/** Tasks left waiting or importing by a process that died: no row of theirs was written. */
export async function interruptedImports(db: Executor, ids?: string[]): Promise<ImportRow[]> {
  return db
    .select()
    .from(deadTreeImports)
    .where(and(inArray(deadTreeImports.state, [0, 1]), ids ? inArray(deadTreeImports.id, ids) : undefined));
}

const TREE_BATCH = 1000;

/**
 * Writes a file's trees (insert, or update the same project + sub-compartment + tree number) and
 * recounts the census of every sub-compartment they touch. Call inside one transaction.
 */
export async function writeTrees(
  tx: Executor,
  projectCode: string,
  importId: string,
  rows: readonly CensusRow[],
  onBatch?: (written: number) => Promise<void> | void,
): Promise<void> {
  for (let i = 0; i < rows.length; i += TREE_BATCH) {
    const batch = rows.slice(i, i + TREE_BATCH).map((r) => ({ ...r, projectCode, importId }));
    await tx
      .insert(deadTrees)
      .values(batch)
      .onConflictDoUpdate({
        target: [deadTrees.projectCode, deadTrees.xiaobanCode, deadTrees.treeNo],
        set: {
          sectionCode: sql`excluded.section_code`,
          township: sql`excluded.township`,
          village: sql`excluded.village`,
          species: sql`excluded.species`,
          dbh: sql`excluded.dbh`,
          height: sql`excluded.height`,
          longitude: sql`excluded.longitude`,
          latitude: sql`excluded.latitude`,
          state: sql`excluded.state`,
          surveyDate: sql`excluded.survey_date`,
          felledDate: sql`excluded.felled_date`,
          remark: sql`excluded.remark`,
          importId: sql`excluded.import_id`,
          updatedAt: sql`now()`,
        },
      });
    await onBatch?.(Math.min(i + TREE_BATCH, rows.length));
  }
  await tx.execute(sql`
    insert into dead_tree_census
      (project_code, xiaoban_code, section_code, township, village, dead_count, felled_count, survey_date)
    select t.project_code, t.xiaoban_code,
           (array_agg(t.section_code order by t.survey_date desc, t.tree_no))[1],
           (array_agg(t.township order by t.survey_date desc, t.tree_no))[1],
           (array_agg(t.village order by t.survey_date desc, t.tree_no))[1],
           count(*)::int, (count(*) filter (where t.state = 1))::int, max(t.survey_date)
      from dead_trees t
     where t.project_code = ${projectCode}
       and t.xiaoban_code in (select distinct xiaoban_code from dead_trees
                               where project_code = ${projectCode} and import_id = ${importId})
     group by t.project_code, t.xiaoban_code
    on conflict (project_code, xiaoban_code) do update set
      section_code = excluded.section_code, township = excluded.township, village = excluded.village,
      dead_count = excluded.dead_count, felled_count = excluded.felled_count,
      survey_date = excluded.survey_date, updated_at = now()`);
}

/** The census in export order, in batches (keyset on the sub-compartment code). */
export async function* censusBatches(db: Executor, projectCode: string, xiaobanCode?: string, size = 2000) {
  let after: string | undefined;
  for (;;) {
    const rows = await censusSelect(db)
      .where(
        and(
          censusWhere(projectCode, xiaobanCode),
          after === undefined ? undefined : sql`${deadTreeCensus.xiaobanCode} > ${after}`,
        ),
      )
      .orderBy(asc(deadTreeCensus.xiaobanCode))
      .limit(size);
    if (!rows.length) return;
    yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1]!.census.xiaobanCode;
  }
}

/** Trees in export order, in batches (keyset on sub-compartment and tree number). */
export async function* treeBatches(db: Executor, projectCode: string, xiaobanCode?: string, size = 2000) {
  let after: [string, string] | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(deadTrees)
      .where(
        and(
          treeWhere(projectCode, xiaobanCode),
          after
            ? sql`(${deadTrees.xiaobanCode}, ${deadTrees.treeNo}) > (${after[0]}, ${after[1]})`
            : undefined,
        ),
      )
      .orderBy(asc(deadTrees.xiaobanCode), asc(deadTrees.treeNo))
      .limit(size);
    if (!rows.length) return;
    yield rows;
    if (rows.length < size) return;
    const last = rows[rows.length - 1]!;
    after = [last.xiaobanCode, last.treeNo];
  }
}
