/**
 * Answers remembered for `ttlMs` per database and key; `forget()` drops them all (after a write).
 * Concurrent callers of one key share the one load in flight.
 * A load that fails is not remembered.
 */
export class Memo<T> {
  private byDb = new WeakMap<object, Map<string, { at: number; value: Promise<T> }>>();
  /** Goes up at every `forget()`: what is computed from the answers can be keyed by it. */
  version = 0;
  constructor(private readonly ttlMs: number) {}

  get(db: object, key: string, load: () => Promise<T>): Promise<T> {
    let entries = this.byDb.get(db);
    if (!entries) this.byDb.set(db, (entries = new Map()));
    const hit = entries.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    if (entries.size >= 500) entries.clear();
    const entry = { at: Date.now(), value: load() };
    entries.set(key, entry);
    entry.value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return entry.value;
  }

  forget(): void {
    this.version += 1;
    this.byDb = new WeakMap();
  }
}
