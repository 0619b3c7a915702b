import { date, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';
import { users } from './users.ts';
import { workers } from './workers.ts';

/**
 * 安全台账: one safety briefing, training, drill or incident of a project (issue #17), with the
 * file ids of its photos; its attendees are rows of `safety_attendees`.
 */
export const safetyRecords = pgTable(
  'safety_records',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectCode: text()
      .notNull()
      .references(() => projects.code),
    /** briefing | training | drill | incident */
    kind: text().notNull(),
    title: text().notNull(),
    heldOn: date({ mode: 'string' }).notNull(),
    place: text().notNull().default(''),
    host: text().notNull().default(''),
    /** The section it concerns; null: the whole project. */
    sectionCode: text(),
    content: text().notNull().default(''),
    photoIds: jsonb().$type<string[]>().notNull().default([]),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('safety_records_project_held_idx').on(t.projectCode, t.heldOn.desc(), t.id.desc())],
);

/** Who attended a safety record: workers of the record's project. */
export const safetyAttendees = pgTable(
  'safety_attendees',
  {
    recordId: uuid()
      .notNull()
      .references(() => safetyRecords.id, { onDelete: 'cascade' }),
    workerId: uuid()
      .notNull()
      .references(() => workers.id),
  },
  (t) => [
    primaryKey({ columns: [t.recordId, t.workerId] }),
    index('safety_attendees_worker_idx').on(t.workerId),
  ],
);
