import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { files } from './files.ts';
import { projects } from './projects.ts';
import { records } from './records.ts';
import { users } from './users.ts';

/**
 * 无人机正射影像 (issue 32): a GeoTIFF kept in storage as fixed-size parts (docs/decisions/
 * 32-drone-orthophoto-parts.md). `uploading` until every part arrived and its header passed the
 * checks, then `ready`; a refused file leaves no row and no part.
 */
export const droneOrthophotos = pgTable(
  'drone_orthophotos',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectCode: text()
      .notNull()
      .references(() => projects.code),
    name: text().notNull(),
    state: text({ enum: ['uploading', 'ready'] })
      .notNull()
      .default('uploading'),
    size: bigint({ mode: 'number' }).notNull(),
    partSize: integer().notNull(),
    partCount: integer().notNull(),
    width: integer().notNull().default(0),
    height: integer().notNull().default(0),
    bands: smallint().notNull().default(0),
    hasNir: smallint().notNull().default(0),
    epsg: integer().notNull().default(0),
    /** Pixel → CRS: [originX, resX, originY, resY] (north-up, no rotation). */
    transform: jsonb().$type<number[]>(),
    /** WGS 84 bounds. */
    west: doublePrecision().notNull().default(0),
    south: doublePrecision().notNull().default(0),
    east: doublePrecision().notNull().default(0),
    north: doublePrecision().notNull().default(0),
    /** Ground resolution, metres per pixel. */
    gsd: doublePrecision().notNull().default(0),
    /** Sensitivity chosen on the candidates screen: candidates at or above it are shown and become tasks. */
    threshold: real().notNull().default(0.5),
    detectState: text({ enum: ['none', 'queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('none'),
    detectProgress: smallint().notNull().default(0),
    detectMessage: text().notNull().default(''),
    jobId: uuid(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('drone_orthophotos_project_idx').on(t.projectCode, t.createdAt.desc())],
);

/** Parts received of an orthophoto still uploading (a restarted upload sends only the missing ones). */
export const droneParts = pgTable(
  'drone_parts',
  {
    orthophotoId: uuid()
      .notNull()
      .references(() => droneOrthophotos.id, { onDelete: 'cascade' }),
    n: integer().notNull(),
    size: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.orthophotoId, t.n] })],
);

export const candidateStates = [
  'candidate',
  'dropped',
  'open',
  'confirmed',
  'not_pine',
  'not_found',
  'felled',
] as const;

/**
 * A dead-crown candidate found by the detector; once issued it is the verification task of the
 * section it lies in (open → confirmed / not_pine / not_found; confirmed → felled when a felling
 * record is stored within the project's radius).
 */
export const droneCandidates = pgTable(
  'drone_candidates',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectCode: text()
      .notNull()
      .references(() => projects.code),
    orthophotoId: uuid()
      .notNull()
      .references(() => droneOrthophotos.id, { onDelete: 'cascade' }),
    lng: doublePrecision().notNull(),
    lat: doublePrecision().notNull(),
    /** Pixel position in the orthophoto (the chip is cut around it). */
    px: integer().notNull(),
    py: integer().notNull(),
    areaM2: real('area_m2').notNull(),
    score: real().notNull(),
    sectionCode: text().notNull().default(''),
    state: text({ enum: candidateStates }).notNull().default('candidate'),
    issuedAt: timestamp({ withTimezone: true }),
    checkedBy: uuid().references(() => users.id),
    checkedAt: timestamp({ withTimezone: true }),
    checkLng: doublePrecision(),
    checkLat: doublePrecision(),
    photoFileId: uuid().references(() => files.id),
    reason: text().notNull().default(''),
    fellingRecordId: uuid().references(() => records.id),
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('drone_candidates_ortho_score_idx').on(t.orthophotoId, t.score.desc()),
    index('drone_candidates_tasks_idx')
      .on(t.projectCode, t.state, t.sectionCode)
      .where(sql`state <> 'candidate' and state <> 'dropped'`),
    index('drone_candidates_position_idx')
      .on(t.projectCode, t.lng, t.lat)
      .where(sql`state = 'confirmed'`),
  ],
);

/** Per project: the radius a felling closes a confirmed candidate in, and the days a task may stay open. */
export const droneSettings = pgTable('drone_settings', {
  projectCode: text()
    .primaryKey()
    .references(() => projects.code),
  closeRadiusM: real().notNull().default(5),
  openWindowDays: integer().notNull().default(14),
});
