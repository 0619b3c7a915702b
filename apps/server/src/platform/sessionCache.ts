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
 * role): what it concerns is kept out of every cache until the database's notification of it
 * arrives, or for one TTL when none comes (a rolled-back write, an update that matched nothing). Maps, not a list: a burst of
 * sign-ins (each ends the user's other sessions) must not make every call scan the burst.
 */
const local = {
  sessions: new Map<string, number>(),
  users: new Map<string, number>(),
  projects: new Map<string, number>(),
  all: -Infinity,
  /** Goes up at every such change (loads begun before one are not kept). */
  seq: 0,
};

/** The time of this process's last change that concerns `e`, or -Infinity. */
function lastLocalChange(e: { sessionId: string; userId: string; projectCode: string | null }): number {
  return Math.max(
    local.all,
    local.sessions.get(e.sessionId) ?? -Infinity,
    local.users.get(e.userId) ?? -Infinity,
    e.projectCode === null ? -Infinity : (local.projects.get(e.projectCode) ?? -Infinity),
  );
}

function recordLocal(change: Change, now: number) {
  local.seq += 1;
  if (change.kind === 'session') local.sessions.set(change.id, now);
  else if (change.kind === 'user') local.users.set(change.id, now);
  else if (change.kind === 'project') local.projects.set(change.code, now);
  else local.all = now;
  if (local.sessions.size + local.users.size + local.projects.size > 10_000) {
    for (const m of [local.sessions, local.users, local.projects]) {
      for (const [k, at] of m) if (now - at > SESSION_CACHE_TTL_MS) m.delete(k);
    }
  }
}

function settleLocal(change: Change) {
  if (change.kind === 'session') local.sessions.delete(change.id);
  else if (change.kind === 'user') local.users.delete(change.id);
  else if (change.kind === 'project') local.projects.delete(change.code);
  else if (change.kind === 'roles') local.all = -Infinity;
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
  /** Goes up at every change this cache hears of: a load begun before it is not kept. */
  private seq = 0;

  /** A remembered session, or undefined (never remembered, dropped, aged out or past its expiry). */
  get(key: string, now = Date.now()): Entry<T> | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (now - hit.at >= SESSION_CACHE_TTL_MS || hit.expiresAt <= now || lastLocalChange(hit) >= hit.at) {
      this.entries.delete(key);
      return undefined;
    }
    return hit;
  }

  /** Marks the start of a load: `put` keeps its answer only if nothing changed meanwhile. */
  mark(): number {
    return this.seq + local.seq;
  }

  put(key: string, entry: CachedSession<T>, mark: number): void {
    if (mark !== this.seq + local.seq) return;
    const now = Date.now();
    if (now - lastLocalChange(entry) <= SESSION_CACHE_TTL_MS) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { ...entry, at: now });
  }

  apply(change: Change): void {
    if (change.kind === 'counts' || change.kind === 'workers') return;
    this.seq += 1;
    if (change.kind === 'roles' || change.kind === 'lost') {
      this.entries.clear();
      return;
    }
    for (const [key, e] of this.entries) if (concerns(change, e)) this.entries.delete(key);
  }
}

const caches = new WeakMap<object, SessionCache<unknown>>();

/** The session cache of a database (one per database: tests and benches open several). */
export function sessionCacheOf<T>(db: object): SessionCache<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SessionCache<unknown>()));
  return cache as SessionCache<T>;
}

onChange((db, change) => {
  if (db) {
    caches.get(db)?.apply(change);
    // The database has committed what this process changed and said so: entries stored from now
    // on read the change (a load begun before is refused by the cache's count of changes).
    settleLocal(change);
  } else if (change.kind !== 'counts' && change.kind !== 'workers') {
    // A write of this process (in a transaction: no database to key by) reaches every cache
    // lazily: entries it concerns are dropped when next asked for, and none is kept for one TTL.
    recordLocal(change, Date.now());
  }
});
