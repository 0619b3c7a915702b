import { afterEach, describe, expect, it, vi } from 'vitest';
import { Memo } from './memo.ts';

/** A load whose answers the test releases one by one, counting the loads started. */
function gatedLoads() {
  const pending: ((n: number) => void)[] = [];
  let started = 0;
  return {
    load: () => new Promise<number>((resolve) => (started++, pending.push(resolve))),
    release: (n: number) => pending.shift()!(n),
    get started() {
      return started;
    },
  };
}

describe('Memo', () => {
  afterEach(() => void vi.useRealTimers());

  it('answers a key once per database until forgotten; a failed load is asked again', async () => {
    const memo = new Memo<number>(60_000);
    const dbA = {};
    const dbB = {};
    let loads = 0;
    const load = async () => ++loads;
    expect(await memo.get(dbA, 'k', load)).toBe(1);
    expect(await memo.get(dbA, 'k', load)).toBe(1);
    expect(await memo.get(dbB, 'k', load)).toBe(2);
    expect(await memo.get(dbA, 'other', load)).toBe(3);
    memo.forget();
    expect(await memo.get(dbA, 'k', load)).toBe(4);
    await expect(memo.get(dbA, 'bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memo.get(dbA, 'bad', load)).toBe(5);
  });

  it('with no time to live, loads on every call', async () => {
    const memo = new Memo<number>(0);
    let loads = 0;
    const load = async () => ++loads;
    const db = {};
    expect(await memo.get(db, 'k', load)).toBe(1);
    expect(await memo.get(db, 'k', load)).toBe(2);
  });

  it('past its time to live, gives the stale answer while one call reloads it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(0);
    const memo = new Memo<number>(2_000, 2_000);
    const db = {};
    const gate = gatedLoads();
    const first = memo.get(db, 'k', gate.load);
    gate.release(1);
    expect(await first).toBe(1);

    vi.setSystemTime(2_500); // stale: answered at once, one reload starts
    expect(await memo.get(db, 'k', gate.load)).toBe(1);
    expect(await memo.get(db, 'k', gate.load)).toBe(1);
    expect(gate.started).toBe(2);
    gate.release(2);
    await vi.waitFor(async () => expect(await memo.get(db, 'k', gate.load)).toBe(2));
    expect(gate.started).toBe(2); // the reload's answer is fresh again

    vi.setSystemTime(2_500 + 4_000); // beyond ttl + stale: callers wait for a new load
    const late = memo.get(db, 'k', gate.load);
    expect(gate.started).toBe(3);
    gate.release(3);
    expect(await late).toBe(3);
  });

  it('a forgotten answer is never given stale, and a failed reload keeps the stale one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(0);
    const memo = new Memo<number>(1_000, 1_000);
    const db = {};
    expect(await memo.get(db, 'k', async () => 1)).toBe(1);
    vi.setSystemTime(1_500);
    let failed = 0;
    const failing = () => (failed++, Promise.reject(new Error('down')));
    expect(await memo.get(db, 'k', failing)).toBe(1);
    // The stale answer stays through the failed reload; a later call reloads it.
    const seen = new Set<number>();
    await vi.waitFor(async () => {
      const n = await memo.get(db, 'k', async () => 2);
      seen.add(n);
      expect(n).toBe(2);
    });
    expect([...seen].every((n) => n === 1 || n === 2)).toBe(true);
    expect(failed).toBe(1);
    memo.forget();
    expect(await memo.get(db, 'k', async () => 4)).toBe(4);
  });

  it('peeks without loading and remembers what is put, per database, for its time to live', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(0);
    const memo = new Memo<number>(1_000);
    const [a, b] = [{}, {}];
    expect(memo.peek(a, 'k')).toBeUndefined();
    memo.put(a, 'k', 7);
    expect(await memo.peek(a, 'k')).toBe(7);
    expect(memo.peek(b, 'k')).toBeUndefined();
    expect(await memo.get(a, 'k', async () => 8)).toBe(7);
    vi.setSystemTime(1_000);
    expect(memo.peek(a, 'k')).toBeUndefined();
    memo.put(a, 'k', 9);
    memo.forget();
    expect(memo.peek(a, 'k')).toBeUndefined();
  });
});
