import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { loadConfig } from '../../config.ts';
import { auditLog, sessions, users } from '../../db/schema/index.ts';
import { jobs } from '../../db/schema/index.ts';
import { enqueueDailyJobs, getJob, runDueJobs } from '../../platform/jobs.ts';
import { INSURANCE_CHECK_JOB, RETENTION_JOB, runRetention, VACUUM_JOB } from './index.ts';

const day = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * day);

describe('retention of sessions and audit rows', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await t.initAdmin();
  });
  afterAll(() => t.close());

  it('reads its periods from the environment, 30 and 365 days by default', () => {
    expect(loadConfig({}).retention).toEqual({ sessionDays: 30, auditDays: 365 });
    expect(loadConfig({ SESSION_RETENTION_DAYS: '7', AUDIT_RETENTION_DAYS: '90' }).retention).toEqual({
      sessionDays: 7,
      auditDays: 90,
    });
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '0' })).toThrow(/AUDIT_RETENTION_DAYS/);
  });

  it('deletes sessions ended or expired beyond the period and audit rows older than theirs, nothing else', async () => {
    const { db } = t.deps.database;
    const [admin] = await db.select().from(users).limit(1);
    const session = (tokenHash: string, values: { endedAt?: Date; expiresAt: Date }) => ({
      tokenHash,
      userId: admin!.id,
      client: 2,
      ...values,
    });
    await db
      .insert(sessions)
      .values([
        session('ret-ended-old', { endedAt: ago(40), expiresAt: ago(33) }),
        session('ret-expired-old', { expiresAt: ago(31) }),
        session('ret-ended-recent', { endedAt: ago(10), expiresAt: ago(3) }),
        session('ret-live', { expiresAt: new Date(Date.now() + 7 * day) }),
      ]);
    const entry = (summary: string, at: Date) => ({
      actorId: admin!.id,
      projectCode: null,
      action: 'update',
      entity: 'user',
      entityId: admin!.id,
      summary,
      at,
    });
    await db.insert(auditLog).values([entry('ret-old', ago(400)), entry('ret-recent', ago(300))]);

    const removed = await runRetention({
      database: t.deps.database,
      config: { ...t.deps.config, retention: { sessionDays: 30, auditDays: 365 } },
    });
    expect(removed).toEqual({ sessions: 2, auditRows: 1, notices: 0 });

    const left = await db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(
        inArray(sessions.tokenHash, ['ret-ended-old', 'ret-expired-old', 'ret-ended-recent', 'ret-live']),
      );
    expect(left.map((s) => s.tokenHash).sort()).toEqual(['ret-ended-recent', 'ret-live']);
    const audit = await db
      .select({ summary: auditLog.summary })
      .from(auditLog)
      .where(eq(auditLog.entity, 'user'));
    expect(audit.map((a) => a.summary)).toContain('ret-recent');
    expect(audit.map((a) => a.summary)).not.toContain('ret-old');

    // Nothing more to do on a second run.
    expect(await runRetention(t.deps)).toEqual({ sessions: 0, auditRows: 0, notices: 0 });
  });

  it('runs daily as jobs on the runner with the insurance check: once per China day across instances', async () => {
    const [a, b] = await Promise.all([enqueueDailyJobs(t.deps), enqueueDailyJobs(t.deps)]);
    const kinds = a!.map((j) => j.kind);
    expect(kinds).toEqual(expect.arrayContaining([RETENTION_JOB, INSURANCE_CHECK_JOB, VACUUM_JOB]));
    expect(b!.map((j) => j.id)).toEqual(a!.map((j) => j.id));
    // Whatever the hour of this run, make today's runs due now.
    const { db } = t.deps.database;
    await db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(
        inArray(
          jobs.id,
          a!.map((j) => j.id),
        ),
      );
    await runDueJobs(t.deps);
    const retention = await getJob(t.deps, a!.find((j) => j.kind === RETENTION_JOB)!.id);
    expect(retention).toMatchObject({ status: 'done', result: { sessions: 0, auditRows: 0 } });
    const insurance = await getJob(t.deps, a!.find((j) => j.kind === INSURANCE_CHECK_JOB)!.id);
    expect(insurance).toMatchObject({ status: 'done', result: { clockInOff: 0 } });
    // The embedded database has no autovacuum: the nightly job vacuums and analyses it (the planner
    // then knows the tables' sizes); on PostgreSQL it leaves that to autovacuum.
    const vacuum = await getJob(t.deps, a!.find((j) => j.kind === VACUUM_JOB)!.id);
    const pglite = t.deps.database.driver === 'pglite';
    expect(vacuum).toMatchObject({ status: 'done', result: { vacuumed: pglite } });
    if (pglite) {
      const result = await db.execute(sql`select reltuples::int as n from pg_class where relname = 'users'`);
      const [row] = ((result as { rows?: { n: number }[] }).rows ?? result) as { n: number }[];
      expect(row?.n).toBeGreaterThan(0);
    }
    // Asked again the same day: the same jobs, not run again.
    expect((await enqueueDailyJobs(t.deps)).map((j) => j.id)).toEqual(a!.map((j) => j.id));
  });
});
