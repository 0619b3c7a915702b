import type { Database } from '../db/client.ts';

/**
 * What other instances changed, as the database tells every instance on commit (the triggers of
 * migration 0024 NOTIFY on this channel, whoever writes). In-process copies of sessions, names and
 * totals subscribe here and drop what a change concerns, so an instance never serves another's
 * stale copy for longer than the notification takes to arrive (milliseconds; the tests allow 1 s).
 */
export const CHANGES_CHANNEL = 'pineguard_changes';

export type Change =
  | { kind: 'session'; id: string }
  | { kind: 'user'; id: string }
  | { kind: 'project'; code: string }
  /** A role changed: rare, so whatever depends on roles is dropped. */
  | { kind: 'roles' }
  /** The records rollup (record_counts) moved: remembered totals are dropped. */
  | { kind: 'counts' }
  /** Workers were added, changed or deleted: remembered worker totals are dropped. */
  | { kind: 'workers' }
  /** The listening connection was lost and is back: notifications in between may be gone. */
  | { kind: 'lost' };

export function parseChange(payload: string | null): Change | undefined {
  if (payload === null) return { kind: 'lost' };
  const at = payload.indexOf(':');
  const tag = at < 0 ? payload : payload.slice(0, at);
  const rest = payload.slice(at + 1);
  switch (tag) {
    case 's':
      return { kind: 'session', id: rest };
    case 'u':
      return { kind: 'user', id: rest };
    case 'p':
      return { kind: 'project', code: rest };
    case '*':
      return { kind: 'roles' };
    case 'c':
      return { kind: 'counts' };
    case 'w':
      return { kind: 'workers' };
    default:
      return undefined;
  }
}

/** `db` is the database that notified, or null for a write of this process (whichever database). */
type Handler = (db: object | null, change: Change) => void;
const handlers: Handler[] = [];

/** Registers a module's reaction to changes (at import time; it gets every database's changes). */
export function onChange(handler: Handler): void {
  handlers.push(handler);
}

function dispatchChange(db: object | null, change: Change): void {
  for (const handle of handlers) handle(db, change);
}

/**
 * This process is changing what `change` names, maybe inside a transaction not yet committed:
 * subscribers drop their copies at once instead of waiting for the notification (which every
 * instance, this one too, still gets on commit).
 */
export function changedHere(change: Change): void {
  dispatchChange(null, change);
}

/** Listens for the database's change notifications until the returned function is called. */
export function listenForChanges(database: Database): Promise<() => Promise<void>> {
  return database.listen(CHANGES_CHANNEL, (payload) => {
    const change = parseChange(payload);
    if (change) dispatchChange(database.db, change);
  });
}
