import { describe, expect, it } from 'vitest';
import { eventLoopGate } from './busyGate.ts';

describe('eventLoopGate', () => {
  it('says busy after the thread was kept busy, and idle after it waited', async () => {
    const gate = eventLoopGate({ threshold: 0.25, windowMs: 50 });
    // Kept busy for 120 ms (a synchronous loop, as a burst of requests would keep it).
    const until = performance.now() + 120;
    while (performance.now() < until);
    expect(gate.busy()).toBe(true);
    // Idle: nothing to run until the timer, 120 ms later.
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(gate.busy()).toBe(false);
  });
});
