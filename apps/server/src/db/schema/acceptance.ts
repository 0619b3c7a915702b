import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';
import { users } from './users.ts';

/**
 * 检查验收 (issue 30): one drawn sample. Immutable once drawn: who, when, the parameters and the
 * seed, and the population of each section at the draw (`strata`), so the draw can be audited and
 * repeated (docs/acceptance.md).
 */
export const acceptanceSamples = pgTable(
  'acceptance_samples',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectCode: text()
      .notNull()
      .references(() => projects.code),
    name: text().notNull().default(''),
    seed: text().notNull(),
    sharePct: doublePrecision().notNull(),
    begin: date({ mode: 'string' }).notNull(),
    end: date({ mode: 'string' }).notNull(),
    tableCodes: text().array().notNull(),
    sectionCodes: text().array().notNull(),
    /** Per section at the draw: [{ sectionCode, population, drawn }]. */
    strata: jsonb().$type<{ sectionCode: string; population: number; drawn: number }[]>().notNull(),
    population: integer().notNull(),
    drawn: integer().notNull(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('acceptance_samples_project_idx').on(t.projectCode, t.createdAt.desc().nullsFirst())],
);

/**
 * A sampled record and the outcome of its latest check (null: not checked yet). `rank` is its
 * place in the draw's order within its section (1 = first drawn).
 */
export const acceptanceItems = pgTable(
  'acceptance_items',
  {
    sampleId: uuid()
      .notNull()
      .references(() => acceptanceSamples.id),
    /** No foreign key: records are never deleted (only marked), and a 100,000-row draw skips the check. */
    recordId: uuid().notNull(),
    sectionCode: text().notNull(),
    rank: integer().notNull(),
    passed: boolean(),
    checkId: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.sampleId, t.recordId] }),
    index('acceptance_items_order_idx').on(t.sampleId, t.sectionCode, t.rank),
  ],
);

/** Every check recorded (append-only: a re-check adds a row; the item points at the latest). */
export const acceptanceChecks = pgTable(
  'acceptance_checks',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    sampleId: uuid().notNull(),
    recordId: uuid().notNull(),
    /** The phone's id of this check: a resend from the offline queue is stored once. */
    clientId: uuid().notNull().unique(),
    found: boolean().notNull(),
    stumpCm: doublePrecision(),
    covered: boolean(),
    branches: boolean(),
    disposal: boolean(),
    photos: text().array().notNull(),
    gpsLong: doublePrecision(),
    gpsLat: doublePrecision(),
    gpsRange: doublePrecision(),
    remark: text().notNull().default(''),
    passed: boolean().notNull(),
    reasons: text().array().notNull(),
    checkedBy: uuid()
      .notNull()
      .references(() => users.id),
    checkedAt: timestamp({ withTimezone: true }).notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('acceptance_checks_item_idx').on(t.sampleId, t.recordId, t.id)],
);
