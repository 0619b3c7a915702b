import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { droneOrthophotos, jobs, users } from '../../db/schema/index.ts';
import { runDueJobs } from '../../platform/jobs.ts';
import { partKey } from './partSource.ts';
import { removeOrtho, SWEEP_JOB } from './removal.ts';
import type { OrthoRow } from './upload.ts';

/**
 * The `drone.sweep` job (decision 0220): a tile or an overview block written while an orthophoto
 * was being deleted lands under its prefix after the delete; the sweep, due three minutes later,
 * deletes the prefix again.
 */
describe('the drone.sweep job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    await t.initAdmin({ demo: true });
  }, 180_000);
  afterAll(() => t.close());

  it('removes what was written under the prefix after the delete, once due', async () => {
    const { db } = t.deps.database;
    const { storage } = t.deps;
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.account, 'demo_admin'));
    const [row] = await db
      .insert(droneOrthophotos)
      .values({
        id: '00000000-0000-4000-8000-00000000e501',
        projectCode: 'KH2026',
        name: 'swept.tif',
        state: 'ready',
        size: 5,
        partSize: 5,
        partCount: 1,
        createdBy: owner!.id,
      })
      .returning();
    const put = (key: string) =>
      storage.put(key, Readable.from([Buffer.from('bytes')]), 'application/octet-stream');
    const part = partKey('KH2026', row!.id, 0);
    await put(part);

    await removeOrtho(t.deps, row as OrthoRow);
    expect(await storage.size(part)).toBeNull();
    // A tile request in flight during the delete writes its tile afterwards.
    const late = `drone/KH2026/${row!.id}/tiles/v2/20/871234/431234.png`;
    await put(late);

    const sweep = and(eq(jobs.kind, SWEEP_JOB), sql`${jobs.params}->>'id' = ${row!.id}`);
    const [queued] = await db.select().from(jobs).where(sweep!);
    expect(queued!.status).toBe('queued');
    expect(queued!.runAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
    // Not due yet: running the due jobs leaves the late tile where it is.
    while ((await runDueJobs(t.deps)) > 0);
    expect(await storage.size(late)).toBe(5);

    await db.update(jobs).set({ runAt: new Date() }).where(sweep!);
    while ((await runDueJobs(t.deps)) > 0);
    const [done] = await db.select().from(jobs).where(sweep!);
    expect(done!.status).toBe('done');
    expect(await storage.size(late)).toBeNull();
  }, 60_000);
});
