import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';

const dialect = new PgDialect();
const names = new Map<string, string>();

/**
 * Runs a statement as a named (prepared) one: PostgreSQL parses and plans it once per connection
 * and name, then only binds and executes (an unnamed statement is parsed and planned every call,
 * a fifth of a list call's database time). The name is a digest of the text, so each shape of a
 * filter is its own statement and the values stay parameters. PGlite runs it as a plain query.
 */
export async function runNamed<T>(db: Executor, query: SQL): Promise<T[]> {
  const compiled = dialect.sqlToQuery(query);
  const result = await db._.session
    .prepareQuery(compiled, undefined, statementName(compiled.sql), false)
    .execute();
  return rowsOf<T>(result);
}

/** The rows of a raw statement's result: node-postgres and PGlite both answer `{rows}`, typed apart. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** A query builder's statement, named as runNamed names it (Drizzle still maps the rows). */
export function prepareNamed<P>(builder: { toSQL(): { sql: string }; prepare(name: string): P }): P {
  return builder.prepare(statementName(builder.toSQL().sql));
}

function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `n_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    if (names.size >= 1_000) names.clear();
    names.set(text, name);
  }
  return name;
}

/** `%keyword%` for ILIKE, with the pattern's own wildcards escaped so a user's `_` or `%` is literal. */
export function containsPattern(keyword: string | undefined): string | undefined {
  return keyword ? `%${keyword.replace(/[\\%_]/g, '\\$&')}%` : undefined;
}

/** Runs a `delete … returning 1` and answers how many rows it removed, without fetching them. */
export async function countDeleted(db: Executor, deleteReturningOne: SQL): Promise<number> {
  const result = await db.execute(
    sql`with gone as (${deleteReturningOne}) select count(*)::int as n from gone`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}
