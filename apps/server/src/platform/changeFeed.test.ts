import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { census, type RecordsBed, recordsBed } from '../../test/records.ts';
import { openDatabase } from '../db/client.ts';

/**
 * What one instance changes, another instance's remembered copies show within a second: list
 * totals, collectors' names, section names (issue 28). On PostgreSQL the second instance has its
 * own connections; on the embedded database (one process) it shares the database object.
 */
describe('change feed: two instances on one database', () => {
  let bed: RecordsBed;
  let b: TestApp;
  const within1s = { timeout: 1_000, interval: 10 };

  beforeAll(async () => {
    bed = await recordsBed();
    const url = (bed.t.deps.database as { url?: string }).url;
    const database = url ? await openDatabase({ databaseUrl: url, poolSize: 2 }) : bed.t.deps.database;
    b = await createTestApp({
      database: { ...database, drop: async () => (url ? database.close() : undefined) },
    });
  });
  afterAll(async () => {
    await b?.close();
    await bed?.t.close();
  });

  const listOnB = async () => {
    const res = await b.api<{ result: { total: number; list: { userName: string }[] } }>(
      'POST',
      '/api/sync/queryDataList',
      { token: bed.admin, body: { prjStandCode: 'gbksdc0101', pageNum: 1, pageSize: 10 } },
    );
    expect(res.code).toBe(0);
    return res.value.result;
  };

  it('shows records collected through the other instance in its total within a second', async () => {
    await bed.collect(bed.worker, [census({}, { pic_tree: bed.photoId })]);
    const before = (await listOnB()).total;
    expect((await listOnB()).total).toBe(before); // remembered now
    const sent = await bed.collect(bed.worker, [
      census({}, { pic_tree: bed.photoId }),
      census({}, { pic_tree: bed.photoId }),
    ]);
    expect(sent.code).toBe(0);
    await expect.poll(async () => (await listOnB()).total, within1s).toBe(before + 2);
  });

  it("shows a collector's new name within a second, however the name was changed", async () => {
    const shown = (await listOnB()).list[0]!.userName;
    expect(shown).toBeTruthy();
    await bed.t.deps.database.db.execute(
      sql`update users set name = ${shown + '（改）'} where account = 'demo_worker'`,
    );
    try {
      await expect.poll(async () => (await listOnB()).list[0]!.userName, within1s).toBe(shown + '（改）');
    } finally {
      await bed.t.deps.database.db.execute(
        sql`update users set name = ${shown} where account = 'demo_worker'`,
      );
    }
  });

  it("shows a section's new name in the workers list within a second", async () => {
    const workersOnB = async () =>
      (
        await b.api<{ list: { sectionCode: string; sectionName: string }[] }>(
          'POST',
          '/api/lwryUser/lwryList',
          {
            token: bed.admin,
            body: { pageNum: 1, pageSize: 10, sectionCode: 'KH-BD01' },
          },
        )
      ).value.list;
    const first = (await workersOnB())[0]!;
    await bed.t.deps.database.db.execute(
      sql`update sections set name = ${first.sectionName + '·新'} where project_code = 'KH2026' and code = 'KH-BD01'`,
    );
    try {
      await expect
        .poll(async () => (await workersOnB())[0]!.sectionName, within1s)
        .toBe(first.sectionName + '·新');
    } finally {
      await bed.t.deps.database.db.execute(
        sql`update sections set name = ${first.sectionName} where project_code = 'KH2026' and code = 'KH-BD01'`,
      );
    }
  });
});
