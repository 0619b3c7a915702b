import type { TableInfo } from './catalog.ts';
import { ident, type Sql } from './sql.ts';

/**
 * A move's or restore's own bookkeeping, in the target (schema pineguard_ops): its phase, how far
 * each table got and which files are copied. Every batch of rows is written in the same
 * transaction as its progress, so a run killed at any point resumes exactly where it stopped.
 */
export type Phase = 'migrating' | 'copying' | 'files' | 'verifying' | 'done';
export type State = { phase: Phase; source: string; level: number };

export async function readState(sql: Sql): Promise<State | null> {
  const [exists] = await sql.query<{ ok: boolean }>(
    `select to_regclass('pineguard_ops.state') is not null as ok`,
  );
  if (!exists?.ok) return null;
  const [row] = await sql.query<State>(`select phase, source, level from pineguard_ops.state where id = 1`);
  return row ?? null;
}

export async function startState(sql: Sql, source: string, level: number): Promise<void> {
  await sql.query(`create schema if not exists pineguard_ops`);
  await sql.query(`create table if not exists pineguard_ops.state (
    id int primary key, phase text not null, source text not null, level int not null,
    started_at timestamptz not null default now(), finished_at timestamptz)`);
  await sql.query(`create table if not exists pineguard_ops.tables (
    name text primary key, last_key text, rows bigint not null default 0, done boolean not null default false)`);
  await sql.query(`create table if not exists pineguard_ops.files (
    key text primary key, sha256 text not null, bytes bigint not null)`);
  await sql.query(
    `insert into pineguard_ops.state (id, phase, source, level) values (1, 'migrating', $1, $2)
     on conflict (id) do nothing`,
    [source, level],
  );
}

export async function setPhase(sql: Sql, phase: Phase): Promise<void> {
  await sql.query(
    `update pineguard_ops.state set phase = $1, finished_at = case when $1 = 'done' then now() end where id = 1`,
    [phase],
  );
}

export type TableProgress = { key: string | null; rows: number; done: boolean };

export async function tableProgress(sql: Sql, table: string): Promise<TableProgress> {
  const [row] = await sql.query<{ last_key: string | null; rows: string; done: boolean }>(
    `select last_key, rows::text, done from pineguard_ops.tables where name = $1`,
    [table],
  );
  return row
    ? { key: row.last_key, rows: Number(row.rows), done: row.done }
    : { key: null, rows: 0, done: false };
}

export async function inTransaction<T>(sql: Sql, fn: () => Promise<T>): Promise<T> {
  await sql.query('begin');
  try {
    const out = await fn();
    await sql.query('commit');
    return out;
  } catch (error) {
    await sql.query('rollback').catch(() => {});
    throw error;
  }
}

/**
 * Writes one batch and its progress in one transaction. ON CONFLICT DO NOTHING is a second guard:
 * a batch is never written twice, and if it were, no row would be duplicated.
 */
export async function writeBatch(
  sql: Sql,
  table: TableInfo,
  rows: string[],
  next: { key: string | null; rows: number; done: boolean },
): Promise<void> {
  const cols = table.columns.map((c) => ident(c.name)).join(', ');
  await inTransaction(sql, async () => {
    if (rows.length) {
      await sql.query(
        `insert into ${ident(table.name)} (${cols}) ${table.alwaysIdentity ? 'overriding system value' : ''}
         select ${cols} from json_populate_recordset(null::${ident(table.name)}, $1::json)
         on conflict do nothing`,
        [`[${rows.join(',')}]`],
      );
    }
    await sql.query(
      `insert into pineguard_ops.tables (name, last_key, rows, done) values ($1, $2, $3, $4)
       on conflict (name) do update set last_key = $2, rows = $3, done = $4`,
      [table.name, next.key, next.rows, next.done],
    );
  });
}

/** The application's tables in the target emptied (a migration may have seeded rows the source has). */
export async function emptyTables(sql: Sql, tables: TableInfo[]): Promise<void> {
  if (!tables.length) return;
  await sql.query(`truncate ${tables.map((t) => ident(t.name)).join(', ')}`);
}

/**
 * Triggers (change notifications) and foreign-key checks off for this session while rows are
 * copied: rows arrive table by table, and a self-reference may point at a row still to come.
 * Needs a superuser or the tables' owner with that right; without it the copy still runs, in
 * parents-first order, with the checks on.
 */
export async function quietSession(sql: Sql): Promise<boolean> {
  try {
    await sql.query(`set session_replication_role = replica`);
    return true;
  } catch {
    return false;
  }
}

export async function copiedFiles(sql: Sql): Promise<Map<string, { sha256: string; bytes: number }>> {
  const rows = await sql.query<{ key: string; sha256: string; bytes: string }>(
    `select key, sha256, bytes::text from pineguard_ops.files`,
  );
  return new Map(rows.map((r) => [r.key, { sha256: r.sha256, bytes: Number(r.bytes) }]));
}

export async function recordFile(sql: Sql, key: string, sha256: string, bytes: number): Promise<void> {
  await sql.query(
    `insert into pineguard_ops.files (key, sha256, bytes) values ($1, $2, $3)
     on conflict (key) do update set sha256 = $2, bytes = $3`,
    [key, sha256, bytes],
  );
}
