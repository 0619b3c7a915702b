import { sql } from 'drizzle-orm';
import { date, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';
import { records } from './records.ts';
import { users } from './users.ts';

/**
 * 疑点: one thing about one record that needs a supervisor's look (a stump too high, a broken QR
 * chain, a burn outside the window…). The record is always kept; the anomaly carries the evidence
 * and its own life: open → explained (with a note) or confirmed (the record is then rejected or
 * corrected); `cleared` when a later write made it moot (the missing felling arrived).
 * One row per (record, kind, tag): re-checking a record never duplicates.
 */
export const anomalies = pgTable(
  'anomalies',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectCode: text()
      .notNull()
      .references(() => projects.code),
    recordId: uuid()
      .notNull()
      .references(() => records.id),
    tableCode: text().notNull(),
    sectionCode: text().notNull(),
    /** The record's China day (filters and per-day figures). */
    day: date({ mode: 'string' }).notNull(),
    kind: text().notNull(),
    /** The QR tag concerned ('' for kinds about the record itself). */
    tagCode: text().notNull().default(''),
    /** The other record of the evidence (the first felling of a tag felled twice…). */
    otherRecordId: uuid(),
    evidence: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    state: text({ enum: ['open', 'explained', 'confirmed', 'cleared'] })
      .notNull()
      .default('open'),
    note: text().notNull().default(''),
    resolvedBy: uuid().references(() => users.id),
    resolvedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('anomalies_record_kind_tag_uq').on(t.recordId, t.kind, t.tagCode),
    // The list: newest first within a project, by state; section and kind filters ride on it.
    index('anomalies_list_idx').on(
      t.projectCode,
      t.state,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('anomalies_section_idx').on(t.projectCode, t.sectionCode, t.state, t.kind),
    index('anomalies_tag_idx')
      .on(t.projectCode, t.tagCode)
      .where(sql`tag_code <> ''`),
  ],
);
