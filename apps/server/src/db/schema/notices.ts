import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';
import { users } from './users.ts';

/**
 * Notices for a user (the message centre reads them): kind, text, a link into the app.
 * A notice the system writes stores a catalogue key and its parameters (`messageKey`, `params`)
 * and is rendered in the reader's language; `text` then holds the Chinese rendering (what rows
 * written before the key existed hold too). A notice an administrator writes is only `text`.
 */
export const notices = pgTable(
  'notices',
  {
    id: uuid().primaryKey().defaultRandom(),
    recipientId: uuid()
      .notNull()
      .references(() => users.id),
    projectCode: text().references(() => projects.code),
    kind: text().notNull(),
    text: text().notNull(),
    link: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
    messageKey: text(),
    params: jsonb().$type<Record<string, string | number>>(),
  },
  (t) => [
    index('notices_recipient_created_idx').on(t.recipientId, t.createdAt.desc()),
    // The badge: a user's unread notices, counted from a small partial index.
    index('notices_unread_idx')
      .on(t.recipientId)
      .where(sql`${t.readAt} is null`),
    // The 90-day retention deletes by age.
    index('notices_created_idx').on(t.createdAt),
  ],
);
