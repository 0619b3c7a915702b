import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
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
  return rowsOf<T>(await db._.session.prepareQuery(query, undefined, query.name, false).execute(values));
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
