import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';
import { users } from './users.ts';

/**
 * 二维码批次 (flag): a batch of tags printed together, e.g. "KH-BD01 2026-11". Batches form a tree
 * (a batch may sit under another, e.g. per section then per month); `count` is kept with each add.
 */
export const qrFlags = pgTable(
  'qr_flags',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    projectCode: text()
      .notNull()
      .references(() => projects.code),
    parentId: integer(),
    name: text().notNull(),
    /** The section printed on its labels (optional). */
    sectionCode: text(),
    count: integer().notNull().default(0),
    createdBy: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('qr_flags_name_idx').on(t.projectCode, t.name)],
);

/**
 * 二维码: one printed tag. `code` is random (crypto), Crockford base32 with a check character,
 * optionally behind a prefix; unique across installations' projects. `seq` orders a batch.
 * Its state is not stored: it follows the records that name it (see features/qrTags).
 */
export const qrTags = pgTable(
  'qr_tags',
  {
    code: text().primaryKey(),
    projectCode: text()
      .notNull()
      .references(() => projects.code),
    flagId: integer()
      .notNull()
      .references(() => qrFlags.id),
    seq: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('qr_tags_flag_seq_idx').on(t.flagId, t.seq),
    index('qr_tags_project_idx').on(t.projectCode, t.flagId, t.seq),
  ],
);
