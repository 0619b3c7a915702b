import { describe, expect, it } from 'vitest';
import { changedHere } from './changes.ts';
import { type CachedSession, sessionCacheOf } from './sessionCache.ts';

const entry = (projectCode: string | null): CachedSession<string> => ({
  value: projectCode ?? 'none',
  sessionId: 's1',
  userId: 'u1',
  projectCode,
  expiresAt: Date.now() + 60_000,
  lastSeenAt: Date.now(),
});

describe('session cache, two instances in one process', () => {
  it("does not let one instance's notice settle a change the other still holds a copy from before", () => {
    const a = sessionCacheOf<string>({});
    const b = sessionCacheOf<string>({});
    a.put('token', entry(null), a.mark());
    expect(a.get('token')?.value).toBe('none');
    // A chooses a project for the session; B's listener hears the commit first. That settles the
    // change for B, not for A: A's copy from before is not served, and A keeps nothing it reads.
    changedHere({ kind: 'session', id: 's1' });
    b.apply({ kind: 'session', id: 's1' });
    expect(a.get('token')).toBeUndefined();
    a.put('token', entry(null), a.mark());
    expect(a.get('token')).toBeUndefined();
    // A's own notice settles it for A: from then on, what A reads is kept.
    a.apply({ kind: 'session', id: 's1' });
    a.put('token', entry('KH2026'), a.mark());
    expect(a.get('token')?.value).toBe('KH2026');
  });

  it('keeps nothing a load read before a change it did not wait for', () => {
    const a = sessionCacheOf<string>({});
    const mark = a.mark();
    a.apply({ kind: 'user', id: 'u1' });
    a.put('token', entry(null), mark);
    expect(a.get('token')).toBeUndefined();
  });
});
