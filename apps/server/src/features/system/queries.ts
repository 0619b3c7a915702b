import { count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { jobs, users } from '../../db/schema/index.ts';
import type { JobRow } from '../../platform/jobs.ts';

export async function userCount(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/** Makes concurrent initialisations take turns (held until the transaction ends). */
export async function lockInitialisation(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${0x50_47_44_02})`);
}

export async function insertSuperAdmin(
  db: Executor,
  values: { account: string; name: string; passwordHash: string },
): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ ...values, isSuperAdmin: true })
    .returning({ id: users.id });
  return row!.id;
}

/** The latest job of `kind` (the demo load's). */
export async function latestJob(db: Executor, kind: string): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(eq(jobs.kind, kind))
    .orderBy(desc(jobs.createdAt))
    .limit(1);
  return row as JobRow | undefined;
}

export async function ping(db: Executor): Promise<void> {
  await db.execute(sql`select 1`);
}

async function one(db: Executor, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** Live users, live projects, accounts awaiting review, sessions seen in the last 30 minutes. */
export async function summaryCounts(db: Executor) {
  const [u, p, pending, online] = await Promise.all([
    one(db, sql`select count(*)::int as n from users where deleted_at is null`),
    one(db, sql`select count(*)::int as n from projects where deleted_at is null`),
    one(db, sql`select count(*)::int as n from users where deleted_at is null and status = 'pending'`),
    one(
      db,
      sql`select count(*)::int as n from sessions where ended_at is null and last_seen_at > now() - interval '30 minutes'`,
    ),
  ]);
  return { users: u, projects: p, pendingReviews: pending, onlineSessions: online };
}
