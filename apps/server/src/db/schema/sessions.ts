import { index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { roles } from './roles.ts';
import { users } from './users.ts';

export const sessionEndReasons = ['logout', 'password', 'elsewhere', 'deleted', 'role'] as const;

/** A signed-in session. Only the SHA-256 of the token is kept, so a leaked table grants nothing. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull().unique(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    client: smallint().notNull(),
    projectCode: text(),
    roleId: integer().references(() => roles.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestamp({ withTimezone: true }),
    endReason: text({ enum: sessionEndReasons }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed sign-ins, counted per account and per address inside a sliding window. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    key: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_at_idx').on(t.key, t.at)],
);
