import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { QueryDataListValue, RecordDetail } from '@pineguard/contract';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { emptyPostgres } from '../../test/ops.ts';
import { signInTo } from '../../test/records.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { migrationsFolder } from '../db/migrate.ts';
import { prepareDatabase } from '../features/system/bootstrap.ts';
import { rowsOf } from '../platform/sql.ts';
import { journalOf, migrationsUpTo } from './migrations.ts';

const fixture = fileURLToPath(new URL('../../test/fixtures/upgrade-0020/', import.meta.url));
const onPostgres = !!process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** Runs a file of several statements (the fixture's data) on either driver. */
async function runScript(database: Database, text: string): Promise<void> {
  const client = (
    database.db as unknown as {
      $client: { exec?: (t: string) => Promise<unknown>; query: (t: string) => Promise<unknown> };
    }
  ).$client;
  await (client.exec ? client.exec(text) : client.query(text));
}

/**
 * A database made by the release of migration 0020 (its migrations: this release's first 21, and rows
 * written then: fixtures/upgrade-0020), migrated by this release's start-up and read through the API.
 */
describe(`upgrade with data from the release of 0020 (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('migrates the old database and serves its records', async () => {
    // That release's migrations are this one's first 21 (migrations are append-only).
    const oldMigrations = migrationsUpTo(21);
    cleanups.push(async () => rmSync(oldMigrations, { recursive: true, force: true }));
    let database: Database;
    if (onPostgres) {
      const db = await emptyPostgres();
      cleanups.push(() => db.drop());
      database = await openDatabase({ databaseUrl: db.url, poolSize: 3 });
      await migratePg(database.db as never, { migrationsFolder: oldMigrations });
    } else {
      database = await openDatabase({});
      await migratePglite(database.db as never, { migrationsFolder: oldMigrations });
    }
    cleanups.push(() => database.close());
    const oldLevel = journalOf(oldMigrations).entries.length;
    expect(oldLevel).toBe(21);
    await runScript(database, readFileSync(`${fixture}data.sql`, 'utf8'));
    const old = rowsOf<{ id: string; kssl: string }>(
      await database.db.execute(
        sql`select id, fields->>'kssl' as kssl from records where table_code = 'gbksdc0101' order by id`,
      ),
    );
    expect(old.length).toBeGreaterThanOrEqual(5);

    // What a new release's server does at start.
    await prepareDatabase(database);
    const [applied] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    );
    expect(applied?.n).toBe(journalOf(migrationsFolder).entries.length);
    // 0021 and 0022 derived the map cells and counters from the old rows.
    const [cells] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select coalesce(sum(n), 0)::int as n from record_cells`),
    );
    expect(cells?.n).toBeGreaterThan(0);

    const t = await createTestApp({ database: { ...database, drop: async () => {} } });
    cleanups.push(() => t.close());
    const token = await signInTo(t, 'demo_admin', 'KH2026');
    const list = await t.api<QueryDataListValue>('POST', '/api/sync/queryDataList', {
      token,
      body: { prjStandCode: 'gbksdc0101', pageNum: 1, pageSize: 50 },
    });
    expect(list.code).toBe(0);
    expect(list.value.result.list.map((r) => r.id).sort()).toEqual(old.map((r) => r.id).sort());
    for (const r of old) {
      const detail = await t.api<{ data: RecordDetail }>('POST', '/api/sync/queryDataDetail', {
        token,
        body: { id: r.id },
      });
      expect(detail.code).toBe(0);
      expect(String((detail.value.data as Record<string, unknown>)['kssl'])).toBe(r.kssl);
    }
  }, 300_000);
});
