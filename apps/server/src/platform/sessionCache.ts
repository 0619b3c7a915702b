import { type Change, onChange } from './changes.ts';

/**
 * Resolved sessions, remembered per database for a few seconds, so that a read call costs its own
 * statement and not the session's too. Kept true by the change feed: the database tells every
 * instance on commit which session, user or project a write touched (platform/changes.ts), and
 * the entries it concerns are dropped; a load that was in flight when a change arrived is not kept.
 *
 * This process's own writes also say so at once (`changedHere`): between such a write and its
 * notification's arrival (at most one time-to-live), nothing it concerns is remembered, and an
 * entry remembered before it is dropped. So sign-out, suspension or a role
 * edit is refused on the very next call here, and within the notification's delay elsewhere.
 */
export type CachedSession<T> = {
  value: T;
  sessionId: string;
  userId: string;
  /** The session's selected project as stored (the value may say none, when it is not live). */
  projectCode: string | null;
  expiresAt: number;
  lastSeenAt: number;
};

type Entry<T> = CachedSession<T> & { at: number };

export const SESSION_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 20_000;

/**
 * When this process last changed each session, user and project itself (and everything, for a
 * role), as one cache knows it: what it concerns is kept out of that cache until the cache's own
 * database says it committed the change, or for one TTL when it says nothing (a rolled-back write,
 * an update that matched nothing). Per cache, not per process: two instances in one process (the
 * tests') hear one commit at different moments, and one instance's notice must not settle a change
 * for the other while that one still holds the copy from before it. Maps, not a list: a burst of
 * sign-ins (each ends the user's other sessions) must not make every call scan the burst.
 */
class LocalChanges {
  private sessions = new Map<string, number>();
  private users = new Map<string, number>();
  private projects = new Map<string, number>();
  private all = -Infinity;

  /** The time of this process's last unsettled change that concerns `e`, or -Infinity. */
  lastFor(e: { sessionId: string; userId: string; projectCode: string | null }): number {
    return Math.max(
      this.all,
      this.sessions.get(e.sessionId) ?? -Infinity,
      this.users.get(e.userId) ?? -Infinity,
      e.projectCode === null ? -Infinity : (this.projects.get(e.projectCode) ?? -Infinity),
    );
  }

  record(change: Change, now: number) {
    if (change.kind === 'session') this.sessions.set(change.id, now);
    else if (change.kind === 'user') this.users.set(change.id, now);
    else if (change.kind === 'project') this.projects.set(change.code, now);
    else this.all = now;
    if (this.sessions.size + this.users.size + this.projects.size > 10_000) {
      for (const m of [this.sessions, this.users, this.projects]) {
        for (const [k, at] of m) if (now - at > SESSION_CACHE_TTL_MS) m.delete(k);
      }
    }
  }

  settle(change: Change) {
    if (change.kind === 'session') this.sessions.delete(change.id);
    else if (change.kind === 'user') this.users.delete(change.id);
    else if (change.kind === 'project') this.projects.delete(change.code);
    else if (change.kind === 'roles') this.all = -Infinity;
  }
}

function concerns(change: Change, e: { sessionId: string; userId: string; projectCode: string | null }) {
  switch (change.kind) {
    case 'session':
      return change.id === e.sessionId;
    case 'user':
      return change.id === e.userId;
    case 'project':
      return change.code === e.projectCode;
    case 'roles':
    case 'lost':
      return true;
    case 'counts':
    case 'workers':
      return false;
  }
}

export class SessionCache<T> {
  private entries = new Map<string, Entry<T>>();
  private local = new LocalChanges();
  /** Goes up at every change this cache hears of: a load begun before it is not kept. */
  private seq = 0;

  /** A remembered session, or undefined (never remembered, dropped, aged out or past its expiry). */
  get(key: string, now = Date.now()): Entry<T> | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (now - hit.at >= SESSION_CACHE_TTL_MS || hit.expiresAt <= now || this.local.lastFor(hit) >= hit.at) {
      this.entries.delete(key);
      return undefined;
    }
    return hit;
  }

  /** Marks the start of a load: `put` keeps its answer only if nothing changed meanwhile. */
  mark(): number {
    return this.seq;
  }

  put(key: string, entry: CachedSession<T>, mark: number): void {
    if (mark !== this.seq) return;
    const now = Date.now();
    if (now - this.local.lastFor(entry) <= SESSION_CACHE_TTL_MS) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { ...entry, at: now });
  }

  /** A write of this process (maybe in a transaction not yet committed) that `change` names. */
  changedHere(change: Change, now = Date.now()): void {
    this.seq += 1;
    this.local.record(change, now);
  }

  /** The database's notice of a committed change: copies it concerns go, and it is settled here. */
  apply(change: Change): void {
    if (change.kind === 'counts' || change.kind === 'workers') return;
    this.seq += 1;
    // The database has committed what this process changed and said so: entries stored from now
    // on read the change (a load begun before is refused by the count of changes).
    this.local.settle(change);
    if (change.kind === 'roles' || change.kind === 'lost') {
      this.entries.clear();
      return;
    }
    for (const [key, e] of this.entries) if (concerns(change, e)) this.entries.delete(key);
  }
}

const caches = new WeakMap<object, SessionCache<unknown>>();
/** Every cache, to tell each of this process's writes (a transaction's write names no database). */
const everyCache = new Set<WeakRef<SessionCache<unknown>>>();

/** The session cache of a database (one per database: tests and benches open several). */
export function sessionCacheOf<T>(db: object): SessionCache<T> {
  let cache = caches.get(db);
  if (!cache) {
    caches.set(db, (cache = new SessionCache<unknown>()));
    everyCache.add(new WeakRef(cache));
  }
  return cache as SessionCache<T>;
}

onChange((db, change) => {
  if (change.kind === 'counts' || change.kind === 'workers') return;
  if (db) {
    caches.get(db)?.apply(change);
    return;
  }
  // A write of this process reaches every cache lazily: entries it concerns are dropped when next
  // asked for, and none is kept until that cache's database confirms it (or for one TTL).
  const now = Date.now();
  for (const ref of everyCache) {
    const cache = ref.deref();
    if (cache) cache.changedHere(change, now);
    else everyCache.delete(ref);
  }
});
