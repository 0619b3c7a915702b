import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Background work stored in the database (platform/jobs.ts): queued, claimed by one instance with
 * `FOR UPDATE SKIP LOCKED` and a lease (`lockedUntil`, renewed by a heartbeat), retried with
 * backoff, cancelled, and taken up again when the instance that held it died.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().notNull(),
    projectCode: text(),
    userId: uuid().references(() => users.id),
    params: jsonb().$type<unknown>(),
    /** queued | running | done | failed | cancelled */
    status: text().notNull().default('queued'),
    progress: smallint().notNull().default(0),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(3),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedBy: text(),
    lockedUntil: timestamp({ withTimezone: true }),
    /** Deduplicates scheduled jobs across instances, e.g. one insurance check per China day. */
    uniqueKey: text(),
    result: jsonb().$type<unknown>(),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // The claim reads due queued jobs in run order; the reclaim reads running jobs by lease.
    index('jobs_queued_run_at_idx')
      .on(t.runAt, t.id)
      .where(sql`${t.status} = 'queued'`),
    index('jobs_running_lease_idx')
      .on(t.lockedUntil)
      .where(sql`${t.status} = 'running'`),
    uniqueIndex('jobs_kind_unique_key_uq')
      .on(t.kind, t.uniqueKey)
      .where(sql`${t.uniqueKey} is not null`),
    index('jobs_user_idx').on(t.userId),
  ],
);

/**
 * 导出记录 (§3 export record): one file a user asked for. status −1 expired, 0 exporting,
 * 1 finished, 2 failed (wire `status`); downloadType 1 map file, 2 Excel, 3 other.
 */
export const exportRecords = pgTable(
  'export_records',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    projectCode: text().notNull(),
    name: text().notNull(),
    /** shapefile | excel | geojson | media */
    format: text().notNull(),
    downloadType: smallint().notNull(),
    status: smallint().notNull().default(0),
    progress: smallint().notNull().default(0),
    jobId: uuid(),
    storageKey: text(),
    fileName: text(),
    size: integer(),
    rows: integer(),
    error: text(),
    filter: jsonb().$type<unknown>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('export_records_user_created_idx').on(t.userId, t.createdAt),
    index('export_records_created_idx').on(t.createdAt),
  ],
);
