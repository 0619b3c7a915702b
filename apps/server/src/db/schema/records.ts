import { sql } from 'drizzle-orm';
import {
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
 * 采集记录: one row of a project's standard table. Fixed fields are real columns (the list filters
 * and sorts by them); the table's dynamic fields live in `fields` (JSONB keyed by column code).
 * `id` is the client's uuid (the field app makes it before upload), so a resend is a conflict on
 * the primary key, never a second row.
 */
export const records = pgTable(
  'records',
  {
    id: uuid().primaryKey(),
    projectCode: text()
      .notNull()
      .references(() => projects.code),
    tableCode: text().notNull(),
    sectionCode: text().notNull(),
    collectorId: uuid()
      .notNull()
      .references(() => users.id),
    /** When the device saved it. */
    timeSubmit: timestamp({ withTimezone: true }).notNull(),
    /** When the server received it. */
    timeUpdate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    timeEdit: timestamp({ withTimezone: true }),
    editorId: uuid().references(() => users.id),
    gpsLong: doublePrecision().notNull().default(0),
    gpsLat: doublePrecision().notNull().default(0),
    gpsAlt: doublePrecision().notNull().default(0),
    gpsRange: doublePrecision().notNull().default(0),
    gpsXian: text().notNull().default(''),
    gpsXiang: text().notNull().default(''),
    gpsXzcun: text().notNull().default(''),
    gpsXiaoban: text().notNull().default(''),
    /** 10 uploaded, 20 approved, 30 sent back, 40 rejected. */
    state: text().notNull().default('10'),
    stateReason: text(),
    fields: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** The standard table's descriptor version the fields were validated against. */
    descriptorVersion: integer().notNull().default(1),
    /** Lower-cased words of the text fields and place names; code values without their shared prefix. */
    searchText: text().notNull().default(''),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('records_list_idx')
      .on(t.projectCode, t.tableCode, t.timeSubmit.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`deleted_at is null`),
    index('records_section_state_idx')
      .on(
        t.projectCode,
        t.tableCode,
        t.sectionCode,
        t.state,
        t.timeSubmit.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`deleted_at is null`),
    index('records_state_idx')
      .on(t.projectCode, t.tableCode, t.state, t.timeSubmit.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`deleted_at is null`),
    index('records_deleted_idx')
      .on(t.projectCode, t.tableCode, t.deletedAt.desc().nullsFirst())
      .where(sql`deleted_at is not null`),
    // The GIS map (features/gisMap): the viewport's longitude range, every filter inside the index.
    index('records_gis_idx')
      .on(t.projectCode, t.gpsLong, t.gpsLat, t.tableCode, t.sectionCode, t.state, t.timeSubmit)
      .where(sql`deleted_at is null`),
    // The field app's "my records of the last 30 days" (POST /api/collect/mine).
    index('records_collector_idx')
      .on(t.collectorId, t.projectCode, t.timeSubmit.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`deleted_at is null`),
    index('records_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // QR tags: the felling record naming a tag (field qrcode), the burn records listing it (multi_qrcode).
    index('records_qrcode_idx')
      .on(t.projectCode, sql`(${t.fields} ->> 'qrcode')`)
      .where(sql`deleted_at is null and (fields ->> 'qrcode') is not null`),
    // No pending list (fastupdate off): every chain check looks tags up here right after an
    // ingestion wrote them, and a pending list is read whole on each probe (47 ms once filled).
    index('records_burn_qrcodes_idx')
      .using('gin', sql`string_to_array(${t.fields} ->> 'multi_qrcode', ',')`)
      .with({ fastupdate: false })
      .where(sql`deleted_at is null and (fields ->> 'multi_qrcode') is not null`),
  ],
);

/** Every change of a record: created, corrected (before/after per field), state changes, deletes. */
export const recordHistory = pgTable(
  'record_history',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    recordId: uuid()
      .notNull()
      .references(() => records.id),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorId: uuid()
      .notNull()
      .references(() => users.id),
    action: text().notNull(),
    reason: text(),
    changes: jsonb().$type<{ field: string; label: string; before: unknown; after: unknown }[]>(),
  },
  (t) => [index('record_history_record_idx').on(t.recordId, t.id)],
);

/**
 * Live (not deleted) records per project, table, section, state and day (China time): the list's
 * total without a keyword is a sum over these rows. Kept in the same transaction as each write,
 * one upsert per group of a batch.
 */
export const recordCounts = pgTable(
  'record_counts',
  {
    projectCode: text().notNull(),
    tableCode: text().notNull(),
    sectionCode: text().notNull(),
    state: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    /** The record's township name (gps_xiang), '' when unknown: the township progress level. */
    township: text().notNull().default(''),
    n: integer().notNull().default(0),
    /**
     * Sum of the records' quantity (trees) for tables that carry one (see records/rollup.ts:
     * 枯死株数 of the survey, 疫木数量 in 株 of burning); 0 for the others.
     */
    qty: doublePrecision().notNull().default(0),
    /** Burnt wood recorded in 吨 and in 立方米 (never added to trees: docs/decisions/0194-units-and-limits.md). */
    tons: doublePrecision().notNull().default(0),
    m3: doublePrecision().notNull().default(0),
    /** QR tags named: 1 per felling record with a tag, the listed codes of a burn record. */
    tags: integer().notNull().default(0),
    /** Felling records whose stump is treated and within the height limit (伐桩合格). */
    treated: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectCode, t.tableCode, t.sectionCode, t.state, t.day, t.township] })],
);

/**
 * Live records per project, table, section, state and base map cell (gisMap): the map's views up to
 * zoom 13 sum these rows instead of scanning the records in view. `cx`/`cy` are
 * floor(gps / MAP_BASE_CELL) (records/rollup.ts); records without a position (0, 0) are left out.
 * The sums of the positions give each cell's centroid. Kept with record_counts, by the same deltas.
 */
export const recordCells = pgTable(
  'record_cells',
  {
    projectCode: text().notNull(),
    cx: integer().notNull(),
    cy: integer().notNull(),
    tableCode: text().notNull(),
    sectionCode: text().notNull(),
    state: text().notNull(),
    n: integer().notNull().default(0),
    sumLong: doublePrecision().notNull().default(0),
    sumLat: doublePrecision().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectCode, t.cx, t.cy, t.tableCode, t.sectionCode, t.state] })],
);
