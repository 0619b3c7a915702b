import { ident, type Sql } from './sql.ts';

export type Column = { name: string; type: string };

export type TableInfo = {
  name: string;
  /** Columns a row is written with (generated columns are computed again by the target). */
  columns: Column[];
  /** Primary key columns, in key order: rows are read and resumed in this order. */
  key: Column[];
  /** GENERATED ALWAYS identity: inserts must say OVERRIDING SYSTEM VALUE. */
  alwaysIdentity: boolean;
};

/** The application's tables (schema public), parents before children (foreign keys). */
export async function listTables(sql: Sql): Promise<TableInfo[]> {
  const cols = await sql.query<{ table: string; name: string; type: string; identity: string }>(
    `select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
            a.attidentity as identity
       from pg_attribute a join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0
        and not a.attisdropped and a.attgenerated = ''
      order by c.relname, a.attnum`,
  );
  const keys = await sql.query<{ table: string; name: string; type: string }>(
    `select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type
       from pg_constraint k join pg_class c on c.oid = k.conrelid
       join pg_namespace n on n.oid = c.relnamespace
       cross join lateral unnest(k.conkey) with ordinality as u(attnum, pos)
       join pg_attribute a on a.attrelid = c.oid and a.attnum = u.attnum
      where n.nspname = 'public' and k.contype = 'p'
      order by c.relname, u.pos`,
  );
  const refs = await sql.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent
       from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and k.contype = 'f' and c.oid <> p.oid`,
  );
  const tables = new Map<string, TableInfo>();
  for (const c of cols) {
    const t = tables.get(c.table) ?? { name: c.table, columns: [], key: [], alwaysIdentity: false };
    t.columns.push({ name: c.name, type: c.type });
    if (c.identity === 'a') t.alwaysIdentity = true;
    tables.set(c.table, t);
  }
  for (const k of keys) tables.get(k.table)?.key.push({ name: k.name, type: k.type });
  return inDependencyOrder(tables, refs);
}

function inDependencyOrder(tables: Map<string, TableInfo>, refs: { child: string; parent: string }[]) {
  const parents = new Map<string, Set<string>>();
  for (const r of refs) parents.set(r.child, (parents.get(r.child) ?? new Set()).add(r.parent));
  const out: TableInfo[] = [];
  const seen = new Set<string>();
  const visit = (name: string, path: Set<string>) => {
    if (seen.has(name) || path.has(name)) return;
    path.add(name);
    for (const p of [...(parents.get(name) ?? [])].sort()) visit(p, path);
    seen.add(name);
    const t = tables.get(name);
    if (t) out.push(t);
  };
  for (const name of [...tables.keys()].sort()) visit(name, new Set());
  return out;
}

export type SequenceValue = { name: string; lastValue: string | null; isCalled: boolean };

/** Every sequence of schema public with its position (identity columns' included). */
export async function readSequences(sql: Sql): Promise<SequenceValue[]> {
  const names = await sql.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S' order by 1`,
  );
  const out: SequenceValue[] = [];
  for (const { name } of names) {
    const [row] = await sql.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${ident(name)}`,
    );
    out.push({ name, lastValue: row?.last_value ?? null, isCalled: row?.is_called ?? false });
  }
  return out;
}

export async function writeSequences(sql: Sql, values: SequenceValue[]): Promise<void> {
  for (const s of values) {
    if (s.lastValue === null) continue;
    await sql.query(`select setval($1::regclass, $2::bigint, $3)`, [ident(s.name), s.lastValue, s.isCalled]);
  }
}

export async function rowCount(sql: Sql, table: string): Promise<number> {
  const [row] = await sql.query<{ n: number }>(`select count(*)::int as n from ${ident(table)}`);
  return row?.n ?? 0;
}

export type FileRef = { key: string; contentType: string; sha256: string | null };

/**
 * Stored objects the rows refer to: originals (with the type and SHA-256 taken at upload),
 * thumbnails and exports. Their bytes must travel with the rows.
 */
export async function referencedFiles(sql: Sql): Promise<FileRef[]> {
  const [hasExports] = await sql.query<{ ok: boolean }>(
    `select to_regclass('public.export_records') is not null as ok`,
  );
  const parts = [
    `select storage_key as key, content_type as type, sha256 from files`,
    `select thumb_key, 'image/jpeg', null from files where thumb_key is not null`,
  ];
  if (hasExports?.ok)
    parts.push(
      `select storage_key, 'application/octet-stream', null from export_records where storage_key is not null`,
    );
  const rows = await sql.query<{ key: string; type: string; sha256: string | null }>(
    `select distinct on (key) key, type, sha256 from (${parts.join(' union all ')}) s order by key, sha256 nulls last`,
  );
  return rows.map((r) => ({ key: r.key, contentType: r.type, sha256: r.sha256 }));
}
