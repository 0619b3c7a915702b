import {
  doublePrecision,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';

/**
 * 焚烧点: an approved site where a project's infested wood is destroyed. Burn records name it by
 * `name` in their `fsd` field, so the name is unique within the project.
 */
export const burnPoints = pgTable(
  'burn_points',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectCode: text()
      .notNull()
      .references(() => projects.code),
    /** The section it serves, when it serves one. */
    sectionCode: text(),
    name: text().notNull(),
    /** incinerator | open | chipping */
    kind: text().notNull(),
    gpsLong: doublePrecision().notNull(),
    gpsLat: doublePrecision().notNull(),
    /** Township (9-digit GB/T 2260 code) from the area data, or ''. */
    townshipCode: text().notNull().default(''),
    /** Tonnes a day it can take. */
    capacity: numeric({ precision: 10, scale: 2, mode: 'number' }),
    personInCharge: text().notNull().default(''),
    phone: text().notNull().default(''),
    /** approved | suspended */
    state: text().notNull().default('approved'),
    /** File ids (files platform) of its photos. */
    photos: jsonb().$type<string[]>().notNull().default([]),
    remarks: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('burn_points_project_name_uq').on(t.projectCode, t.name),
    index('burn_points_project_idx').on(t.projectCode, t.createdAt),
  ],
);
