import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, testDatabase } from '../../test/app.ts';
import { countOrEstimate, decodeCursor, encodeCursor, keysetAfter, offsetOf } from './pagination.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.drop());

describe('pagination', () => {
  it('bounds the offset at the deepest page', () => {
    expect(offsetOf({ pageNum: 3, pageSize: 10 })).toBe(20);
    expect(offsetOf({ pageNum: 10_000_000, pageSize: 10 })).toBe(999 * 10);
  });

  it('counts small totals exactly and estimates large ones without counting them', async () => {
    const small = await countOrEstimate(database.db, sql`from generate_series(1, 42) g`);
    expect(small).toEqual({ total: 42, totalExact: true });
    const large = await countOrEstimate(database.db, sql`from generate_series(1, 50000) g`, 100);
    expect(large.totalExact).toBe(false);
    // generate_series with constant bounds is estimated exactly by the planner.
    expect(large.total).toBe(50000);
  });

  it('remembers a large total for the next pages, but counts small totals afresh every time', async () => {
    const { db } = database;
    await db.execute(sql`create table count_probe (n int)`);
    await db.execute(sql`insert into count_probe select g from generate_series(1, 300) g`);
    await db.execute(sql`analyze count_probe`);
    const large = await countOrEstimate(db, sql`from count_probe where n > 0`, 100);
    expect(large.totalExact).toBe(false);
    // Rows removed behind its back: the remembered estimate answers without reading the table.
    await db.execute(sql`delete from count_probe where n > 50`);
    expect(await countOrEstimate(db, sql`from count_probe where n > 0`, 100)).toEqual(large);
    // Another filter (other parameters) is counted, and a small total is exact at once.
    expect(await countOrEstimate(db, sql`from count_probe where n > ${0}`, 100)).toEqual({
      total: 50,
      totalExact: true,
    });
    await db.execute(sql`insert into count_probe values (1000)`);
    expect(await countOrEstimate(db, sql`from count_probe where n > ${0}`, 100)).toEqual({
      total: 51,
      totalExact: true,
    });
  });

  it('round-trips cursors and refuses anything else', () => {
    const c = encodeCursor(['2026-11-01T00:00:00Z', 17]);
    expect(decodeCursor(c, 2)).toEqual(['2026-11-01T00:00:00Z', 17]);
    expect(decodeCursor(c, 3)).toBeUndefined();
    expect(decodeCursor('not-a-cursor', 2)).toBeUndefined();
    expect(decodeCursor(encodeCursor([1]).replace(/./, '!'), 1)).toBeUndefined();
  });

  it('keyset pages walk a table in order without gaps', async () => {
    const seen: number[] = [];
    let cursor: (string | number | null)[] | undefined;
    for (;;) {
      const where = cursor ? sql`where ${keysetAfter([sql`g % 3`, sql`g`], cursor, 'desc')}` : sql``;
      const result = await database.db.execute<{ k: number; g: number }>(
        sql`select g % 3 as k, g from generate_series(1, 25) g ${where} order by g % 3 desc, g desc limit 10`,
      );
      const rows = (result as unknown as { rows: { k: number; g: number }[] }).rows;
      if (!rows.length) break;
      seen.push(...rows.map((r) => Number(r.g)));
      const last = rows[rows.length - 1]!;
      cursor = [Number(last.k), Number(last.g)];
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
  });
});
