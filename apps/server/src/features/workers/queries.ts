/**
 * The roster's SQL: the WHERE of the list, the export and the statistics (filters and the index
 * each keyword shape goes to), the list's pages and total, the export's batches, and one worker's
 * row. Faces, history and names are in detailQueries.ts; clock-ins, insurance checks and counts
 * have their own query files.
 */
import { addDays, chinaDayStart, type LwryListBody } from '@pineguard/contract';
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sections, users, workerFaces, workers } from '../../db/schema/index.ts';
import { CompiledStatements, pageBound, runCompiledArrays } from '../../platform/compiled.ts';
import { containsPattern } from '../../platform/sql.ts';
import { countOrEstimate, keysetAfter, offsetOf, type Page } from '../../platform/pagination.ts';

export type WorkerRow = typeof workers.$inferSelect;
export type WorkerFilters = Omit<LwryListBody, 'pageNum' | 'pageSize' | 'cursor'>;

/** The join from a worker to its section (a section code is unique within its project). */
export const workerSection = () =>
  and(eq(sections.projectCode, workers.projectCode), eq(sections.code, workers.sectionCode));

/** Insured and the policy covers `today`. */
export function insuranceValidOn(today: string): SQL {
  return sql`(${workers.insured} and ${workers.insuranceStart} <= ${today} and ${workers.insuranceEnd} >= ${today})`;
}

/**
 * Each shape of keyword goes to its own index: a whole ID number to the unique btree, a phone
 * prefix (3–11 digits) and a longer ID-number prefix to the text_pattern_ops btrees, a name to
 * the trigram GIN (3+ characters) or, shorter, to the GIN of its characters and pairs.
 */
function keywordKind(keyword: string): 'idNumber' | 'phone' | 'idPrefix' | 'nameGrams' | 'name' {
  if (/^\d{17}[\dXx]$/.test(keyword)) return 'idNumber';
  if (/^\d{3,11}$/.test(keyword)) return 'phone';
  if (/^\d{12,17}[Xx]?$/.test(keyword)) return 'idPrefix';
  return [...keyword].length <= 2 ? 'nameGrams' : 'name';
}

function keywordWhere(keyword: string): SQL {
  switch (keywordKind(keyword)) {
    case 'idNumber':
      return eq(workers.idNumber, keyword.toUpperCase());
    case 'phone':
      return sql`${workers.phone} like ${`${keyword}%`}`;
    case 'idPrefix':
      return sql`${workers.idNumber} like ${`${keyword.toUpperCase()}%`}`;
    case 'nameGrams':
      // Too short for trigrams: the name's characters and pairs (workers_name_grams_idx).
      return sql`worker_name_grams(${workers.name}) @> array[${keyword.toLowerCase()}]::text[]`;
    case 'name':
      return sql`${workers.name} ilike ${containsPattern(keyword)}`;
  }
}

/** The WHERE of the list, the export and the statistics. `sectionScope` undefined = all sections. */
export function workerWhere(
  projectCode: string,
  f: WorkerFilters,
  today: string,
  sectionScope: string[] | undefined,
): SQL {
  const keyword = f.keyword?.trim() ?? '';
  const keywordCond = keyword ? keywordWhere(keyword) : undefined;
  const valid = insuranceValidOn(today);
  return and(
    eq(workers.projectCode, projectCode),
    isNull(workers.deletedAt),
    sectionScope
      ? sectionScope.length
        ? inArray(workers.sectionCode, sectionScope)
        : sql`false`
      : undefined,
    f.sectionCode ? eq(workers.sectionCode, f.sectionCode) : undefined,
    f.addTimeBegin ? gte(workers.createdAt, chinaDayStart(f.addTimeBegin)) : undefined,
    f.addTimeEnd ? lt(workers.createdAt, chinaDayStart(addDays(f.addTimeEnd, 1))) : undefined,
    f.examineStatus !== undefined ? eq(workers.reviewStatus, f.examineStatus) : undefined,
    f.bxLimit === undefined
      ? undefined
      : f.bxLimit === 0
        ? sql`not ${valid}`
        : and(valid, lte(workers.insuranceEnd, addDays(today, f.bxLimit))),
    f.ifFace === undefined
      ? undefined
      : f.ifFace
        ? isNotNull(workers.currentFaceId)
        : isNull(workers.currentFaceId),
    f.ifToubao === undefined ? undefined : eq(workers.insured, f.ifToubao === 1),
    keywordCond,
  )!;
}

