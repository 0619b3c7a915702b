import { defineConfig } from 'vitest/config';

/** End-to-end journeys: the built server on a temporary data directory, driven in Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // A cold page load on a busy machine can take seconds; polls wait for behaviour, not time.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
