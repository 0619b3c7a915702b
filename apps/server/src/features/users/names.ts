import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { onChange } from '../../platform/changes.ts';

/**
 * Accounts and names of users by id, kept in process: lists name each row's collector and editor
 * from here instead of joining users per row (two joins were a tenth of a list call). A rename,
 * suspension or deletion anywhere reaches every instance through the change feed (the users
 * trigger notifies 'u:<id>'), which drops that user here; a lost feed drops everyone.
 */
export type UserName = { account: string; name: string };

const MAX_NAMES = 50_000;
let byDb = new WeakMap<object, Map<string, UserName>>();

function namesOf(db: object): Map<string, UserName> {
  let names = byDb.get(db);
  if (!names) byDb.set(db, (names = new Map()));
  return names;
}

/** Goes up at every change heard: names read before one are used once, not kept. */
let version = 0;

onChange((db, change) => {
  if (change.kind === 'user' || change.kind === 'lost') version += 1;
  if (change.kind === 'user') {
    if (db) byDb.get(db)?.delete(change.id);
    // A write of this process (no database to key by): forget the user everywhere here.
    else byDb = new WeakMap();
  } else if (change.kind === 'lost' && db) {
    byDb.delete(db);
  }
});

/** Names of `ids` (unknown ids are left out): at most one statement, none when all are known. */
export async function userNames(db: Executor, ids: Iterable<string>): Promise<Map<string, UserName>> {
  const names = namesOf(db);
  const found = new Map<string, UserName>();
  const missing: string[] = [];
  for (const id of ids) {
    const known = names.get(id);
    if (known) found.set(id, known);
    else if (!found.has(id)) missing.push(id);
  }
  if (!missing.length) return found;
  const unique = [...new Set(missing)];
  const before = version;
  const rows = await db
    .select({ id: users.id, account: users.account, name: users.name })
    .from(users)
    .where(inArray(users.id, unique));
  const keep = before === version;
  if (keep && names.size + rows.length > MAX_NAMES) names.clear();
  for (const r of rows) {
    const entry = { account: r.account, name: r.name };
    if (keep) names.set(r.id, entry);
    found.set(r.id, entry);
  }
  return found;
}
