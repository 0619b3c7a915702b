import { ErrorCode, type KsssUploadItem } from '@pineguard/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { deadTreeImports, deadTrees, files, jobs } from '../../db/schema/index.ts';
import { claimJob, runDueJobs } from '../../platform/jobs.ts';
import { bigCensusWorkbook, censusRow, censusWorkbook } from './fixture.ts';
import { failInterruptedImports, runImport } from './index.ts';
import { censusClient, openCensusApp, xlsx } from './testClient.ts';

/**
 * The census import as a background job: answered at once, taken up again after a worker dies,
 * cancelled while waiting or importing, marked failed when interrupted, never run twice; and a
 * large file read intact.
 */
describe('dead-tree census (ksss) imports as jobs', () => {
  let t: TestApp;
  let admin: string; // project administrator of KH2026
  let bd: string; // section manager: may read, may not import
  let js: string; // administrator working in JS2026
  const { send, sendOnly, list } = censusClient(() => t);
  /** A finished import (120 rows, 2 bad), as deadTrees.test.ts's first one. */
  let first: KsssUploadItem;

  beforeAll(async () => {
    ({ t, admin, bd, js } = await openCensusApp());
    const rows = Array.from({ length: 120 }, (_, i) => censusRow(i));
    rows[10]![6] = '粗';
    rows[50]![10] = '砍了';
    first = (await send(admin, await censusWorkbook(rows), '华埠镇普查.xlsx', xlsx)).value;
  }, 120_000);
  afterAll(() => t?.close());

  it('answers the upload at once; a worker killed mid-import leaves nothing and the job is taken up again', async () => {
    const db = t.deps.database.db;
    const rows = Array.from({ length: 30 }, (_, i) => censusRow(8_000 + i));
    const waiting = await sendOnly(admin, await censusWorkbook(rows));
    expect(waiting).toMatchObject({ state: 0, progress: 0, accepted: 0 });
    // A worker claims the job and dies (kill -9): its lease runs out with nothing written.
    const claimed = await claimJob(t.deps, 'killed-worker');
    expect(claimed?.kind).toBe('deadTrees.import');
    await db
      .update(deadTreeImports)
      .set({ state: 1, progress: 40 })
      .where(eq(deadTreeImports.id, waiting.id));
    await db
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, claimed!.id));
    const before = (await db.select().from(deadTrees)).length;
    await runDueJobs(t.deps); // reclaims it: queued again after the backoff
    const [requeued] = await db.select().from(jobs).where(eq(jobs.id, claimed!.id));
    expect(requeued).toMatchObject({ status: 'queued', attempts: 1 });
    expect((await db.select().from(deadTrees)).length).toBe(before);
    await db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, claimed!.id));
    await runDueJobs(t.deps);
    const done = await t.api<KsssUploadItem>('GET', `/api/sync/ksssUploadTask?id=${waiting.id}`, {
      token: admin,
    });
    expect(done.value).toMatchObject({ state: 2, accepted: 30, rejected: 0, progress: 100 });
    expect((await db.select().from(deadTrees)).length).toBe(before + 30);
    const [finished] = await db.select().from(jobs).where(eq(jobs.id, claimed!.id));
    expect(finished).toMatchObject({ status: 'done', attempts: 2 });

    // A job that used its attempts: the task shows failed with the reason, never "importing".
    const stuck = await sendOnly(admin, await censusWorkbook([censusRow(9_000)]));
    const [job] = await db.select().from(jobs).where(eq(jobs.uniqueKey, stuck.id));
    await db
      .update(jobs)
      .set({ status: 'failed', error: '服务重启中断 / interrupted by a restart' })
      .where(eq(jobs.id, job!.id));
    const failed = await list<KsssUploadItem>('/api/sync/ksssExcelUploadList', admin);
    const shown = failed.value.list.find((r) => r.id === stuck.id)!;
    expect(shown.state).toBe(3);
    expect(shown.message).toContain('导入被中断');
  });

  it('cancels an import still waiting or importing: nothing is written, its job ends, an ended one is refused', async () => {
    const db = t.deps.database.db;
    const before = (await db.select().from(deadTrees)).length;
    const cancel = (token: string, id: string) =>
      t.api<KsssUploadItem>('POST', '/api/sync/ksssUploadCancel', { token, body: { id } });

    // Waiting: cancelled before any worker claims it; the job never runs.
    const waiting = await sendOnly(admin, await censusWorkbook([censusRow(9_500), censusRow(9_501)]));
    expect((await cancel(bd, waiting.id)).code).toBe(ErrorCode.forbidden); // records.edit needed
    expect((await cancel(js, waiting.id)).code).toBe(ErrorCode.notFound); // another project's
    const cancelled = await cancel(admin, waiting.id);
    expect(cancelled.code, cancelled.message).toBe(0);
    expect(cancelled.value).toMatchObject({ state: 3, accepted: 0 });
    expect(cancelled.value.message).toContain('已取消');
    const [job] = await db.select().from(jobs).where(eq(jobs.uniqueKey, waiting.id));
    expect(job!.status).toBe('cancelled');
    await runDueJobs(t.deps);
    expect((await db.select().from(deadTrees)).length).toBe(before);

    // Importing: its file read but not yet written when the cancel lands; the write is skipped.
    const runningBytes = await censusWorkbook([censusRow(9_600)]);
    const running = await sendOnly(admin, runningBytes);
    const claimed = await claimJob(t.deps, 'slow-worker');
    expect(claimed?.params).toMatchObject({ importId: running.id });
    await db.update(deadTreeImports).set({ state: 1 }).where(eq(deadTreeImports.id, running.id));
    expect((await cancel(admin, running.id)).value.state).toBe(3);
    expect(await runImport(t.deps, running.id)).toMatchObject({ state: 3, accepted: 0 });
    expect((await db.select().from(deadTrees)).length).toBe(before);
    const [runningJob] = await db.select().from(jobs).where(eq(jobs.id, claimed!.id));
    expect(runningJob!.status).toBe('cancelled');

    // A cancelled file may be uploaded again (it did not count as imported); a finished one cannot be cancelled.
    const again = await send(admin, runningBytes, 'census.xlsx', xlsx);
    expect(again.value, again.value.message).toMatchObject({ state: 2, accepted: 1 });
    expect((await cancel(admin, again.value.id)).code).toBe(ErrorCode.conflict);
    expect((await db.select().from(deadTrees)).length).toBe(before + 1);
  });

  it('an import killed before its end leaves nothing and is marked failed; a finished one is never run again', async () => {
    const db = t.deps.database.db;
    const [file] = await db.select().from(files).where(eq(files.kind, 'import')).limit(1);
    const [task] = await db
      .insert(deadTreeImports)
      .values({
        projectCode: 'KH2026',
        fileId: file!.id,
        fileName: 'killed.xlsx',
        sha256: 'killed',
        state: 1,
        progress: 40,
        createdBy: file!.ownerId,
      })
      .returning();
    const trees = (await db.select().from(deadTrees)).length;
    expect(await failInterruptedImports(t.deps, [task!.id])).toBe(1);
    const [after] = await db.select().from(deadTreeImports).where(eq(deadTreeImports.id, task!.id));
    expect(after).toMatchObject({ state: 3, message: '导入被中断（服务重启），未导入任何数据，请重新上传' });
    expect((await db.select().from(deadTrees)).length).toBe(trees);
    expect(await runImport(t.deps, first.id)).toMatchObject({ state: 2, accepted: 118 });
  });

  it('reads Chinese intact from a streamed file whose characters straddle chunk boundaries', async () => {
    const res = await send(admin, await bigCensusWorkbook(2_000), 'big.xlsx', xlsx);
    expect(res.value).toMatchObject({ state: 2, rows: 2_000, accepted: 2_000, rejected: 0 });
    const broken = await t.deps.database.db.execute(
      sql`select count(*)::int as n from dead_trees where species like ${'%\uFFFD%'} or village like ${'%\uFFFD%'}`,
    );
    expect((broken as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
