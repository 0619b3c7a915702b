import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyPostgres } from '../../../test/ops.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { migrationsFolder } from '../../db/migrate.ts';
import { journalOf, migrationsUpTo } from '../../ops/migrations.ts';
import { rowsOf } from '../../platform/sql.ts';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Migration 0028 moves 0026's one-row-per-item table into per-section arrays and checked rows. */
describe(`migration 0028: acceptance items → draws and results (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('keeps every drawn record in rank order and every checked outcome', async () => {
    const before = journalOf(migrationsFolder).entries.findIndex((e) => e.tag === '0028_acceptance_draws');
    expect(before).toBeGreaterThan(0);
    const old = migrationsUpTo(before);
    cleanups.push(async () => rmSync(old, { recursive: true, force: true }));
    let database: Database;
    const migrate = async (folder: string) =>
      onPostgres
        ? migratePg(database.db as never, { migrationsFolder: folder })
        : migratePglite(database.db as never, { migrationsFolder: folder });
    if (onPostgres) {
      const db = await emptyPostgres();
      cleanups.push(() => db.drop());
      database = await openDatabase({ databaseUrl: db.url, poolSize: 2 });
    } else database = await openDatabase({});
    cleanups.push(() => database.close());
    await migrate(old);
    const { db } = database;
    await db.execute(
      sql`insert into users (id, account, name, password_hash) values (${uuid(900)}::uuid, 'm', 'M', 'x')`,
    );
    await db.execute(sql`insert into areas (code, name, level) values ('330824', '开化县', 3)`);
    await db.execute(sql`insert into projects (code, name, area_code) values ('MG2026', '迁移', '330824')`);
    await db.execute(sql`insert into acceptance_samples (id, project_code, seed, share_pct, begin, "end", table_codes,
        section_codes, strata, population, drawn, created_by)
      values (${uuid(1)}::uuid, 'MG2026', 's', 10, '2026-01-01', '2026-01-31', array['gbcfcz0101'], array['A', 'B'],
        '[]'::jsonb, 50, 5, ${uuid(900)}::uuid)`);
    // Section A drawn as ranks 1–3 (ids inserted out of order), B as 1–2; A's rank 2 passed, B's rank 1 failed.
    await db.execute(sql`insert into acceptance_items (sample_id, record_id, section_code, rank, passed, check_id) values
      (${uuid(1)}::uuid, ${uuid(13)}::uuid, 'A', 3, null, null),
      (${uuid(1)}::uuid, ${uuid(11)}::uuid, 'A', 1, null, null),
      (${uuid(1)}::uuid, ${uuid(12)}::uuid, 'A', 2, true, 7),
      (${uuid(1)}::uuid, ${uuid(21)}::uuid, 'B', 1, false, 8),
      (${uuid(1)}::uuid, ${uuid(22)}::uuid, 'B', 2, null, null)`);
    await migrate(migrationsFolder);
    const draws = rowsOf<{ section_code: string; ids: string }>(
      await db.execute(sql`select section_code, array_to_string(record_ids, ',') as ids from acceptance_draws
        where sample_id = ${uuid(1)}::uuid order by section_code`),
    );
    expect(draws).toEqual([
      { section_code: 'A', ids: [uuid(11), uuid(12), uuid(13)].join(',') },
      { section_code: 'B', ids: [uuid(21), uuid(22)].join(',') },
    ]);
    const results = rowsOf<Record<string, unknown>>(
      await db.execute(sql`select record_id, section_code, rank, passed, check_id from acceptance_results
        order by section_code, rank`),
    );
    expect(results).toEqual([
      { record_id: uuid(12), section_code: 'A', rank: 2, passed: true, check_id: 7 },
      { record_id: uuid(21), section_code: 'B', rank: 1, passed: false, check_id: 8 },
    ]);
    const gone = rowsOf<{ t: string | null }>(
      await db.execute(sql`select to_regclass('acceptance_items')::text as t`),
    );
    expect(gone[0]?.t).toBeNull();
  }, 120_000);
});
