import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Account status: only `active` accounts may sign in. */
export const userStatuses = ['active', 'pending', 'rejected', 'disabled'] as const;

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    account: text().notNull(),
    name: text().notNull(),
    /** scrypt of the client hash: `scrypt$N$r$p$salt$key`, never what the client sent. */
    passwordHash: text().notNull(),
    phone: text(),
    avatar: text().notNull().default(''),
    sex: smallint(),
    birthday: text(),
    introduction: text().notNull().default(''),
    isSuperAdmin: boolean().notNull().default(false),
    status: text({ enum: userStatuses }).notNull().default('active'),
    statusReason: text(),
    gpsLong: doublePrecision(),
    gpsLat: doublePrecision(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // Accounts are unique among live users, case-insensitively; a deleted account's name may be reused.
    uniqueIndex('users_account_live_uq')
      .on(sql`lower(${t.account})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);
