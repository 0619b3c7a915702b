import { clientPasswordHash } from '@pineguard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { runDueJobs } from '../../platform/jobs.ts';
// Through the system feature's entry, which also registers its jobs (the demo load among them).
import { plantedInDemo } from '../system/index.ts';

/**
 * The demo planted a documented set of anomalies into otherwise clean data (docs/demo.md): the
 * checks after each write must find every planted one, and raise nothing else. The demo at a
 * twentieth of its size, loaded as the first-run page loads it (the background job).
 */
describe('the planted demo anomalies, and nothing else', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.api('POST', '/api/system/init', {
      body: {
        account: 'admin',
        password: clientPasswordHash('admin123'),
        name: '管理员',
        demo: true,
        demoScale: 0.05,
      },
    });
    expect(res.code, res.message).toBe(0);
    await runDueJobs(t.deps);
  }, 300_000); // the demo load, then the evidence check of its photos (issue 30)
  afterAll(() => t.close());

  it('finds every planted anomaly, open, and no other', async () => {
    const planted = await plantedInDemo(t.deps.database.db);
    expect(planted.length).toBeGreaterThan(0);
    const result = await t.deps.database.db.execute(
      sql`select record_id, kind, tag_code, state from anomalies where state <> 'cleared'`,
    );
    const found = ((result as { rows?: Record<string, string>[] }).rows ??
      (result as unknown as Record<string, string>[])) as Record<string, string>[];
    const key = (recordId: string, kind: string, tag: string) => `${recordId}|${kind}|${tag}`;
    const expected = planted.map((a) => key(a.recordId, a.kind, a.tagCode ?? '')).sort();
    const actual = found.map((r) => key(r.record_id!, r.kind!, r.tag_code!)).sort();
    expect(
      actual.filter((k) => !expected.includes(k)),
      'raised but not planted',
    ).toEqual([]);
    expect(
      expected.filter((k) => !actual.includes(k)),
      'planted but not raised',
    ).toEqual([]);
    expect(found.every((r) => r.state === 'open')).toBe(true);
  });
});
