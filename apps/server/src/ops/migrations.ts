import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsFolder } from '../db/migrate.ts';
import type { Sql } from './sql.ts';

type Journal = { entries: { idx: number; when: number; tag: string }[] };

export const journalOf = (folder: string): Journal =>
  JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as Journal;

/** Tag of the newest migration a database has had, or null for one never migrated. */
export async function migrationLevel(sql: Sql): Promise<{ count: number; last: string | null }> {
  const [exists] = await sql.query<{ ok: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as ok`,
  );
  if (!exists?.ok) return { count: 0, last: null };
  const [row] = await sql.query<{ when: string | null }>(
    `select max(created_at)::text as when from drizzle.__drizzle_migrations`,
  );
  const when = row?.when ? Number(row.when) : 0;
  const entries = journalOf(migrationsFolder).entries;
  const known = entries.filter((e) => e.when <= when);
  const last = known.at(-1);
  if (when && last?.when !== when) {
    throw new Error(
      `该数据库由更新的版本迁移过 / The database was migrated by a newer release (migration time ${when}); run this tool from that release`,
    );
  }
  return { count: known.length, last: last?.tag ?? null };
}

/**
 * This release's first `count` migrations as a folder of their own: a target is built at the
 * source's level, filled, then migrated forward like any upgrade (migrations are append-only).
 */
export function migrationsUpTo(count: number): string {
  const journal = journalOf(migrationsFolder);
  const dir = mkdtempSync(join(tmpdir(), 'pineguard-migrations-'));
  mkdirSync(join(dir, 'meta'));
  const entries = journal.entries.slice(0, count);
  for (const e of entries) copyFileSync(join(migrationsFolder, `${e.tag}.sql`), join(dir, `${e.tag}.sql`));
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}
