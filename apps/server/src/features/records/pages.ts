import type { ColumnDescriptor, QueryDataListBody, RecordRow } from '@pineguard/contract';
import type { AuthContext } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { list } from './list.ts';

/** The data list's filter without its paging (what an export or another batch reader takes). */
export type RecordPageFilter = Omit<
  QueryDataListBody,
  'pageNum' | 'pageSize' | 'cursor' | 'sort' | 'deleted'
>;
export type RecordPage = { columns: ColumnDescriptor[]; rows: RecordRow[]; total: number };

const bodyOf = (
  filter: RecordPageFilter,
  pageNum: number,
  pageSize: number,
  cursor?: string,
): QueryDataListBody => ({
  ...filter,
  pageNum,
  pageSize,
  // Newest first by the keyset the list indexes serve; every page starts where the last ended.
  sort: 'time_submit desc',
  deleted: false,
  ...(cursor ? { cursor } : {}),
});

/**
 * Checks a filter as the list would (table of the project, section scope, dates) and answers the
 * table's columns and how many records it matches (exact, or the planner's estimate beyond 10,000).
 */
export async function checkRecordFilter(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  filter: RecordPageFilter,
): Promise<{ columns: ColumnDescriptor[]; total: number }> {
  const page = await list(deps, auth, projectCode, bodyOf(filter, 1, 1));
  return { columns: page.columnList, total: page.result.total };
}

/**
 * Every live record of a filter, page by page in keyset order (time_submit desc, id desc): each
 * page is one bounded query, so memory stays flat however many records match (two pages at most
 * are held: the one yielded and the one being read).
 */
export async function* recordPages(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  filter: RecordPageFilter,
  batchSize = 1000,
): AsyncGenerator<RecordPage> {
  const fetchPage = (pageNum: number, cursor?: string) =>
    list(deps, auth, projectCode, bodyOf(filter, pageNum, batchSize, cursor));
  let next = fetchPage(1);
  for (let pageNum = 1; ; pageNum++) {
    const page = await next;
    const cursor = page.result.nextCursor;
    // The next page is read while the caller works on this one (an export writing its file):
    // the database and the writer overlap instead of taking turns.
    if (cursor) {
      next = fetchPage(pageNum + 1, cursor);
      // Settled by the next turn of the loop; a caller that stops early must not leave it unhandled.
      next.catch(() => undefined);
    }
    if (page.result.list.length) {
      yield { columns: page.columnList, rows: page.result.list, total: page.result.total };
    }
    if (!cursor) return;
  }
}