/**
 * Filters whose rows are best found through their own index and then sorted: a name keyword (GIN
 * of grams or trigrams) and insurance ending within N days (the insurance_end btree). Walking the
 * newest-first index and testing each row costs as many rows as precede the tenth match: a name
 * nobody has walked the whole project (2.8 s p99 at 100k workers), and insurance ending soon is
 * bought around hiring, so its matches sit far down the newest-first order.
 */
export function matchesFirst(f: WorkerFilters): boolean {
  const keyword = f.keyword?.trim();
  const nameKeyword = keyword ? ['nameGrams', 'name'].includes(keywordKind(keyword)) : false;
  // Beyond a quarter most insured workers match: the newest-first walk finds a page at once.
  return nameKeyword || (f.bxLimit !== undefined && f.bxLimit > 0 && f.bxLimit <= 90);
}

/** The list's sort key as text: created_at at full (microsecond) precision, then id. */
const sortKey = sql<string>`${workers.createdAt}::text`;

const listColumns = {
  worker: workers,
  key: sortKey,
  sectionName: sections.name,
  addUser: users.name,
  faceFileId: workerFaces.fileId,
};

function listSelect(db: Executor) {
  return db
    .select(listColumns)
    .from(workers)
    .leftJoin(sections, workerSection())
    .leftJoin(users, eq(users.id, workers.createdBy))
    .leftJoin(workerFaces, eq(workerFaces.id, workers.currentFaceId));
}
export type WorkerListRow = Awaited<ReturnType<ReturnType<typeof listSelect>['execute']>>[number];

/** What a list row shows of a worker (toItem's fields), nothing more. */
export type ListedWorker = Pick<
  WorkerRow,
  | 'id'
  | 'name'
  | 'idNumber'
  | 'phone'
  | 'sex'
  | 'birthDate'
  | 'sectionCode'
  | 'team'
  | 'job'
  | 'currentFaceId'
  | 'insured'
  | 'insuranceStart'
  | 'insuranceEnd'
  | 'reviewStatus'
  | 'reviewReason'
  | 'clockIn'
  | 'idCardFrontId'
  | 'idCardBackId'
  | 'createdBy'
  | 'createdAt'
>;
export type WorkerPageRow = { worker: ListedWorker; key: string; faceFileId: string | null };

/*
 * The page's columns as fixed text (dates and times as text on both drivers): the statement is
 * written once, not rebuilt by Drizzle's select builder for every call (it built the select of
 * every worker column twice per call, for the statement's name and then to prepare it: a fifth
 * of the list's CPU), and the rows are mapped here, not by Drizzle's per-column mappers. Each
 * row is one JSON array (one text decoded and parsed natively, not twenty-one columns converted
 * in JavaScript), read by position in pageRow: keep the two in step.
 */
const pageColumns = sql.raw(`json_build_array(w.id, w.name, w.id_number, w.phone, w.sex,
  w.birth_date::text, w.section_code, w.team, w.job, w.current_face_id, w.insured,
  w.insurance_start::text, w.insurance_end::text, w.review_status, w.review_reason, w.clock_in,
  w.id_card_front_id, w.id_card_back_id, w.created_by, w.created_at::text, f.file_id) as row`);

const pageRow = (row: unknown[]): WorkerPageRow => {
  const a = row[0] as unknown[];
  const key = a[19] as string;
  return {
    worker: {
      id: a[0] as string,
      name: a[1] as string,
      idNumber: a[2] as string,
      phone: a[3] as string,
      sex: a[4] as number,
      birthDate: a[5] as string,
      sectionCode: a[6] as string,
      team: a[7] as string,
      job: a[8] as string,
      currentFaceId: a[9] as string | null,
      insured: a[10] as boolean,
      insuranceStart: a[11] as string | null,
      insuranceEnd: a[12] as string | null,
      reviewStatus: a[13] as number,
      reviewReason: a[14] as string,
      clockIn: a[15] as boolean,
      idCardFrontId: a[16] as string | null,
      idCardBackId: a[17] as string | null,
      createdBy: a[18] as string,
      // As Drizzle maps a timestamptz: the database's text read as a Date.
      createdAt: new Date(key),
    },
    key,
    faceFileId: a[20] as string | null,
  };
};

/** Page statements compiled once per filter and page (the filter's key names all it depends on). */
const pageStatements = new CompiledStatements(2_000);

const keysetOf = (after: readonly (string | number | null)[]) =>
  keysetAfter([sql`${workers.createdAt}`, sql`${workers.id}`], [after[0]!, after[1]!], 'desc');

