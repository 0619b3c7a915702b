import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  foreignKey,
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
import { files } from './files.ts';
import { projects, sections } from './projects.ts';
import { users } from './users.ts';

/**
 * 劳务人员 (lwry): a person working in one project. The same person (ID number) may work in two
 * projects, once per project. Deleted workers are kept (deletedAt) with their history.
 */
export const workers = pgTable(
  'workers',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectCode: text()
      .notNull()
      .references(() => projects.code),
    sectionCode: text().notNull(),
    name: text().notNull(),
    idNumber: text().notNull(),
    phone: text().notNull(),
    /** Derived from the ID number: 1 male, 0 female; yyyy-MM-dd; GB/T 2260 region of issue. */
    sex: smallint().notNull(),
    birthDate: date({ mode: 'string' }).notNull(),
    regionCode: text().notNull(),
    team: text().notNull().default(''),
    job: text().notNull().default(''),
    idCardFrontId: uuid().references(() => files.id),
    idCardBackId: uuid().references(() => files.id),
    currentFaceId: uuid(),
    insured: boolean().notNull().default(false),
    insurer: text().notNull().default(''),
    policyNo: text().notNull().default(''),
    insuranceStart: date({ mode: 'string' }),
    insuranceEnd: date({ mode: 'string' }),
    /**
     * The insurance end date for which the "insurance ending" notice was sent (the daily check sends
     * it once per worker per end date; a new end date is noticed again).
     */
    insuranceNoticeEnd: date({ mode: 'string' }),
    /** 0 pending, 1 approved, 2 rejected (wire examineStatus). */
    reviewStatus: smallint().notNull().default(0),
    reviewReason: text().notNull().default(''),
    reviewedBy: uuid().references(() => users.id),
    reviewedAt: timestamp({ withTimezone: true }),
    clockIn: boolean().notNull().default(false),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    foreignKey({
      columns: [t.projectCode, t.sectionCode],
      foreignColumns: [sections.projectCode, sections.code],
    }),
    uniqueIndex('workers_project_id_number_uq')
      .on(t.projectCode, t.idNumber)
      .where(sql`${t.deletedAt} is null`),
    // The list's order is `created_at desc, id desc`, which PostgreSQL reads as NULLS FIRST: the
    // indexes must say so too, or they cannot give the order (a sort of the whole project follows).
    index('workers_project_created_idx').on(
      t.projectCode,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('workers_project_review_created_idx').on(
      t.projectCode,
      t.reviewStatus,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('workers_project_section_created_idx').on(
      t.projectCode,
      t.sectionCode,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('workers_project_insurance_end_idx').on(t.projectCode, t.insuranceEnd),
    // Keyword search (workerWhere): a phone or ID-number prefix by these pattern-ops btrees (LIKE
    // 'x%' cannot use a plain btree under a non-C collation), a name by the trigram index.
    index('workers_project_phone_idx').on(t.projectCode, t.phone.op('text_pattern_ops')),
    index('workers_project_id_number_idx').on(t.projectCode, t.idNumber.op('text_pattern_ops')),
    index('workers_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    // Keywords of one or two characters (most Chinese given names) yield no trigram: their names'
    // single characters and pairs, from worker_name_grams() (created in migration 0006), answer them.
    index('workers_name_grams_idx').using('gin', sql`worker_name_grams(${t.name})`),
    index('workers_clock_in_insurance_idx')
      .on(t.insuranceEnd)
      .where(sql`${t.clockIn}`),
  ],
);

/** Face photos of a worker; `workers.currentFaceId` names the one used for clock-in. */
export const workerFaces = pgTable(
  'worker_faces',
  {
    id: uuid().primaryKey().defaultRandom(),
    workerId: uuid()
      .notNull()
      .references(() => workers.id),
    fileId: uuid()
      .notNull()
      .references(() => files.id),
    createdBy: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('worker_faces_worker_idx').on(t.workerId, t.createdAt)],
);

/** What happened to a worker, newest last: the timeline of the detail view. actorId null = the system. */
export const workerHistory = pgTable(
  'worker_history',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    workerId: uuid()
      .notNull()
      .references(() => workers.id),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorId: uuid().references(() => users.id),
    action: text().notNull(),
    text: text().notNull().default(''),
    data: jsonb(),
  },
  (t) => [index('worker_history_worker_idx').on(t.workerId, t.at)],
);

/**
 * Clock-ins (打卡) from the field app: the worker matched to the signed-in account, where and when
 * (device time), the face photo taken. `uuid` is the device's id: resending stores it once.
 */
export const clockIns = pgTable(
  'clock_ins',
  {
    id: uuid().primaryKey().defaultRandom(),
    uuid: uuid().notNull(),
    workerId: uuid()
      .notNull()
      .references(() => workers.id),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    projectCode: text()
      .notNull()
      .references(() => projects.code),
    sectionCode: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    gpsLong: doublePrecision().notNull(),
    gpsLat: doublePrecision().notNull(),
    gpsRange: doublePrecision().notNull().default(0),
    faceFileId: uuid()
      .notNull()
      .references(() => files.id),
  },
  (t) => [
    uniqueIndex('clock_ins_uuid_uq').on(t.uuid),
    index('clock_ins_worker_at_idx').on(t.workerId, t.at.desc(), t.id.desc()),
    index('clock_ins_project_at_idx').on(t.projectCode, t.at),
  ],
);
