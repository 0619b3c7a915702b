import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { areas } from './areas.ts';
import { users } from './users.ts';

/** A prevention project (项目, the spec's prj1 / main project): usually one county's yearly campaign. */
export const projects = pgTable(
  'projects',
  {
    code: text().primaryKey(),
    name: text().notNull(),
    areaCode: text()
      .notNull()
      .references(() => areas.code),
    year: integer(),
    ownerUnit: text().notNull().default(''),
    description: text().notNull().default(''),
    startDate: text(),
    endDate: text(),
    /** Days a felled tree may wait before it is burnt (the QR chain's window, 焚烧时限). */
    burnWindowDays: integer().notNull().default(10),
    /** Evidence thresholds (issue 30, features/evidence/settings.ts documents each). */
    photoBeforeHours: integer().notNull().default(72),
    photoPlaceM: integer().notNull().default(50),
    photoDupBits: smallint().notNull().default(5),
    outlineToleranceM: integer().notNull().default(50),
    photoExifRequired: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('projects_area_idx').on(t.areaCode)],
);

/** 标段: a contract lot of a project, worked by one contractor team. */
export const sections = pgTable(
  'sections',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectCode: text()
      .notNull()
      .references(() => projects.code),
    code: text().notNull(),
    name: text().notNull(),
    contractor: text().notNull().default(''),
    managerId: uuid().references(() => users.id),
    /** Townships (9-digit codes) the section covers. */
    areaCodes: jsonb().$type<string[]>().notNull().default([]),
    plannedTrees: integer(),
    plannedVolume: numeric({ precision: 12, scale: 2, mode: 'number' }),
    /**
     * Imported boundary: MultiPolygon coordinates, WGS 84 [lng, lat]
     * (docs/decisions/0163-boundary-import.md).
     */
    boundary: jsonb().$type<number[][][][]>(),
    /** How many positions the boundary holds (shown in the section list without reading the boundary). */
    boundaryVertices: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('sections_project_code_uq').on(t.projectCode, t.code),
    index('sections_manager_idx').on(t.managerId),
  ],
);

/**
 * 标段分配: the sections a member (a field worker) records in. A member with the worker role and no
 * row here records nowhere; other roles are not limited by it.
 */
export const userSections = pgTable(
  'user_sections',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id),
    projectCode: text()
      .notNull()
      .references(() => projects.code),
    sectionCode: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.projectCode, t.sectionCode] }),
    index('user_sections_project_idx').on(t.projectCode, t.sectionCode),
  ],
);
