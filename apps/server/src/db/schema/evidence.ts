import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A photo's 64-bit dHash per record that carries it (issue 30, features/evidence), split into four
 * 16-bit bands, each indexed per project: two hashes within 7 bits share a band within one bit,
 * so the duplicate lookup probes 17 values per band (docs/decisions/0211-photo-hash-index.md).
 */
export const photoHashes = pgTable(
  'photo_hashes',
  {
    recordId: uuid().notNull(),
    fileId: uuid().notNull(),
    /** 0 the photo, 1 and 2 its centre cut by 4 % and 8 % (dhash.ts CROP_VARIANTS). */
    variant: smallint().notNull().default(0),
    projectCode: text().notNull(),
    hash: bigint({ mode: 'bigint' }).notNull(),
    b0: integer().notNull(),
    b1: integer().notNull(),
    b2: integer().notNull(),
    b3: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'photo_hashes_pk', columns: [t.recordId, t.fileId, t.variant] }),
    // b0–b3 also INCLUDE (hash, record_id, file_id) in SQL (migration 0028): index-only lookups.
    index('photo_hashes_b0_idx').on(t.projectCode, t.b0),
    index('photo_hashes_b1_idx').on(t.projectCode, t.b1),
    index('photo_hashes_b2_idx').on(t.projectCode, t.b2),
    index('photo_hashes_b3_idx').on(t.projectCode, t.b3),
    index('photo_hashes_file_idx').on(t.fileId),
  ],
);

/** Records written since their evidence was last checked (the after-write hook adds, the job drains). */
export const evidencePending = pgTable(
  'evidence_pending',
  {
    recordId: uuid().primaryKey(),
    projectCode: text().notNull(),
    queuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('evidence_pending_project_idx').on(t.projectCode, t.queuedAt)],
);
