import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import { rowsOf } from './sql.ts';

/** A statement compiled once: its text, its values and its name on PostgreSQL. */
export type Compiled = { sql: string; params: unknown[]; name: string };

// The database's own casing (db/client.ts): a schema column in a template reads as its SQL name.
const dialect = new PgDialect({ casing: 'snake_case' });

/** Compiles a statement and names it by a digest of its text (as runNamed names its statements). */
export function compile(query: SQL): Compiled {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { sql: text, params, name: `c_${createHash('sha1').update(text).digest('hex').slice(0, 24)}` };
}

type Prepared = { execute(values?: Record<string, unknown>): Promise<unknown> };
const keepRows = (rows: unknown[]) => rows;

/*
 * Drizzle's prepared query of a compiled statement, made once per session (the pool's, or a
 * transaction's) and statement instead of once per call: each one built two query configurations
 * and their type-parser closures. Weak both ways, so a statement dropped from its map or a
 * finished transaction takes its entry with it.
 */
const preparedBySession = [false, true].map(() => new WeakMap<object, WeakMap<Compiled, Prepared>>());
function preparedOf(db: Executor, query: Compiled, arrayRows: boolean): Prepared {
  const { session } = db._;
  const sessions = preparedBySession[Number(arrayRows)]!;
  let bySession = sessions.get(session);
  if (!bySession) sessions.set(session, (bySession = new WeakMap()));
  let prepared = bySession.get(query);
  if (!prepared) {
    prepared = arrayRows
      ? session.prepareQuery(query, undefined, query.name, true, keepRows)
      : session.prepareQuery(query, undefined, query.name, false);
    bySession.set(query, prepared);
  }
  return prepared;
}

/**
 * Runs a compiled statement as runNamed runs one (named on PostgreSQL, parsed and planned once per
 * connection; a plain query on PGlite), through Drizzle's session so the statement hook sees it.
 * `values` fill the statement's `sql.placeholder`s.
 */
export async function runCompiled<T>(
  db: Executor,
  query: Compiled,
  values?: Record<string, unknown>,
): Promise<T[]> {
  return rowsOf<T>(await preparedOf(db, query, false).execute(values));
}

/**
 * Like runCompiled, with the rows read as arrays (the driver's array row mode: no object built per
 * row under each column's name) and mapped by position by `map`, which the caller writes beside
 * the statement's select list.
 */
export async function runCompiledArrays<T>(
  db: Executor,
  query: Compiled,
  map: (row: unknown[]) => T,
  values?: Record<string, unknown>,
): Promise<T[]> {
  const rows = (await preparedOf(db, query, true).execute(values)) as unknown[][];
  const out = new Array<T>(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = map(rows[i]!);
  return out;
}

/**
 * Compiled statements remembered per key, for a hot read whose statement is a pure function of
 * inputs the caller names in full (the key): an entry never goes stale. Bounded, oldest first out.
 */
export class CompiledStatements {
  private readonly entries = new Map<string, Compiled>();
  constructor(private readonly max: number) {}

  get(key: string, build: () => SQL): Compiled {
    let query = this.entries.get(key);
    if (!query) {
      query = compile(build());
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, query);
    }
    return query;
  }
}

/**
 * LIMIT and OFFSET written into the statement, not bound: with them as parameters PostgreSQL
 * never took the prepared statement's generic plan (it cannot tell a LIMIT $n from a large one)
 * and planned the page again on every call, ~0.15 ms, more than running it. The statement is
 * compiled per page size and offset anyway (the key of its CompiledStatements names both); they are checked integers.
 */
export function pageBound(limit: number, offset: number): SQL {
  if (!Number.isSafeInteger(limit) || !Number.isSafeInteger(offset) || limit < 0 || offset < 0)
    throw new Error(`page bound ${limit}, ${offset}`);
  return sql.raw(offset ? `limit ${limit} offset ${offset}` : `limit ${limit}`);
}
