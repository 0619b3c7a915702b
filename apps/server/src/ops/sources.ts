import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import {
  type FileRef,
  type SequenceValue,
  type TableInfo,
  listTables,
  readSequences,
  referencedFiles,
  rowCount,
} from './catalog.ts';
import { migrationLevel } from './migrations.ts';
import { ident, type Sql } from './sql.ts';

/** Where a copy resumes: the last key written (a database source) or rows written (a backup). */
export type Position = { key: string | null; rows: number };
export type Page = { rows: string[]; key: string | null };

/** Rows to copy, from a database or from a backup folder: one copy engine serves move and restore. */
export interface RowSource {
  label: string;
  level(): Promise<{ count: number; last: string | null }>;
  tables(): Promise<TableInfo[]>;
  count(table: TableInfo): Promise<number>;
  /** The next rows after `from` in key order, each a row_to_json text. */
  page(table: TableInfo, from: Position, limit: number): Promise<Page>;
  sequences(): Promise<SequenceValue[]>;
  fileKeys(): Promise<FileRef[]>;
  close(): Promise<void>;
}

/** `(k1, k2) > (($1->>0)::t1, ($1->>1)::t2)`: keyset paging on the primary key, any types. */
function keyAfter(table: TableInfo, param: string): string {
  const cols = table.key.map((k) => `t.${ident(k.name)}`).join(', ');
  const vals = table.key.map((k, i) => `((${param}::json)->>${i})::${k.type}`).join(', ');
  return `(${cols}) > (${vals})`;
}

export function databaseSource(sql: Sql): RowSource {
  return {
    label: sql.label,
    level: () => migrationLevel(sql),
    tables: () => listTables(sql),
    count: (t) => rowCount(sql, t.name),
    async page(t, from, limit) {
      if (!t.key.length) {
        // No primary key: the whole table in one page (such tables are small lookups).
        if (from.rows > 0) return { rows: [], key: null };
        const rows = await sql.query<{ r: string }>(
          `select row_to_json(t)::text as r from ${ident(t.name)} t`,
        );
        return { rows: rows.map((r) => r.r), key: null };
      }
      const order = t.key.map((k) => `t.${ident(k.name)}`).join(', ');
      const rows = await sql.query<{ r: string; k: string }>(
        `select row_to_json(t)::text as r, json_build_array(${order})::text as k
           from ${ident(t.name)} t where $1::text is null or ${keyAfter(t, '$1')}
          order by ${order} limit ${Number(limit)}`,
        [from.key],
      );
      return { rows: rows.map((r) => r.r), key: rows.at(-1)?.k ?? from.key };
    },
    sequences: () => readSequences(sql),
    fileKeys: () => referencedFiles(sql),
    close: () => sql.close(),
  };
}

export type Manifest = {
  format: 'pineguard-backup';
  version: 1;
  createdAt: string;
  source: { driver: string; label: string };
  migrations: { count: number; last: string | null };
  tables: (TableInfo & { rows: number })[];
  sequences: SequenceValue[];
  files: (FileRef & { sha256: string; bytes: number })[];
};

export const tableFile = (dir: string, table: string) => join(dir, 'tables', `${table}.ndjson.gz`);

/** A backup folder read as a source: one gzipped JSON line per row, in key order. */
export function backupSource(dir: string, manifest: Manifest): RowSource {
  let open: { table: string; at: number; lines: AsyncIterator<string>; stop(): void } | undefined;
  const reader = (table: string) => {
    const stream = createReadStream(tableFile(dir, table)).pipe(createGunzip());
    const rl = createInterface({ input: stream, crlfDelay: Infinity });
    return { table, at: 0, lines: rl[Symbol.asyncIterator](), stop: () => rl.close() };
  };
  return {
    label: `backup ${dir}`,
    level: async () => manifest.migrations,
    tables: async () => manifest.tables,
    count: async (t) => manifest.tables.find((m) => m.name === t.name)?.rows ?? 0,
    async page(t, from, limit) {
      if (!open || open.table !== t.name || open.at > from.rows) {
        open?.stop();
        open = reader(t.name);
      }
      const rows: string[] = [];
      while (rows.length < limit) {
        const next = await open.lines.next();
        if (next.done) break;
        if (!next.value) continue;
        if (open.at++ < from.rows) continue;
        rows.push(next.value);
      }
      return { rows, key: null };
    },
    sequences: async () => manifest.sequences,
    fileKeys: async () => manifest.files,
    async close() {
      open?.stop();
    },
  };
}
