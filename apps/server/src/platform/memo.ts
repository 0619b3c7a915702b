import { isSoleWriter } from '../db/client.ts';

type Entry<T> = { at: number; value: Promise<T>; settled: boolean; refreshing: boolean };

/**
 * Answers remembered for `ttlMs` per database and key; `forget()` drops them all (after a write).
 * Concurrent callers of one key share the one load in flight. A load that fails is not remembered.
 *
 * With `staleMs`, an answer past its time to live is still given for `staleMs` more while ONE
 * caller's call reloads it in the background: callers no longer queue behind the reload every
 * `ttlMs` (at 50 callers those queues were the dashboard's p99). An answer is thus at most
 * `ttlMs + staleMs` old; `forget()` still drops it at once.
 */
export class Memo<T> {
  private byDb = new WeakMap<object, Map<string, Entry<T>>>();
  /** Goes up at every `forget()`: what is computed from the answers can be keyed by it. */
  version = 0;
  /**
   * `soleWriterTtlMs`: the time to live on a database only this process writes (PGlite), for
   * answers that every write changing them forgets. There a reload blocks the one thread PGlite
   * and the server share (a 100–200 ms statement stalls every caller: the p99), so answers are
   * reloaded only when a write made them wrong, or this rarely.
   */
  constructor(
    private readonly ttlMs: number,
    private readonly staleMs = 0,
    private readonly soleWriterTtlMs = ttlMs,
  ) {}

  get(db: object, key: string, load: () => Promise<T>): Promise<T> {
    let entries = this.byDb.get(db);
    if (!entries) this.byDb.set(db, (entries = new Map()));
    const hit = entries.get(key);
    const age = hit ? Date.now() - hit.at : Infinity;
    const ttl = this.soleWriterTtlMs !== this.ttlMs && isSoleWriter(db) ? this.soleWriterTtlMs : this.ttlMs;
    if (hit && age < ttl) return hit.value;
    if (hit?.settled && age < ttl + this.staleMs) {
      if (!hit.refreshing) this.refresh(entries, key, hit, load);
      return hit.value;
    }
    if (entries.size >= 500) entries.clear();
    const entry: Entry<T> = { at: Date.now(), value: load(), settled: false, refreshing: false };
    entries.set(key, entry);
    entry.value.then(
      () => void (entry.settled = true),
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return entry.value;
  }

  /** The fresh answer remembered for `key`, without loading one (a cache some answers never enter). */
  peek(db: object, key: string): Promise<T> | undefined {
    const hit = this.byDb.get(db)?.get(key);
    return hit && Date.now() - hit.at < this.ttlMs ? hit.value : undefined;
  }

  /** Remembers an answer computed elsewhere (e.g. only when it turned out worth keeping). */
  put(db: object, key: string, value: T): void {
    let entries = this.byDb.get(db);
    if (!entries) this.byDb.set(db, (entries = new Map()));
    if (entries.size >= 500) entries.clear();
    entries.set(key, { at: Date.now(), value: Promise.resolve(value), settled: true, refreshing: false });
  }

  /** Reloads a stale answer; it is replaced only if nothing forgot or replaced it meanwhile. */
  private refresh(entries: Map<string, Entry<T>>, key: string, stale: Entry<T>, load: () => Promise<T>) {
    stale.refreshing = true;
    const at = Date.now();
    new Promise<T>((resolve) => resolve(load())).then(
      (value) => {
        if (entries.get(key) !== stale) return;
        entries.set(key, { at, value: Promise.resolve(value), settled: true, refreshing: false });
      },
      () => void (stale.refreshing = false),
    );
  }

  forget(): void {
    this.version += 1;
    this.byDb = new WeakMap();
  }
}
