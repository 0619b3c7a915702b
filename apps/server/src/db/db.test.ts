import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withDatabase } from '../../test/global-setup.ts';
import { adminUrl } from '../../test/pg.ts';
import { builtinMenus } from '../features/menus/builtin.ts';
import { builtinRoles } from '../features/roles/builtin.ts';
import { prepareDatabase } from '../features/system/bootstrap.ts';
import { openDatabase } from './client.ts';
import { menuItems, roles, users } from './schema/index.ts';

const pgUrl = process.env.TEST_DATABASE_URL;
const journal = JSON.parse(
  readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: unknown[] };

describe('database start-up', () => {
  it.runIf(pgUrl)(
    'lets two instances migrate one empty PostgreSQL database at once',
    async () => {
      const name = `pineguard_race_${Date.now()}`;
      const admin = await adminUrl(pgUrl!);
      await admin.query(`create database ${name}`);
      const url = withDatabase(pgUrl!, name);
      const a = await openDatabase({ databaseUrl: url, poolSize: 3 });
      const b = await openDatabase({ databaseUrl: url, poolSize: 3 });
      try {
        await Promise.all([prepareDatabase(a), prepareDatabase(b)]);
        const [menus] = await a.db.select({ n: count() }).from(menuItems);
        const [roleRows] = await a.db.select({ n: count() }).from(roles);
        expect(menus?.n).toBe(builtinMenus.length);
        expect(roleRows?.n).toBe(builtinRoles.length);
        const applied = await a.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
        expect((applied as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(journal.entries.length);
      } finally {
        await a.close();
        await b.close();
        await admin.query(`drop database ${name} with (force)`);
        await admin.end();
      }
    },
    120_000,
  );

  it.skipIf(pgUrl)(
    'keeps PGlite data across a restart and prepares twice without duplicating',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'pineguard-restart-'));
      try {
        const first = await openDatabase({ dataDir });
        await Promise.all([prepareDatabase(first), prepareDatabase(first)]);
        await first.db.insert(users).values({ account: 'keeper', name: '保留', passwordHash: 'x' });
        await first.close();

        const second = await openDatabase({ dataDir });
        await prepareDatabase(second);
        const [kept] = await second.db.select({ n: count() }).from(users);
        const [menus] = await second.db.select({ n: count() }).from(menuItems);
        await second.close();
        expect(kept?.n).toBe(1);
        expect(menus?.n).toBe(builtinMenus.length);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