/**
 * One page of the list, newest first, in one named statement. With `after` (a decoded cursor:
 * created_at text, id) the page is read by keyset from the (project, created_at desc, id desc)
 * index; otherwise by a bounded OFFSET. Section and creator names come from the in-process maps
 * (projects' sectionNames, users' userNames), not from two joins per row.
 */
export async function listWorkers(
  db: Executor,
  key: string,
  where: () => SQL,
  page: Page,
  after?: readonly (string | number | null)[],
  sortMatches = false,
) {
  // The page is chosen on workers alone, then joined (in the same statement): joining first let
  // the planner hash-join every row of the project and sort them. With `sortMatches` the order is
  // an expression no index gives, so the planner finds the matches by the filter's own index and
  // sorts only them (see matchesFirst).
  const newest = sortMatches ? sql`${workers.createdAt} + interval '0 s'` : sql`${workers.createdAt}`;
  // Written in, not bound: PostgreSQL then keeps one generic plan (compiled.ts pageBound).
  const bound = pageBound(page.pageSize, after ? 0 : offsetOf(page));
  const statement = () => sql`select ${pageColumns}
    from workers w
    left join worker_faces f on f.id = w.current_face_id
    join (select ${workers.id} from ${workers} where ${after ? and(where(), keysetOf(after)) : where()}
      order by ${newest} desc, ${workers.id} desc ${bound}) chosen on chosen.id = w.id
    order by w.created_at desc, w.id desc`;
  // Everything the statement is made of besides the filter's key: the page, the cursor, the order.
  const fullKey = JSON.stringify([
    key,
    page.pageSize,
    after ? null : offsetOf(page),
    after ?? null,
    sortMatches,
  ]);
  const listed = await runCompiledArrays(db, pageStatements.get(fullKey, statement), pageRow);
  const last = listed.length === page.pageSize ? listed[listed.length - 1] : undefined;
  return { rows: listed, next: last ? [last.key, last.worker.id] : undefined };
}

/** The list's total: exact up to 10,000, then the planner's estimate (totalExact false). */
export async function countWorkers(db: Executor, where: SQL) {
  return countOrEstimate(db, sql`from ${workers} where ${where}`);
}

/** Rows for the export in batches, newest first, by keyset: memory holds one batch at a time. */
export async function* workerBatches(db: Executor, where: SQL, size = 2000): AsyncGenerator<WorkerListRow[]> {
  let after: string[] | undefined;
  for (;;) {
    const rows = await listSelect(db)
      .where(after ? and(where, keysetOf(after)) : where)
      .orderBy(desc(workers.createdAt), desc(workers.id))
      .limit(size);
    if (!rows.length) return;
    yield rows;
    const last = rows[rows.length - 1]!;
    // The key is the database's text of created_at: a JS Date would drop the microseconds and
    // skip rows created within the same millisecond as the batch's last one.
    after = [last.key, last.worker.id];
    if (rows.length < size) return;
  }
}

export async function findWorker(db: Executor, projectCode: string, id: string) {
  const [row] = await listSelect(db)
    .where(and(eq(workers.id, id), eq(workers.projectCode, projectCode), isNull(workers.deletedAt)))
    .limit(1);
  return row;
}

/** The project of a worker id (any project), to tell "not found" from "another project". */
export async function projectOfWorker(db: Executor, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ projectCode: workers.projectCode })
    .from(workers)
    .where(and(eq(workers.id, id), isNull(workers.deletedAt)));
  return row?.projectCode;
}

export async function findByIdNumber(db: Executor, projectCode: string, idNumber: string) {
  const [row] = await db
    .select({ id: workers.id, name: workers.name })
    .from(workers)
    .where(
      and(eq(workers.projectCode, projectCode), eq(workers.idNumber, idNumber), isNull(workers.deletedAt)),
    );
  return row;
}

export async function insertWorker(db: Executor, values: typeof workers.$inferInsert): Promise<WorkerRow> {
  const [row] = await db.insert(workers).values(values).returning();
  return row!;
}

export async function updateWorker(db: Executor, id: string, values: Partial<typeof workers.$inferInsert>) {
  const [row] = await db
    .update(workers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(workers.id, id))
    .returning();
  return row!;
}

export async function lockWorkers(db: Executor, projectCode: string, ids: string[]) {
  return db
    .select()
    .from(workers)
    .where(and(inArray(workers.id, ids), eq(workers.projectCode, projectCode), isNull(workers.deletedAt)))
    .for('update');
}
