import { bigint, doublePrecision, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';
import { users } from './users.ts';

export const files = pgTable(
  'files',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectCode: text()
      .notNull()
      .references(() => projects.code),
    ownerId: uuid()
      .notNull()
      .references(() => users.id),
    kind: text().notNull(),
    originalName: text().notNull(),
    contentType: text().notNull(),
    bytes: bigint({ mode: 'number' }).notNull(),
    sha256: text().notNull(),
    storageKey: text().notNull().unique(),
    /** A photo's thumbnail in storage (made at upload). */
    thumbKey: text(),
    /** From a photo's EXIF, when it had them. */
    takenAt: timestamp({ withTimezone: true }),
    exifLong: doublePrecision(),
    exifLat: doublePrecision(),
    /** The camera (EXIF Make + Model), when the photo says. */
    camera: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_project_kind_idx').on(t.projectCode, t.kind), index('files_owner_idx').on(t.ownerId)],
);
