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
 * A sample's drawn records in one section, in draw order: `recordIds[rank - 1]` (1 = first drawn).
 * One row per section rather than per record: a 10 % draw of a million records is three arrays,
 * not 100,000 indexed rows (migration 0028, docs/decisions/0209). No foreign key on the ids:
 * records are never deleted (only marked).
 */
export const acceptanceDraws = pgTable(
  'acceptance_draws',
  {
    sampleId: uuid()
      .notNull()
      .references(() => acceptanceSamples.id),
    sectionCode: text().notNull(),
    recordIds: uuid().array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.sampleId, t.sectionCode] })],
);

/**
 * A checked item and the outcome of its latest check; a drawn record with no row is not checked
 * yet. Kept beside the checks so counts and filters by result read only the checked items.
 */
export const acceptanceResults = pgTable(
  'acceptance_results',
  {
    sampleId: uuid()
      .notNull()
      .references(() => acceptanceSamples.id),
    recordId: uuid().notNull(),
    sectionCode: text().notNull(),
    /** The record's place in its section's draw (acceptance_draws). */
    rank: integer().notNull(),
    passed: boolean().notNull(),
    checkId: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sampleId, t.recordId] }),
    index('acceptance_results_order_idx').on(t.sampleId, t.sectionCode, t.rank),
  ],
);

/** Every check recorded (append-only: a re-check adds a row; acceptance_results points at the latest). */
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
