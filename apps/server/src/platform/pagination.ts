import { MAX_PAGE_NUM } from '@pineguard/contract';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect, type PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import { Memo } from './memo.ts';
import { rowsOf } from './sql.ts';

/**
 * One way to page every list.
 *
 * - Page numbers are bounded (MAX_PAGE_NUM in the contract), so OFFSET never walks further than
 *   MAX_PAGE_NUM × pageSize rows.
 * - Totals are exact only while they are small: the count reads at most `exactUpTo + 1` rows;
 *   beyond that the planner's estimate answers (EXPLAIN, ~0.3 ms), flagged `totalExact: false`.
 *   A million-row table never costs a full count per page.
 * - Lists that must go deep (records) page by keyset: `keysetAfter` builds the
 *   `(a, b) < (x, y)` condition from a cursor, and `encodeCursor`/`decodeCursor` carry it.
 */

export type Page = { pageNum: number; pageSize: number };
export type Paged<T> = { list: T[]; total: number; totalExact: boolean };

/** Totals up to this many rows are counted exactly. */
export const EXACT_COUNT_LIMIT = 10_000;

export function offsetOf(page: Page): number {
  return (Math.min(page.pageNum, MAX_PAGE_NUM) - 1) * page.pageSize;
}

/** Applies LIMIT/OFFSET of a bounded page to a Drizzle select (call `.$dynamic()` first). */
export function withPage<T extends PgSelect>(query: T, page: Page): T {
  return query.limit(page.pageSize).offset(offsetOf(page));
}

/**
 * The total of a filtered list: exact up to `exactUpTo`, else the planner's estimate.
 * `from` is the FROM + WHERE part, e.g. sql`from users where deleted_at is null`.
 */
export async function countOrEstimate(
  db: Executor,
  from: SQL,
  exactUpTo = EXACT_COUNT_LIMIT,
): Promise<{ total: number; totalExact: boolean }> {
  const key = totalKey(from, exactUpTo);
  const known = await largeTotals.peek(db, key);
  if (known !== undefined) return { total: known, totalExact: false };
  const capped = await db.execute<{ n: number | string }>(
    sql`select count(*)::int as n from (select 1 ${from} limit ${exactUpTo + 1}) capped`,
  );
  const n = Number(rowsOf<{ n: number | string }>(capped)[0]?.n ?? 0);
  if (n <= exactUpTo) return { total: n, totalExact: true };
  const total = Math.max(await estimateRows(db, sql`select 1 ${from}`), n);
  largeTotals.put(db, key, total);
  return { total, totalExact: false };
}

/**
 * Estimated totals, remembered for a few seconds per filter. The capped count reads
 * `exactUpTo + 1` rows before it knows a filter is large, the most a page of a big list costs;
 * an estimate is approximate anyway, so the next pages and callers of the same filter reuse it.
 * Exact totals are never remembered: they stay true to the last write.
 */
const largeTotals = new Memo<number>(10_000);
const dialect = new PgDialect();
function totalKey(from: SQL, exactUpTo: number) {
  const q = dialect.sqlToQuery(from);
  return `${exactUpTo}\u0000${q.sql}\u0000${JSON.stringify(q.params, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`;
}

/** The planner's row estimate for a query (no execution). */
export async function estimateRows(db: Executor, query: SQL): Promise<number> {
  const result = await db.execute<{ 'QUERY PLAN': unknown }>(sql`explain (format json) ${query}`);
  const raw = rowsOf<{ 'QUERY PLAN': unknown }>(result)[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }];
  return Math.round(plan[0]?.Plan['Plan Rows'] ?? 0);
}

/** A keyset cursor: the sort-key values of the last row of the previous page, opaque to clients. */
export function encodeCursor(values: readonly (string | number | null)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** Decodes a cursor; anything that is not a cursor of `arity` values answers undefined. */
export function decodeCursor(
  cursor: string | undefined,
  arity: number,
): (string | number | null)[] | undefined {
  if (!cursor) return undefined;
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(values) || values.length !== arity) return undefined;
    if (!values.every((v) => v === null || typeof v === 'string' || typeof v === 'number')) return undefined;
    return values as (string | number | null)[];
  } catch {
    return undefined;
  }
}

/**
 * Rows after a cursor in a descending `(col1, col2, …)` order: a row-value comparison the btree
 * index on those columns serves directly.
 */
export function keysetAfter(
  columns: SQL[],
  values: readonly (string | number | null)[],
  direction: 'asc' | 'desc',
): SQL {
  const left = sql.join(columns, sql`, `);
  const right = sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
  return direction === 'desc' ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
}

/**
 * The total as a list answers it: `{ total }` while exact (the wire shape lists always had),
 * `{ total, totalExact: false }` when it is the planner's estimate.
 */
export async function pageTotal(
  db: Executor,
  from: SQL,
  exactUpTo = EXACT_COUNT_LIMIT,
): Promise<{ total: number; totalExact?: false }> {
  const { total, totalExact } = await countOrEstimate(db, from, exactUpTo);
  return totalExact ? { total } : { total, totalExact: false };
}
